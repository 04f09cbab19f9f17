// Peak resident memory of one process inside a pipeline: GNU time's %M, else the /proc wrapper.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './timing.mjs';
import { hasTool } from './tools.mjs';

const WRAPPER = new URL('./peak-rss-wrapper.mjs', import.meta.url).pathname;

/** How the peak RSS is read: 'GNU time' or the /proc wrapper. */
export function rssMethod() {
  return hasTool('/usr/bin/time') ? "GNU time's %M (-v's maximum resident set size)" : '/proc VmHWM wrapper';
}

/**
 * Runs `template(prefix)` — a pipeline where `prefix` goes right before the measured program — `runs`
 * times and resolves with the median peak RSS of that program in MiB.
 */
export function peakRssMiB(template, runs) {
  const dir = mkdtempSync(join(tmpdir(), 'motoroute-rss-'));
  try {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const out = join(dir, `rss-${run}`);
      const prefix = hasTool('/usr/bin/time')
        ? `/usr/bin/time -f %M -o ${out}`
        : `${process.execPath} ${WRAPPER} ${out}`;
      execFileSync('bash', ['-o', 'pipefail', '-c', template(prefix)], { stdio: ['ignore', 'ignore', 'inherit'] });
      // GNU time writes "Command exited with non-zero status" first on failure; the number is last.
      const kib = Number(readFileSync(out, 'utf8').trim().split('\n').at(-1));
      samples.push(kib / 1024);
    }
    return median(samples);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
