import { describe, expect, it } from 'vitest';
import type { Trip } from '../../src/domain/types.js';
import { UsageError } from '../../src/errors.js';
import type { Column } from '../../src/output/columns.js';
import { csvLine, tsvLine } from '../../src/output/delimited.js';
import type { OutputFormat } from '../../src/output/settings.js';
import { tripColumns } from '../../src/output/trip-columns.js';
import { createJsonValueWriter, createRowWriter, printJson, type WriterSettings } from '../../src/output/writer.js';
import { MemoryStream } from './output-fake-stream.js';

const trips: Trip[] = [
  {
    id: 'a1',
    date: '2026-12-05',
    depart: 'Paris',
    arrival: 'Marseille',
    layovers: [],
    price_min: 299,
    price_max: 299,
    slots: [3],
    times: ['08:00'],
  },
  {
    id: 'b2',
    date: '2026-12-06',
    depart: 'Lyon',
    arrival: 'Nice',
    layovers: ['Aix', 'Cannes'],
    price_min: null,
    price_max: null,
    slots: [1, 2, 0],
    times: [],
  },
];

function settings(format: OutputFormat, extra: Partial<WriterSettings> = {}): WriterSettings {
  return { format, fields: undefined, width: 80, color: false, colorLevel: 0, stdoutIsTTY: false, ...extra };
}

async function print(
  format: OutputFormat,
  rows: readonly Trip[],
  extra: Partial<WriterSettings> = {},
): Promise<string> {
  const stdout = new MemoryStream();
  const writer = createRowWriter(settings(format, extra), tripColumns(), stdout);
  for (const row of rows) await writer.write(row);
  await writer.end();
  expect(writer.count).toBe(rows.length);
  return stdout.text;
}

describe('createRowWriter: json', () => {
  it.each([0, 1, 2])('streams a valid JSON array of %i rows', async (count) => {
    const text = await print('json', trips.slice(0, count));
    const parsed: unknown = JSON.parse(text);
    expect(parsed).toHaveLength(count);
    expect(text.endsWith(']\n')).toBe(true);
  });

  it('writes the machine keys in order, keeping arrays and nulls', async () => {
    const parsed = JSON.parse(await print('json', trips)) as Record<string, unknown>[];
    expect(parsed[1]).toEqual({
      id: 'b2',
      date: '2026-12-06',
      time: null,
      depart: 'Lyon',
      arrival: 'Nice',
      layovers: ['Aix', 'Cannes'],
      price_min: null,
      price_max: null,
      slots: [1, 2, 0],
      times: [],
    });
    expect(Object.keys(parsed[0] ?? {})).toEqual([
      'id',
      'date',
      'time',
      'depart',
      'arrival',
      'layovers',
      'price_min',
      'price_max',
      'slots',
      'times',
    ]);
  });

  it('is valid while streaming: each row is out before end()', async () => {
    const stdout = new MemoryStream();
    const writer = createRowWriter(settings('json'), tripColumns(), stdout);
    await writer.write(trips[0] as Trip);
    expect(JSON.parse(`${stdout.text}\n]`)).toHaveLength(1);
    await writer.end();
    await writer.end();
    expect(JSON.parse(stdout.text)).toHaveLength(1);
  });

  it('indents on a TTY and stays parseable', async () => {
    const text = await print('json', trips, { stdoutIsTTY: true });
    expect(text).toContain('\n  {\n    "id": "a1",');
    expect(JSON.parse(text)).toHaveLength(2);
  });

  it('escapes control characters from the service but keeps the data exact', async () => {
    const evil = { ...(trips[0] as Trip), depart: 'Par\u001b]0;x\u0007is\u202e' };
    const text = await print('json', [evil]);
    expect(text).not.toMatch(/[\u001b\u0007\u202e]/);
    expect((JSON.parse(text) as Trip[])[0]?.depart).toBe(evil.depart);
  });

  it('honours --fields', async () => {
    expect(JSON.parse(await print('json', trips, { fields: ['id', 'slots'] }))).toEqual([
      { id: 'a1', slots: [3] },
      { id: 'b2', slots: [1, 2, 0] },
    ]);
  });

  it('rejects an unknown field before printing anything', () => {
    const stdout = new MemoryStream();
    expect(() => createRowWriter(settings('json', { fields: ['nope'] }), tripColumns(), stdout)).toThrow(UsageError);
    expect(stdout.text).toBe('');
  });
});

