// Times shell commands side by side: hyperfine where it is installed, else a Node harness that warms up
// and then alternates the commands run by run (so a burst of load elsewhere hits all of them alike).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasTool } from './tools.mjs';

/** Which harness times the commands: 'hyperfine' or 'node' (BENCH_HARNESS=node forces the fallback). */
export function harnessName() {
  if (process.env.BENCH_HARNESS === 'node') return 'node';
  return hasTool('hyperfine') ? 'hyperfine' : 'node';
}

/** The median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Times each `{ name, shell }` command `runs` times after `warmup` runs; resolves with
 * `{ name, shell, median, times }` per command, times in milliseconds. With `interleave` (for commands
 * of seconds), hyperfine runs once per command per round, so that the commands take turns instead of
 * one of them getting all of a quiet (or busy) minute.
 */
export async function timeCommands(commands, { runs, warmup, interleave = false }) {
  if (harnessName() === 'node') return withNodeHarness(commands, runs, warmup);
  if (!interleave) return withHyperfine(commands, runs, warmup);
  const times = commands.map(() => []);
  for (let round = 0; round < runs; round++) {
    const order = commands.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    const results = withHyperfine(
      order.map((index) => commands[index]),
      1,
      round === 0 ? warmup : 0,
    );
    for (const [position, index] of order.entries()) times[index].push(results[position].times[0]);
  }
  return commands.map((command, index) => ({ ...command, times: times[index], median: median(times[index]) }));
}

function withHyperfine(commands, runs, warmup) {
  const dir = mkdtempSync(join(tmpdir(), 'motoroute-bench-'));
  const exported = join(dir, 'hyperfine.json');
  try {
    const args = [
      '--style',
      'none',
      '--shell',
      'bash -o pipefail',
      '--warmup',
      String(warmup),
      '--runs',
      String(runs),
      '--export-json',
      exported,
    ];
    for (const command of commands) args.push('--command-name', command.name, command.shell);
    execFileSync('hyperfine', args, { stdio: ['ignore', 'ignore', 'inherit'] });
    const { results } = JSON.parse(readFileSync(exported, 'utf8'));
    return commands.map((command, index) => {
      const times = results[index].times.map((seconds) => seconds * 1000);
      return { ...command, times, median: median(times) };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withNodeHarness(commands, runs, warmup) {
  // Like hyperfine, the cost of starting the shell itself is measured and taken off.
  const shellTimes = [];
  for (let i = 0; i < 5; i++) shellTimes.push(await runOnce('true'));
  const shellCost = median(shellTimes);
  for (let i = 0; i < warmup; i++) for (const command of commands) await runOnce(command.shell);
  const times = commands.map(() => []);
  for (let run = 0; run < runs; run++) {
    // Alternate the order too, so no command always runs right after the same other one.
    const order = commands.map((_, index) => index);
    if (run % 2 === 1) order.reverse();
    for (const index of order) times[index].push(Math.max(0, (await runOnce(commands[index].shell)) - shellCost));
  }
  return commands.map((command, index) => ({ ...command, times: times[index], median: median(times[index]) }));
}

function runOnce(shell) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('bash', ['-o', 'pipefail', '-c', shell], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const elapsed = performance.now() - started;
      if (code === 0) resolve(elapsed);
      else reject(new Error(`command failed (${code}): ${shell}\n${stderr.slice(-2000)}`));
    });
  });
}
