import { describe, expect, it } from 'vitest';
import { parseBatchFile, splitCsvLine } from '../../src/domain/batch-file.js';
import { describeQuery, parseQuerySpec, toBatchQuery } from '../../src/domain/batch-query.js';
import { UsageError } from '../../src/errors.js';

// Local noon, so `today` is the same date whatever the time zone.
const NOW = new Date(2026, 2, 10, 12, 0, 0);

function usageMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseBatchFile', () => {
  it('reads a JSON array, keeping order and resolving relative dates', () => {
    const text = JSON.stringify([
      { depart: 'Paris', arrival: 'Marseille', date_from: 'today', date_to: '+7d' },
      { arrival: ' Lyon ' },
      {},
    ]);
    expect(parseBatchFile(text, 'q.json', NOW)).toEqual({
      format: 'json-array',
      queries: [
        { depart: 'Paris', arrival: 'Marseille', date_from: '2026-03-10', date_to: '2026-03-17' },
        { arrival: 'Lyon' },
        {},
      ],
    });
  });

  it('reads {queries: [...]} written over several lines', () => {
    const text =
      '{\n  "queries": [\n    {"depart": "Nice"},\n    {"depart": "Lille", "date_from": "2026-04-01"}\n  ]\n}\n';
    expect(parseBatchFile(text, 'q.json', NOW)).toEqual({
      format: 'json-queries',
      queries: [{ depart: 'Nice' }, { depart: 'Lille', date_from: '2026-04-01' }],
    });
  });

  it('reads NDJSON, skipping blank lines, also a single line', () => {
    const text = '\uFEFF{"depart":"Paris"}\n\n{"arrival":"Brest","date_to":"tomorrow"}\r\n';
    expect(parseBatchFile(text, 'q.ndjson', NOW)).toEqual({
      format: 'ndjson',
      queries: [{ depart: 'Paris' }, { arrival: 'Brest', date_to: '2026-03-11' }],
    });
    expect(parseBatchFile('{"depart":"Paris"}', 'one', NOW).queries).toEqual([{ depart: 'Paris' }]);
  });

  it('reads CSV with the header, quoted values, empty cells and CRLF', () => {
    const text =
      'depart,arrival,date_from,date_to\r\nParis,Marseille,2026-03-12,2026-03-20\r\n,"Saint-Étienne, Loire",,\r\n"Le ""Puy""",Lyon,today,\r\n';
    expect(parseBatchFile(text, 'q.csv', NOW)).toEqual({
      format: 'csv',
      queries: [
        { depart: 'Paris', arrival: 'Marseille', date_from: '2026-03-12', date_to: '2026-03-20' },
        { arrival: 'Saint-Étienne, Loire' },
        { depart: 'Le "Puy"', arrival: 'Lyon', date_from: '2026-03-10' },
      ],
    });
  });

  it('reads CSV whose header lists fewer columns, in another order', () => {
    expect(parseBatchFile('Arrival,depart\nLyon,Paris\n', 'q.csv', NOW).queries).toEqual([
      { depart: 'Paris', arrival: 'Lyon' },
    ]);
  });

  it('reports a bad NDJSON line by its line number', () => {
    const text = '{"depart":"Paris"}\n\n{"depart":"Lyon","date_from":"2026-02-30"}\n';
    expect(usageMessage(() => parseBatchFile(text, 'q.ndjson', NOW))).toMatch(
      /^q\.ndjson line 3: date_from: "2026-02-30" is not a date/,
    );
    expect(usageMessage(() => parseBatchFile('{"depart":"Paris"}\n{"depart": Lyon}\n', 'q.ndjson', NOW))).toMatch(
      /^q\.ndjson line 2: not valid JSON/,
    );
  });

  it('reports a bad CSV row by its line number', () => {
    const text = 'depart,arrival\nParis,Lyon\nNice\n';
    expect(usageMessage(() => parseBatchFile(text, 'q.csv', NOW))).toBe(
      'q.csv line 3: 1 value for 2 columns (depart,arrival).',
    );
    expect(usageMessage(() => parseBatchFile('depart,arrival\n"Paris,Lyon\n', 'q.csv', NOW))).toBe(
      'q.csv line 2: a quoted value is not closed.',
    );
  });

  it('reports a bad JSON array item by its index', () => {
    const text = JSON.stringify([
      { depart: 'Paris' },
      { depart: 'Lyon', date_from: '2026-05-02', date_to: '2026-05-01' },
    ]);
    expect(usageMessage(() => parseBatchFile(text, 'q.json', NOW))).toBe(
      'q.json [1]: date_from (2026-05-02) is later than date_to (2026-05-01).',
    );
    expect(usageMessage(() => parseBatchFile('{"queries":[{"depart":1}]}', 'q.json', NOW))).toBe(
      'q.json queries[0]: depart must be a string.',
    );
  });

  it('gives the line of a JSON syntax error when the parser names a position', () => {
    expect(usageMessage(() => parseBatchFile('[\n{"depart":"Paris"},\n{"depart" "Lyon"}\n]', 'q.json', NOW))).toMatch(
      /^q\.json line 3: not valid JSON/,
    );
  });

  it('refuses unknown fields in every format', () => {
    expect(usageMessage(() => parseBatchFile('[{"depart":"Paris","via":"Lyon"}]', 'a', NOW))).toMatch(
      /^a \[0\]: unknown field "via"/,
    );
    expect(usageMessage(() => parseBatchFile('{"from":"Paris"}\n', 'b', NOW))).toMatch(
      /^b line 1: unknown field "from"/,
    );
    expect(usageMessage(() => parseBatchFile('depart,via\nParis,Lyon\n', 'c', NOW))).toMatch(
      /^c line 1: "via" is not a query column/,
    );
    expect(usageMessage(() => parseBatchFile('{"queries":[],"limit":3}', 'd', NOW))).toMatch(
      /^d: unknown field "limit"/,
    );
  });

  it('refuses files without queries, and values that are not query objects', () => {
    expect(usageMessage(() => parseBatchFile('  \n', 'e', NOW))).toMatch(/^e holds no queries/);
    expect(usageMessage(() => parseBatchFile('[]', 'e', NOW))).toMatch(/^e holds no queries/);
    expect(usageMessage(() => parseBatchFile('depart,arrival\n', 'e', NOW))).toMatch(/^e holds no queries/);
    expect(usageMessage(() => parseBatchFile('["Paris"]', 'e', NOW))).toMatch(/^e \[0\]: a query must be an object/);
    expect(usageMessage(() => parseBatchFile('Paris,Lyon\n', 'e', NOW))).toMatch(
      /^e line 1: "paris" is not a query column/,
    );
  });
});