describe('createRowWriter: ndjson, csv, tsv', () => {
  it('ndjson writes one object a line', async () => {
    const lines = (await print('ndjson', trips)).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect((JSON.parse(lines[1] ?? '') as Trip).layovers).toEqual(['Aix', 'Cannes']);
  });

  it('ndjson with no rows prints nothing', async () => {
    expect(await print('ndjson', [])).toBe('');
  });

  it('csv has a header of keys, joins arrays with ; and writes null as empty', async () => {
    expect(await print('csv', trips)).toBe(
      'id,date,time,depart,arrival,layovers,price_min,price_max,slots,times\n' +
        'a1,2026-12-05,08:00,Paris,Marseille,,299,299,3,08:00\n' +
        'b2,2026-12-06,,Lyon,Nice,Aix;Cannes,,,1;2;0,\n',
    );
  });

  it('csv with no rows still prints the header', async () => {
    expect(await print('csv', [])).toBe('id,date,time,depart,arrival,layovers,price_min,price_max,slots,times\n');
  });

  it('csv quotes commas and quotes (RFC 4180) and sanitises line breaks', async () => {
    const odd = { ...(trips[0] as Trip), depart: 'Saint-Denis, "Réunion"', arrival: 'Le\nPuy' };
    const text = await print('csv', [odd], { fields: ['depart', 'arrival'] });
    expect(text).toBe('depart,arrival\n"Saint-Denis, ""Réunion""",Le Puy\n');
  });

  it('tsv has no header, raw ISO values and no tabs inside values', async () => {
    const odd = { ...(trips[0] as Trip), depart: 'A\tB\x1b[31m' };
    expect(await print('tsv', [odd, trips[1] as Trip])).toBe(
      'a1\t2026-12-05\t08:00\tA B\tMarseille\t\t299\t299\t3\t08:00\n' +
        'b2\t2026-12-06\t\tLyon\tNice\tAix;Cannes\t\t\t1;2;0\t\n',
    );
  });
});

describe('createRowWriter: table', () => {
  it('draws nothing until end(), then a borderless table', async () => {
    const stdout = new MemoryStream();
    const writer = createRowWriter(settings('table'), tripColumns(), stdout);
    await writer.write(trips[0] as Trip);
    expect(stdout.text).toBe('');
    await writer.write(trips[1] as Trip);
    await writer.end();
    expect(stdout.text).toMatchInlineSnapshot(`
      "Date             Time   Route                          Price  Places  ID
      Sat 05 Dec 2026  08:00  Paris → Marseille              299 €       3  a1
      Sun 06 Dec 2026         Lyon → Aix → Cannes → Nice  on quote   1·2·0  b2
      "
    `);
  });

  it('prints nothing for zero rows', async () => {
    expect(await print('table', [])).toBe('');
  });

  it('accepts a plain column array and sanitises table cells', async () => {
    const stdout = new MemoryStream();
    const columns: Column<string>[] = [{ key: 'name', header: 'NAME', table: (row) => row, raw: (row) => row }];
    const writer = createRowWriter(settings('table'), columns, stdout);
    await writer.write('\x1b]8;;http://x\x07Lyon\x1b]8;;\x07');
    await writer.end();
    expect(stdout.text).toBe('NAME\nLyon\n');
  });

  it('colours the header and toned cells only when colour is on', async () => {
    const plain = await print('table', trips);
    const coloured = await print('table', trips, { color: true, colorLevel: 1 });
    expect(plain).not.toContain('\x1b[');
    expect(coloured).toContain('\x1b[1mDate');
    expect(coloured.replace(/\x1b\[[0-9;]*m/g, '')).toBe(plain);
  });
});

describe('createRowWriter: backpressure', () => {
  it('settles write() only after the stream drains', async () => {
    const stdout = new MemoryStream({ highWaterMark: 16 });
    stdout.cork();
    const writer = createRowWriter(settings('ndjson'), tripColumns(), stdout);
    let settled = false;
    const pending = writer.write(trips[0] as Trip).then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    stdout.uncork();
    await pending;
    expect(settled).toBe(true);
  });
});

describe('createJsonValueWriter', () => {
  it('streams untouched values as a JSON array or NDJSON', async () => {
    for (const [format, expected] of [
      ['json', '[\n{"prix":1},\n{"b":[null]}\n]\n'],
      ['ndjson', '{"prix":1}\n{"b":[null]}\n'],
    ] as const) {
      const stdout = new MemoryStream();
      const writer = createJsonValueWriter({ format, stdoutIsTTY: false }, stdout);
      await writer.write({ prix: 1 });
      await writer.write({ b: [null] });
      await writer.end();
      expect(stdout.text).toBe(expected);
      expect(writer.count).toBe(2);
    }
  });

  it('writes [] for no values and refuses other formats', async () => {
    const stdout = new MemoryStream();
    await createJsonValueWriter({ format: 'json', stdoutIsTTY: false }, stdout).end();
    expect(stdout.text).toBe('[]\n');
    expect(() => createJsonValueWriter({ format: 'csv', stdoutIsTTY: false }, stdout)).toThrow(UsageError);
  });
});

describe('printJson', () => {
  it('is compact when piped and pretty on a TTY, with one trailing newline', async () => {
    const piped = new MemoryStream();
    await printJson({ a: 1, b: ['\u2028'] }, { stdoutIsTTY: false }, piped);
    expect(piped.text).toBe('{"a":1,"b":["\\u2028"]}\n');
    const tty = new MemoryStream();
    await printJson({ a: 1 }, { stdoutIsTTY: true }, tty);
    expect(tty.text).toBe('{\n  "a": 1\n}\n');
  });
});

describe('csvLine and tsvLine', () => {
  it('quote only what needs it', () => {
    expect(csvLine(['plain', 'with space', 'a,b', 'say "hi"', 'two\nlines', ''])).toBe(
      'plain,with space,"a,b","say ""hi""","two\nlines",',
    );
    expect(tsvLine(['a\tb', 'c\r\nd', 'e'])).toBe('a b\tc  d\te');
  });
});
