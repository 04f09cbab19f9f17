// Issue 38's start-up experiment: could a V8 start-up snapshot (Node's documented `--build-snapshot`,
// `v8.startupSnapshot`) bring `motoroute mcp`'s first answer within 2.5× `node -e 0`? Builds two snapshots of
// dist/mcp.cjs in a temporary folder (as loaded, and warmed by one real handshake of each protocol, see entry.cjs) and
// times, side by side with the bench's harness: `node -e 0`, loading dist/mcp.cjs, `motoroute mcp` answering
// initialize and server/discover, and `node --snapshot-blob BLOB` answering them. A snapshot is chosen when Node
// starts (`node --snapshot-blob`, or NODE_OPTIONS): `motoroute mcp`, already started, cannot switch to one without
// starting a second Node. Run after `npm run build`: `node bench/snapshot/run.mjs` (BENCH_QUICK=1: 5 runs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DISCOVER, INITIALIZE, mcpDiscoverShell, mcpInitializeShell } from '../lib/mcp.mjs';
import { formatMs, formatRatio, renderTable } from '../lib/report.mjs';
import { timeCommands } from '../lib/timing.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(dirname(HERE));
const NODE = process.execPath;
const CLI = join(ROOT, 'bin', 'motoroute.cjs');
const BUNDLE = join(ROOT, 'dist', 'mcp.cjs');
const RUNS = process.env.BENCH_QUICK === '1' ? 5 : 15;
const q = (text) => `'${String(text).replace(/'/g, `'\\''`)}'`;
// No call reaches a service: a handshake needs none, and the address is a closed port of this machine.
const BASE = 'http://127.0.0.1:9/v1';

const folder = mkdtempSync(join(tmpdir(), 'motoroute-snapshot-'));
try {
  const blobs = { cold: join(folder, 'cold.blob'), warm: join(folder, 'warm.blob') };
  for (const [kind, blob] of Object.entries(blobs)) {
    execFileSync(NODE, ['--snapshot-blob', blob, '--build-snapshot', join(HERE, 'entry.cjs')], {
      env: {
        ...process.env,
        MCP_SNAPSHOT_BUNDLE: BUNDLE,
        MCP_SNAPSHOT_WARM: kind === 'warm' ? '1' : '0',
        MCP_SNAPSHOT_WARM_LINES: JSON.stringify([INITIALIZE, DISCOVER]),
      },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
  }
  const answered = (line, blob) => `printf '%s\\n' ${q(line)} | ${q(NODE)} --snapshot-blob ${q(blob)} >/dev/null`;
  const commands = [
    { name: 'node -e 0', shell: `${q(NODE)} -e 0` },
    { name: 'load dist/mcp.cjs (compile cache on)', shell: `${q(NODE)} -e ${q(loadBundle(folder))}` },
    { name: 'motoroute mcp: initialize answered', shell: mcpInitializeShell(NODE, CLI, BASE, q) },
    { name: 'motoroute mcp: server/discover answered', shell: mcpDiscoverShell(NODE, CLI, BASE, q) },
    { name: 'snapshot as loaded: initialize answered', shell: answered(INITIALIZE, blobs.cold) },
    { name: 'snapshot as loaded: server/discover answered', shell: answered(DISCOVER, blobs.cold) },
    { name: 'snapshot warmed: initialize answered', shell: answered(INITIALIZE, blobs.warm) },
    { name: 'snapshot warmed: server/discover answered', shell: answered(DISCOVER, blobs.warm) },
  ];
  const [node, ...others] = await timeCommands(commands, { runs: RUNS, warmup: 2, interleave: true });
  const rows = [node, ...others].map((result) => ({
    group: 'mcp start-up',
    command: `\`${result.name}\``,
    median: formatMs(result.median),
    ratio: formatRatio(result.median / node.median),
  }));
  process.stdout.write(`${renderTable(rows)}\n`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}

/** A script that turns the compile cache on (in `folder`, warmed by the harness's warm-up) and loads dist/mcp.cjs. */
function loadBundle(cacheFolder) {
  return `require('node:module').enableCompileCache(${JSON.stringify(join(cacheFolder, 'cache'))});require(${JSON.stringify(BUNDLE)})`;
}
