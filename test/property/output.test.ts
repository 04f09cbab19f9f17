import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Trip } from '../../src/domain/types.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../../src/output/settings.js';
import { tripColumns } from '../../src/output/trip-columns.js';
import { createJsonValueWriter, createRowWriter, type WriterSettings } from '../../src/output/writer.js';

// The sanitiser alone is covered in test/unit/output-sanitise.test.ts; this checks the whole path from a
// trip the service sent to the bytes on stdout, in every format, with every column.

/** What must never reach stdout from service data (line feeds end rows; tables also use them). */
const FORBIDDEN =
  /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u2028\u2029]/;
/** The colour codes motoroute writes itself: SGR only. */
const OWN_SGR = /\x1b\[[0-9;]*m/g;

class Collect extends Writable {
  text = '';
  override _write(chunk: unknown, _encoding: BufferEncoding, callback: () => void): void {
    this.text += String(chunk);
    callback();
  }
}

const hostilePiece = fc.constantFrom(
  '\x1b[31m',
  '\x1b[2J',
  '\x1b[1;1H',
  '\x1b]8;;https://evil.example\x1b\\',
  '\x1b]0;title\x07',
  '\x1b]2;unterminated',
  '\x1bP1$r\x1b\\',
  '\x9b31m',
  '\x9d0;x\x9c',
  '\x85',
  '\x00',
  '\x07',
  '\x08',
  '\r',
  '\n',
  '\t',
  '\u202e',
  '\u2066',
  '\u200b',
  '\ufeff',
  '\u2028',
  '\x7f',
  'Paris',
  'é',
  '東京',
  '🏍️',
  ',',
  '"',
  ';',
  ' ',
);
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.array(hostilePiece, { maxLength: 12 }).map((parts) => parts.join('')),
);
const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant(1e308),
  fc.constant(-0),
);
const hostileTrip: fc.Arbitrary<Trip> = fc.record({
  id: hostileText,
  date: fc.oneof(hostileText, fc.constantFrom('2026-02-30', '2026-12-05', '99999-01-01')),
  depart: hostileText,
  arrival: hostileText,
  layovers: fc.array(hostileText, { maxLength: 3 }),
  price_min: fc.option(number, { nil: null }),
  price_max: fc.option(number, { nil: null }),
  slots: fc.array(number, { maxLength: 4 }),
  times: fc.array(hostileText, { maxLength: 3 }),
});
const ALL_KEYS = tripColumns().columns.map((column) => column.key);

async function print(settings: WriterSettings, trips: Trip[]): Promise<string> {
  const stdout = new Collect();
  const writer = createRowWriter(settings, tripColumns(), stdout);
  for (const trip of trips) await writer.write(trip);
  await writer.end();
  return stdout.text;
}

describe('stdout from hostile service data (properties)', () => {
  it('holds no control, escape, C1, bidi or zero-width character in any format, with every column', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostileTrip, { minLength: 1, maxLength: 4 }),
        fc.constantFrom<OutputFormat>(...OUTPUT_FORMATS),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 20, max: 200 }),
        async (trips, format, everyColumn, color, width) => {
          const settings: WriterSettings = {
            format,
            fields: everyColumn ? ALL_KEYS : undefined,
            width,
            color,
            colorLevel: color ? 1 : 0,
            stdoutIsTTY: color,
          };
          const text = await print(settings, trips);
          const own = text.replace(OWN_SGR, '');
          if (format === 'tsv') {
            // Tabs separate the cells: exactly one fewer than the columns on every line, one line a trip.
            expect(own.endsWith('\n')).toBe(true);
            const lines = own.slice(0, -1).split('\n');
            expect(lines).toHaveLength(trips.length);
            const columns = lines[0]!.split('\t').length;
            for (const line of lines) expect(line.split('\t')).toHaveLength(columns);
            expect(own.replaceAll('\t', '')).not.toMatch(FORBIDDEN);
          } else expect(own).not.toMatch(FORBIDDEN);
          if (format === 'csv') expect(own.slice(0, -1).split('\n')).toHaveLength(trips.length + 1);
          if (format === 'json') expect(JSON.parse(text)).toHaveLength(trips.length);
          if (format === 'ndjson') {
            const lines = text.split('\n').filter(Boolean);
            expect(lines).toHaveLength(trips.length);
            for (const [index, line] of lines.entries()) expect(JSON.parse(line).id).toBe(trips[index]!.id);
          }
        },
      ),
      { numRuns: 600 },
    );
  });

  it('keeps JSON faithful: every hostile string comes back exactly after parsing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostileTrip, { minLength: 1, maxLength: 3 }),
        fc.constantFrom<OutputFormat>('json', 'ndjson'),
        async (trips, format) => {
          const settings: WriterSettings = {
            format,
            fields: ['id', 'depart', 'arrival', 'layovers', 'times'],
            width: 80,
            color: false,
            colorLevel: 0,
            stdoutIsTTY: false,
          };
          const text = await print(settings, trips);
          const rows = (
            format === 'json'
              ? JSON.parse(text)
              : text
                  .trimEnd()
                  .split('\n')
                  .map((line) => JSON.parse(line))
          ) as Trip[];
          expect(rows).toEqual(
            trips.map(({ id, depart, arrival, layovers, times }) => ({ id, depart, arrival, layovers, times })),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('prints raw listing records (list --raw) escaped, never raw', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.dictionary(hostileText, fc.oneof(hostileText, number)), { maxLength: 4 }),
        fc.constantFrom<'json' | 'ndjson'>('json', 'ndjson'),
        fc.boolean(),
        async (records, format, tty) => {
          const stdout = new Collect();
          const writer = createJsonValueWriter({ format, stdoutIsTTY: tty }, stdout);
          for (const record of records) await writer.write(record);
          await writer.end();
          expect(stdout.text).not.toMatch(FORBIDDEN);
        },
      ),
      { numRuns: 300 },
    );
  });
});
