import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import {
  installEpipeHandler,
  isBrokenPipe,
  isOutputClosed,
  writeSafely,
  type OutputStream,
} from '../../src/output/stdout.js';
import { tripColumns } from '../../src/output/trip-columns.js';
import { createRowWriter } from '../../src/output/writer.js';
import type { Trip } from '../../src/domain/types.js';

/** A stream double that records writes and can fail like a closed pipe. */
class FakePipe extends EventEmitter implements OutputStream {
  readonly written: string[] = [];
  full = false;
  write(chunk: string): boolean {
    this.written.push(chunk);
    return !this.full;
  }
}

const epipe = () => Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });

const trip: Trip = {
  id: 'x',
  date: '2026-12-05',
  depart: 'Paris',
  arrival: 'Nice',
  layovers: [],
  price_min: 1,
  price_max: 1,
  slots: [1],
  times: [],
};

describe('EPIPE handling', () => {
  it('recognises a broken pipe', () => {
    expect(isBrokenPipe(epipe())).toBe(true);
    expect(isBrokenPipe(new Error('other'))).toBe(false);
    expect(isBrokenPipe(undefined)).toBe(false);
  });

  it('marks the stream closed, calls back once, and drops later writes', async () => {
    const pipe = new FakePipe();
    const onClosed = vi.fn();
    installEpipeHandler(pipe, onClosed);
    await writeSafely(pipe, 'first\n');
    pipe.emit('error', epipe());
    pipe.emit('error', epipe());
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(isOutputClosed(pipe)).toBe(true);
    await writeSafely(pipe, 'second\n');
    expect(pipe.written).toEqual(['first\n']);
  });

  it('installing again replaces the callback without adding a second listener', () => {
    const pipe = new FakePipe();
    const first = vi.fn();
    const second = vi.fn();
    installEpipeHandler(pipe, first);
    installEpipeHandler(pipe, second);
    expect(pipe.listenerCount('error')).toBe(1);
    pipe.emit('error', epipe());
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('rethrows errors that are not EPIPE', () => {
    const pipe = new FakePipe();
    installEpipeHandler(pipe);
    expect(() => pipe.emit('error', new Error('disk full'))).toThrow('disk full');
    expect(isOutputClosed(pipe)).toBe(false);
  });

  it('a write waiting for drain settles when the pipe breaks', async () => {
    const pipe = new FakePipe();
    pipe.full = true;
    const pending = writeSafely(pipe, 'data');
    pipe.emit('error', epipe());
    await expect(pending).resolves.toBeUndefined();
    expect(isOutputClosed(pipe)).toBe(true);
  });

  it('a row writer on a closed pipe finishes quietly', async () => {
    const pipe = new FakePipe();
    const writer = createRowWriter(
      { format: 'json', fields: undefined, width: 80, color: false, colorLevel: 0, stdoutIsTTY: false },
      tripColumns(),
      pipe,
    );
    await writer.write(trip);
    pipe.emit('error', epipe());
    await writer.write(trip);
    await expect(writer.end()).resolves.toBeUndefined();
    expect(pipe.written).toHaveLength(1);
  });

  it('treats a destroyed stream as closed', async () => {
    const pipe = Object.assign(new FakePipe(), { destroyed: true });
    const onClosed = vi.fn();
    installEpipeHandler(pipe, onClosed);
    await writeSafely(pipe, 'late\n');
    expect(pipe.written).toEqual([]);
    expect(isOutputClosed(pipe)).toBe(true);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('stops early when a real reader (`head -n 1`) goes away', async () => {
    const head = spawn('head', ['-n', '1'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let received = '';
    head.stdout.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    const exited = new Promise((resolve) => head.on('exit', resolve));
    const writer = createRowWriter(
      { format: 'ndjson', fields: ['id'], width: 80, color: false, colorLevel: 0, stdoutIsTTY: false },
      tripColumns(),
      head.stdin,
    );
    for (let row = 0; row < 200_000 && !isOutputClosed(head.stdin); row += 1) {
      await writer.write({ ...trip, id: `r${row}` });
      if (row % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await writer.end();
    await exited;
    expect(isOutputClosed(head.stdin)).toBe(true);
    expect(writer.count).toBeLessThan(200_000);
    expect(received).toBe('{"id":"r0"}\n');
  });

  it('a process piped into `head -n 1` ends quietly with status 0', async () => {
    const fixture = fileURLToPath(new URL('./output-epipe-fixture.ts', import.meta.url));
    const script = `set -o pipefail; "${process.execPath}" --import tsx "${fixture}" | head -n 1`;
    const child = spawn('bash', ['-c', script], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const status = await new Promise((resolve) => child.on('exit', resolve));
    expect(stderr).toBe('');
    expect(stdout).toBe('{"id":"r0"}\n');
    expect(status).toBe(0);
  });
});
