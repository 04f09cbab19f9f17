import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListingFormatError, ListingScanner, parseListing } from '../../src/client/listing-parser.js';

const TRICKY_NAMES = [
  'Paris',
  'Saint-Étienne',
  'Besançon',
  "L'Haÿ-les-Roses",
  'Zürich 🏍️',
  '東京',
  'brace { inside',
  'brace } inside',
  '}{][',
  'quote " inside',
  'escaped \\" quote',
  'backslash \\',
  'trailing backslash \\\\',
  '\\u007b not an escape',
  'tab\tnew\nline',
  '𝄞 astral 😀😀',
  '',
];

function trickyListing(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index % 3 === 0 ? index : `r${index}`,
    depart: TRICKY_NAMES[index % TRICKY_NAMES.length],
    arrival: TRICKY_NAMES[(index * 7 + 3) % TRICKY_NAMES.length],
    date: '20260512',
    nested: { deep: { list: [{ a: '}' }, [1, 2, { b: '{' }]] } },
    prix: index % 5 === 0 ? null : 299.5 + index,
  }));
}

/** Feeds `bytes` cut at the given offsets and returns every record, or the error thrown. */
function scanSplit(bytes: Buffer, cuts: number[]): unknown[] {
  const scanner = new ListingScanner();
  const records: unknown[] = [];
  let previous = 0;
  for (const cut of [...cuts, bytes.length]) {
    records.push(...scanner.push(bytes.subarray(previous, cut)));
    previous = cut;
  }
  scanner.end();
  return records;
}

function everyChunkOf(bytes: Buffer, size: number): number[] {
  const cuts: number[] = [];
  for (let offset = size; offset < bytes.length; offset += size) cuts.push(offset);
  return cuts;
}

