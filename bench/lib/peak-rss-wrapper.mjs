// Fallback for GNU time's %M where /usr/bin/time is absent: runs a command and writes its peak resident
// set (VmHWM, KiB) to a file, read from /proc while it runs. Usage: node peak-rss-wrapper.mjs OUT CMD ARGS…
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [out, command, ...args] = process.argv.slice(2);
if (!out || !command) throw new Error('usage: peak-rss-wrapper.mjs OUT COMMAND [ARGS…]');
const child = spawn(command, args, { stdio: 'inherit' });
let peak = 0;
const sample = () => {
  try {
    const match = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    if (match) peak = Math.max(peak, Number(match[1]));
  } catch {
    // The process has just exited: keep the last sample.
  }
};
const timer = setInterval(sample, 5);
child.on('exit', (code, signal) => {
  clearInterval(timer);
  writeFileSync(out, `${peak}\n`);
  process.exitCode = code ?? (signal ? 1 : 0);
});
