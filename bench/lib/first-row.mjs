// When the first row of a command's stdout arrives, against when the command ends: proves rows stream
// out while the listing is still downloading instead of after it.
import { spawn } from 'node:child_process';

/** Runs `argv` and resolves with { firstRowMs, totalMs } (first stdout bytes, and exit, from spawn). */
export function timeFirstRow(argv) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstRowMs;
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', () => {
      firstRowMs ??= performance.now() - started;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${argv.join(' ')} exited with ${code}`));
      else resolve({ firstRowMs: firstRowMs ?? Number.NaN, totalMs: performance.now() - started });
    });
  });
}
