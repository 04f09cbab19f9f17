import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv } from '../helpers/cli.js';
import { textOf } from '../helpers/mcp.js';
import { useService } from '../helpers/service.js';

// The MCP Bundle (one-click install): its manifest passes `mcpb validate`, and the packed bundle, unpacked where
// no node_modules can help it, starts the server as a host would, with the manifest's own command.

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const MCPB = join(ROOT, 'node_modules', '@anthropic-ai', 'mcpb', 'dist', 'cli', 'cli.js');
const service = useService({ routes: 50, seed: 5 });
const work = mkdtempSync(join(tmpdir(), 'motoroute-mcpb-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Manifest {
  server: { mcp_config: { command: string; args: string[]; env: Record<string, string> } };
  user_config: Record<string, { default: string }>;
}

describe('motoroute.mcpb', () => {
  it('has a manifest mcpb validate passes', async () => {
    const { stdout } = await run(process.execPath, [MCPB, 'validate', join(ROOT, 'mcpb', 'manifest.json')]);
    expect(stdout).toMatch(/validation passes/);
  });

  it('packs into a bundle that starts the server and answers a tool call', async () => {
    const bundle = join(work, 'motoroute.mcpb');
    await run(process.execPath, [join(ROOT, 'scripts', 'pack-mcpb.mjs'), bundle]);
    const unpacked = join(work, 'installed');
    await run(process.execPath, [MCPB, 'unpack', bundle, unpacked]);
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
    // What a host does: ${__dirname} is where it unpacked the bundle, ${user_config.KEY} the user's value or the default.
    const fill = (text: string) =>
      text
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the manifest's own placeholder
        .replaceAll('${__dirname}', unpacked)
        .replace(/\$\{user_config\.(\w+)\}/g, (_, key: string) => manifest.user_config[key]?.default ?? '');
    const { command, args, env } = manifest.server.mcp_config;
    expect(command).toBe('node');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: args.map(fill),
      cwd: unpacked,
      env: childEnv({
        ...Object.fromEntries(Object.entries(env).map(([key, value]) => [key, fill(value)])),
        MOTOROUTE_BASE_URL: service.base,
      }),
      stderr: 'ignore',
    });
    const client = new Client({ name: 'mcpb-host', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('draft_booking_email');
      const result = CallToolResultSchema.parse(
        await client.callTool({ name: 'cities_near', arguments: { location: 'Annecy' } }),
      );
      expect(textOf(result)).toMatch(/^Served cities near Annecy/);
    } finally {
      await client.close();
    }
  }, 60_000);
});
