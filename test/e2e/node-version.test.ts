import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

// bin/motoroute.cjs checks Node's version before loading a bundle: an older Node gets one line and exit 1.

const dir = mkdtempSync(join(tmpdir(), 'motoroute-node-version-'));
const olderNode = (version: string) => {
  const preload = join(dir, `node-${version}.cjs`);
  writeFileSync(
    preload,
    `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } });
Object.defineProperty(process, 'version', { value: 'v${version}' });
`,
  );
  return { NODE_OPTIONS: `--require ${preload}` };
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Node.js version', () => {
  it.each(['20.20.2', '22.18.0', '18.0.0'])(
    '%s is refused in one line, exit 1, before anything runs',
    async (version) => {
      const result = await runCli(['--version'], { env: olderNode(version) });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `Error: motoroute needs Node.js 22.19 or later; this is Node.js v${version} (install a current one from https://nodejs.org).\n`,
      );
    },
  );

  it.each(['22.19.0', '24.0.0', '26.1.0'])('%s runs', async (version) => {
    const result = await runCli(['--version'], { env: olderNode(version) });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
