import { describe, expect, it } from 'vitest';
import type { Trip } from '../../src/domain/types.js';
import { tripColumns } from '../../src/output/trip-columns.js';
import { createJsonValueWriter, createRowWriter } from '../../src/output/writer.js';
import { MemoryStream } from './output-fake-stream.js';

const trip: Trip = {
  id: 'a',
  date: '2026-12-05',
  depart: 'Paris',
  arrival: 'Nice',
  layovers: [],
  price_min: 1,
  price_max: 1,
  slots: [1],
  times: [],
};
const settings = {
  format: 'ndjson',
  fields: ['id'],
  width: 80,
  color: false,
  colorLevel: 0,
  stdoutIsTTY: false,
} as const;

describe('row writer: coalesced writes', () => {
  it('writes the first row at once and gathers a burst of rows into few writes, in order', async () => {
    const stdout = new MemoryStream();
    const writer = createRowWriter(settings, tripColumns(), stdout);
    await writer.write({ ...trip, id: 'r0' });
    expect(stdout.text).toBe('{"id":"r0"}\n');
    for (let row = 1; row < 5000; row++) await writer.write({ ...trip, id: `r${row}` });
    await writer.end();
    const lines = stdout.text.trimEnd().split('\n');
    expect(lines).toEqual(Array.from({ length: 5000 }, (_, row) => `{"id":"r${row}"}`));
    expect(stdout.chunks.length).toBeGreaterThan(1);
    expect(stdout.chunks.length).toBeLessThan(10);
  });

  it('prints gathered rows within a few milliseconds without end()', async () => {
    const stdout = new MemoryStream();
    const writer = createJsonValueWriter({ format: 'ndjson', stdoutIsTTY: false }, stdout);
    await writer.write({ n: 1 });
    await writer.write({ n: 2 });
    expect(stdout.text).toBe('{"n":1}\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stdout.text).toBe('{"n":1}\n{"n":2}\n');
    // After the pause, the next row goes out at once again.
    await writer.write({ n: 3 });
    expect(stdout.text).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
    await writer.end();
  });

  it('makes buffered rows wait while stdout is full', async () => {
    const stdout = new MemoryStream({ highWaterMark: 4 });
    stdout.cork();
    const writer = createRowWriter(settings, tripColumns(), stdout);
    let settled = false;
    void writer.write(trip);
    const second = writer.write(trip).then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    stdout.uncork();
    await second;
    expect(settled).toBe(true);
    await writer.end();
  });
});
