// Packs the MCP Bundle (motoroute.mcpb, for one-click install in Claude Desktop and other hosts): the manifest
// (mcpb/manifest.json, validated), the launcher and the built bundles (run `npm run build` first), nothing else:
// dist/ holds every dependency, so the bundle needs no node_modules.
// Usage: node scripts/pack-mcpb.mjs [output.mcpb]
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const output = resolve(process.argv[2] ?? join(root, 'motoroute.mcpb'));
// The package exports no package.json: its bin is found beside the installed dependencies.
const cli = join(root, 'node_modules', '@anthropic-ai', 'mcpb', 'dist', 'cli', 'cli.js');
const stage = mkdtempSync(join(tmpdir(), 'motoroute-mcpb-'));
try {
  cpSync(join(root, 'mcpb', 'manifest.json'), join(stage, 'manifest.json'));
  cpSync(join(root, 'bin'), join(stage, 'bin'), { recursive: true });
  cpSync(join(root, 'dist'), join(stage, 'dist'), {
    recursive: true,
    filter: (path) => !path.includes(`${join('dist', 'types')}`),
  });
  cpSync(join(root, 'package.json'), join(stage, 'package.json'));
  execFileSync(process.execPath, [cli, 'validate', join(stage, 'manifest.json')], { stdio: 'inherit' });
  execFileSync(process.execPath, [cli, 'pack', stage, output], { stdio: 'inherit' });
} finally {
  rmSync(stage, { recursive: true, force: true });
}
