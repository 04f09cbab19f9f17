import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHttpMcp } from '../helpers/mcp.js';

// The files that install motoroute's MCP server elsewhere, checked as far as they can be without their tools:
// the Dockerfile (no Docker engine here) and the MCP Registry's server.json (no network).

const ROOT = join(import.meta.dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  mcpName: string;
  bin: Record<string, string>;
};

describe('Dockerfile', () => {
  const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const instructions = text.split('\n').filter((line) => /^[A-Z]+ /.test(line));

  it('copies only files of the repository', () => {
    const sources = instructions
      .filter((line) => line.startsWith('COPY ') && !line.includes('--from='))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(existsSync(join(ROOT, source)), source).toBe(true);
  });

  it('runs the built CLI: its CMD starts the HTTP server on the EXPOSEd port, which answers its HEALTHCHECK path', async () => {
    const cmd = JSON.parse((instructions.find((line) => line.startsWith('CMD ')) ?? 'CMD []').slice(4)) as string[];
    expect(Object.keys(packageJson.bin)).toContain(cmd[0]);
    const port = cmd[cmd.indexOf('--port') + 1];
    expect(instructions).toContain(`EXPOSE ${port}`);
    const path = /fetch\('http:\/\/127\.0\.0\.1:\d+(\/\w+)'\)/.exec(text)?.[1];
    expect(path).toBe('/ready');
    // The same arguments on this machine: loopback and a free port instead of every address and 8808.
    const args = cmd
      .slice(2)
      .map((arg, index, all) => (all[index - 1] === '--port' ? '0' : all[index - 1] === '--host' ? '127.0.0.1' : arg));
    expect(cmd[1]).toBe('mcp');
    const server = await startHttpMcp(
      [],
      args.filter((arg) => arg !== '--http'),
    );
    try {
      const ready = await fetch(server.url.replace(/\/mcp$/, path ?? ''));
      expect(ready.status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe('server.json (MCP Registry)', () => {
  const server = JSON.parse(readFileSync(join(ROOT, 'server.json'), 'utf8')) as {
    $schema: string;
    name: string;
    description: string;
    version: string;
    packages: {
      registryType: string;
      identifier: string;
      version: string;
      transport: { type: string };
      packageArguments: { value: string }[];
    }[];
  };

  it('names the npm package by its mcpName and version, with the arguments that start the server', () => {
    expect(server.$schema).toMatch(
      /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/[\d-]+\/server\.schema\.json$/,
    );
    expect(server.name).toBe(packageJson.mcpName);
    expect(server.name).toMatch(/^[\w.-]+\/[\w.-]+$/);
    expect(server.description.length).toBeLessThanOrEqual(100);
    expect(server.version).toBe(packageJson.version);
    const [npm] = server.packages;
    expect(npm).toMatchObject({ registryType: 'npm', identifier: packageJson.name, version: packageJson.version });
    expect(npm?.transport.type).toBe('stdio');
    expect(npm?.packageArguments.map((argument) => argument.value)).toEqual(['mcp']);
  });
});