describe('ListingScanner', () => {
  const listing = trickyListing(40);
  const compact = Buffer.from(JSON.stringify(listing));
  const pretty = Buffer.from(`\n  ${JSON.stringify(listing, null, 2)}\r\n\t `);

  it('yields exactly what JSON.parse sees, for every chunk size from 1 byte to 300', () => {
    for (const bytes of [compact, pretty]) {
      const expected = JSON.parse(bytes.toString('utf8')) as unknown[];
      for (let size = 1; size <= 300; size++) {
        expect(scanSplit(bytes, everyChunkOf(bytes, size))).toEqual(expected);
      }
    }
  });

  it('reads plain Uint8Array chunks without Buffer (browsers, workers), every chunk size from 1 byte to 300', () => {
    const bytes = new TextEncoder().encode(JSON.stringify(listing));
    const expected = JSON.parse(new TextDecoder().decode(bytes)) as unknown[];
    const saved = globalThis.Buffer;
    // Without Buffer at all while the scanner runs: any use of it would throw.
    Reflect.deleteProperty(globalThis, 'Buffer');
    try {
      for (let size = 1; size <= 300; size++) {
        const scanner = new ListingScanner();
        const records: unknown[] = [];
        for (let offset = 0; offset < bytes.length; offset += size)
          records.push(...scanner.push(bytes.slice(offset, offset + size)));
        scanner.end();
        expect(records).toEqual(expected);
      }
    } finally {
      globalThis.Buffer = saved;
    }
  });

  it('keeps no chunk after push: a source may fill the same memory again (a reused read buffer)', () => {
    for (const bytes of [compact, pretty]) {
      const expected = JSON.parse(bytes.toString('utf8')) as unknown[];
      for (const size of [1, 7, 64, 300]) {
        const reused = new Uint8Array(size);
        const scanner = new ListingScanner();
        const records: unknown[] = [];
        for (let offset = 0; offset < bytes.length; offset += size) {
          const length = Math.min(size, bytes.length - offset);
          reused.set(bytes.subarray(offset, offset + length));
          records.push(...scanner.push(reused.subarray(0, length)));
          reused.fill(0x7d);
        }
        scanner.end();
        expect(records).toEqual(expected);
      }
    }
  });

  it('yields records in order as their chunks arrive, not at the end', () => {
    const scanner = new ListingScanner();
    const half = compact.length >> 1;
    const first = scanner.push(compact.subarray(0, half));
    expect(first.length).toBeGreaterThan(0);
    expect(first).toEqual(listing.slice(0, first.length));
    expect(scanner.records).toBe(first.length);
    expect(scanner.bytes).toBe(half);
  });

  it('decodes multi-byte characters split at every byte of the character', () => {
    const bytes = Buffer.from(JSON.stringify([{ name: 'é😀東' }, { name: 'ÿ' }]));
    for (let cut = 1; cut < bytes.length; cut++) {
      for (let second = cut + 1; second < bytes.length; second++) {
        expect(scanSplit(bytes, [cut, second])).toEqual([{ name: 'é😀東' }, { name: 'ÿ' }]);
      }
    }
  });

  it('matches JSON.parse on generated arrays of objects in random splits', () => {
    const record = fc.dictionary(fc.string({ unit: 'grapheme' }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.boolean(),
        (records, rawCuts, indent) => {
          const bytes = Buffer.from(JSON.stringify(records, null, indent ? 1 : 0));
          const cuts = [...new Set(rawCuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          expect(scanSplit(bytes, cuts)).toEqual(JSON.parse(bytes.toString('utf8')));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('accepts an empty array, with or without whitespace', () => {
    expect(scanSplit(Buffer.from('[]'), [])).toEqual([]);
    expect(scanSplit(Buffer.from(' \n[ \n ] \n'), [2, 4])).toEqual([]);
  });

  it('detects truncation at every cut of a listing', () => {
    const bytes = Buffer.from(JSON.stringify(trickyListing(6)));
    for (let cut = 0; cut < bytes.length; cut++) {
      expect(() => scanSplit(bytes.subarray(0, cut), [])).toThrow(ListingFormatError);
    }
    expect(() => scanSplit(bytes.subarray(0, bytes.length - 1), [])).toThrow(/truncated/);
  });

  it('says how many records arrived before the truncation', () => {
    const bytes = Buffer.from(JSON.stringify([{ a: 1 }, { a: 2 }, { a: 3 }]));
    expect(() => scanSplit(bytes.subarray(0, 20), [])).toThrow(/after 2 records/);
  });

  it.each([
    ['an error object', '{"error":"boom"}', /is a JSON object, not the expected array/],
    ['an HTML page', '<html><body>502 Bad Gateway</body></html>', /not a JSON array.*<html>/],
    ['an empty body', '', /empty/],
    ['records without a comma', '[{"a":1}{"a":2}]', /expected "," or "\]" after a record at byte 8/],
    ['a trailing comma', '[{"a":1},]', /expected a record/],
    ['data after the array', '[{"a":1}] trailing', /after the closing "\]"/],
    ['a broken record', '[{"a":1},{"b":}]', /not valid JSON/],
  ])('rejects %s with a clear error', (_name, text, message) => {
    expect(() => scanSplit(Buffer.from(text), [])).toThrow(message);
  });
});

describe('parseListing', () => {
  async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
    for (let offset = 0; offset < bytes.length; offset += size)
      yield new Uint8Array(bytes.subarray(offset, offset + size));
  }

  it('yields batches of records and reports progress per chunk', async () => {
    const listing = trickyListing(25);
    const bytes = Buffer.from(JSON.stringify(listing));
    const progress: { bytes: number; records: number }[] = [];
    const records: unknown[] = [];
    for await (const batch of parseListing(chunksOf(bytes, 97), (p) => progress.push(p))) records.push(...batch);
    expect(records).toEqual(listing);
    expect(progress.length).toBe(Math.ceil(bytes.length / 97));
    expect(progress.at(-1)).toEqual({ bytes: bytes.length, records: 25 });
    expect(progress.map((p) => p.records)).toEqual([...progress.map((p) => p.records)].sort((a, b) => a - b));
  });

  it('throws on a stream that ends before the closing bracket', async () => {
    const bytes = Buffer.from(JSON.stringify(trickyListing(5)).slice(0, -3));
    const consume = async () => {
      for await (const _batch of parseListing(chunksOf(bytes, 50))) void _batch;
    };
    await expect(consume()).rejects.toThrow(/truncated/);
  });
});

// The scanner guesses each chunk's last record end and lets JSON.parse prove it (the fast path); these
// hold it equal to JSON.parse on listings shaped like the service's, flat records with hostile names.
describe('ListingScanner fast path: differential against JSON.parse', () => {
  const HOSTILE_NAMES = [
    ...TRICKY_NAMES,
    '},{"id":1}',
    '"},{"',
    '}]',
    '} ,\n {',
    'x}\\',
    '\\"},{\\"',
    'Besançon }, { Nîmes',
    '\u2028\u2029\ufeff',
  ];

  function flatListing(count: number, names: readonly string[]): Record<string, unknown>[] {
    return Array.from({ length: count }, (_, index) => ({
      type: 'route',
      id: index,
      depart: names[index % names.length],
      arrival: names[(index * 5 + 1) % names.length],
      date: '20260512',
      time0: '08:00',
      price_min: index % 4 === 0 ? null : 199 + index,
      price_max: 499,
      places_moto_1: index % 3,
      ...(index % 2 === 0 && { layover1: names[(index + 2) % names.length] }),
    }));
  }

  /** Feeds the chunks and returns the records and how many chunks needed the exact scanner. */
  function scanChunks(bytes: Buffer, cuts: number[]): { records: unknown[]; exact: number; chunks: number } {
    const scanner = new ListingScanner();
    const records: unknown[] = [];
    let previous = 0;
    const ends = [...cuts, bytes.length];
    for (const cut of ends) {
      records.push(...scanner.push(bytes.subarray(previous, cut)));
      previous = cut;
    }
    scanner.end();
    return { records, exact: scanner.exactChunks, chunks: ends.length };
  }

  it('takes the fast path on an ordinary listing: no chunk needs the byte scanner', () => {
    const listing = flatListing(3000, ['Paris', 'Marseille', 'Saint-Étienne', 'Nîmes', 'Lyon']);
    const bytes = Buffer.from(JSON.stringify(listing));
    const { records, exact, chunks } = scanChunks(bytes, everyChunkOf(bytes, 4096));
    expect(records).toEqual(listing);
    expect(chunks).toBeGreaterThan(50);
    expect(exact).toBe(0);
  });

  it('agrees with JSON.parse for hostile names and every chunk size from 1 to 400 bytes', () => {
    const listing = flatListing(60, HOSTILE_NAMES);
    for (const bytes of [Buffer.from(JSON.stringify(listing)), Buffer.from(JSON.stringify(listing, null, 2))]) {
      const expected = JSON.parse(bytes.toString('utf8')) as unknown[];
      for (let size = 1; size <= 400; size++)
        expect(scanChunks(bytes, everyChunkOf(bytes, size)).records).toEqual(expected);
    }
  });

  it('recovers from wrong guesses (a name ending a chunk with "},{") and keeps guessing afterwards', () => {
    const names = ['Paris', '},{"id":1}', 'Lyon', 'Nice'];
    const listing = flatListing(400, names);
    const bytes = Buffer.from(JSON.stringify(listing));
    // Every third chunk ends just after the "}" inside the hostile name, where the guess looks right but
    // is not; the others end after a real record.
    const hostile: number[] = [];
    for (let at = bytes.indexOf('},{\\"id'); at >= 0; at = bytes.indexOf('},{\\"id', at + 1)) hostile.push(at + 1);
    const real: number[] = [];
    for (let at = bytes.indexOf('},{"type"'); at >= 0; at = bytes.indexOf('},{"type"', at + 1)) real.push(at + 1);
    const cuts = [...hostile.filter((_, index) => index % 3 === 0), ...real.filter((_, index) => index % 3 === 1)].sort(
      (a, b) => a - b,
    );
    const { records, exact, chunks } = scanChunks(bytes, cuts);
    expect(records).toEqual(listing);
    expect(exact).toBeGreaterThan(10);
    expect(exact).toBeLessThan(chunks / 2);
  });

  it('matches JSON.parse on generated flat listings with arbitrary strings in random splits', () => {
    const name = fc.oneof(
      fc.constantFrom(...HOSTILE_NAMES),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 6 }),
    );
    const record = fc.record({
      type: fc.constant('route'),
      id: fc.oneof(fc.nat(), fc.string({ maxLength: 5 })),
      depart: name,
      arrival: name,
      date: fc.constant('20260512'),
      price_min: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true })),
      layover1: name,
    });
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (records, rawCuts, indent) => {
          const bytes = Buffer.from(JSON.stringify(records, null, indent ? 2 : 0));
          const cuts = [...new Set(rawCuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          expect(scanChunks(bytes, cuts).records).toEqual(JSON.parse(bytes.toString('utf8')));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('passes on elements that are not objects (broken records, reported by the reader), split anywhere', () => {
    const values = [{ a: 1 }, null, 'n/a', 42, [1, { b: '}]' }], { c: ',' }, true, { d: [] }];
    const bytes = Buffer.from(JSON.stringify(values));
    for (let size = 1; size <= bytes.length; size++) {
      const cuts = Array.from({ length: Math.floor(bytes.length / size) }, (_, k) => (k + 1) * size);
      expect(scanSplit(bytes, cuts)).toEqual(values);
    }
    expect(scanSplit(Buffer.from('[1,2,3]'), [])).toEqual([1, 2, 3]);
  });

  it('skips a leading UTF-8 byte-order mark, even split across the first chunks', () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify([{ a: 'é' }, { b: 2 }]))]);
    for (const cuts of [[], [1], [2], [1, 2], [3], [1, 2, 3, 4]])
      expect(scanSplit(body, cuts)).toEqual([{ a: 'é' }, { b: 2 }]);
    for (const cuts of [[], [1], [2]])
      expect(() => scanSplit(Buffer.from([0xef, 0xbb, 0x5b, 0x5d]), cuts)).toThrow(/not a JSON array/);
  });

  it('still reports malformed listings precisely when the guess is tried first', () => {
    const good = JSON.stringify(flatListing(50, ['Paris', 'Lyon']));
    expect(() => scanChunks(Buffer.from(`${good.slice(0, -1)},{"a":}]`), [])).toThrow(/not valid JSON/);
    expect(() => scanChunks(Buffer.from(`${good.slice(0, -1)},,{"a":1}]`), [])).toThrow(/expected a record/);
    expect(() => scanChunks(Buffer.from(`${good} trailing`), [])).toThrow(/after the closing "\]"/);
    expect(() => scanChunks(Buffer.from(good.slice(0, -40)), [200, 400])).toThrow(/truncated/);
  });
});