describe('parseQuerySpec', () => {
  it('reads FROM:TO[:AFTER[:BEFORE]] with empty parts', () => {
    expect(parseQuerySpec('Paris:Marseille', 1, NOW)).toEqual({ depart: 'Paris', arrival: 'Marseille' });
    expect(parseQuerySpec(':Lyon', 1, NOW)).toEqual({ arrival: 'Lyon' });
    expect(parseQuerySpec('Nice:', 1, NOW)).toEqual({ depart: 'Nice' });
    expect(parseQuerySpec('Paris:Lyon:today:+30d', 1, NOW)).toEqual({
      depart: 'Paris',
      arrival: 'Lyon',
      date_from: '2026-03-10',
      date_to: '2026-04-09',
    });
    expect(parseQuerySpec('Paris:Lyon::2026-04-01', 1, NOW)).toEqual({
      depart: 'Paris',
      arrival: 'Lyon',
      date_to: '2026-04-01',
    });
  });

  it('refuses bad specs naming which --query', () => {
    expect(usageMessage(() => parseQuerySpec('a:b:c:d:e', 2, NOW))).toMatch(/^--query #2 "a:b:c:d:e": use FROM:TO/);
    expect(usageMessage(() => parseQuerySpec('::', 1, NOW))).toMatch(/give at least a city or a date/);
    expect(usageMessage(() => parseQuerySpec('Paris:Lyon:2026-13-01', 3, NOW))).toMatch(
      /^--query #3 "Paris:Lyon:2026-13-01": date_from: "2026-13-01" is not a date/,
    );
    expect(usageMessage(() => parseQuerySpec('Paris:Lyon:+5d:today', 1, NOW))).toMatch(/is later than date_to/);
  });
});

describe('toBatchQuery', () => {
  it('treats null and blank values as absent and refuses control characters and long names', () => {
    expect(toBatchQuery({ depart: null, arrival: '  ', date_from: '' }, 'x', NOW)).toEqual({});
    expect(usageMessage(() => toBatchQuery({ depart: 'Pa\u001b[2Jris' }, 'x', NOW))).toMatch(/control characters/);
    expect(usageMessage(() => toBatchQuery({ depart: 'P'.repeat(101) }, 'x', NOW))).toMatch(/at most 100 characters/);
  });
});

describe('splitCsvLine and describeQuery', () => {
  it('splits quoted fields with commas and doubled quotes', () => {
    expect(splitCsvLine('a,"b,c","d""e",', 'l')).toEqual(['a', 'b,c', 'd"e', '']);
  });

  it('describes a query for headings', () => {
    expect(describeQuery({ depart: 'Paris', arrival: 'Lyon', date_from: '2026-03-10', date_to: '2026-03-12' })).toBe(
      'Paris → Lyon, 2026-03-10 to 2026-03-12',
    );
    expect(describeQuery({ arrival: 'Lyon' })).toBe('anywhere → Lyon');
    expect(describeQuery({ depart: 'Nice', date_from: '2026-03-10', date_to: '2026-03-10' })).toBe(
      'Nice → anywhere, 2026-03-10',
    );
  });
});
