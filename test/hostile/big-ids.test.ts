import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { answer, useHostileServer } from '../helpers/hostile-server.js';

// Ids sent as JSON numbers past 2^53 keep every digit the service wrote, in every reader (search, batch,
// cache, the listing, show) and in `list --raw`, which writes them back as the numbers they were.

const BIG = '9007199254740993'; // 2^53 + 1: as a double it would print …992
const BIGGER = '123456789012345678901234567890';
const NEGATIVE = '-9007199254740995';
const trip = (id: string) =>
  `{"id":${id},"date":"2026-12-05","depart":"Paris","arrival":"Lyon","layovers":[],"price_min":99,"price_max":99,"slots":[2],"times":["08:00","12:00"]}`;
const listingRecord = (id: string) =>
  `{"id":${id},"depart":"Paris","arrival":"Lyon","date":"2026-12-05","prix":1234567890123456789,"places_disponibles":2}`;
// A string that looks like a long number stays a string: only numbers are written back as numbers.
const STRING_ID = '"77777777777777777777"';

const hostile = useHostileServer({
  '/route/ai/search': answer(
    200,
    `{"routes":[${trip(BIG)},${trip(BIGGER)},${trip(NEGATIVE)}],"total":3,"page":1,"limit":50,"total_pages":1,"has_next":false}`,
  ),
  '/route/ai/batch': answer(200, `{"results":[{"index":0,"routes":[${trip(BIG)}],"total":1}]}`),
  '/route/paris-marseille-cache': answer(200, `{"ids":[${BIG},${BIGGER}, 12]}`),
  '/route/get/results': answer(200, `[${listingRecord(BIG)},${listingRecord(STRING_ID)},${listingRecord(BIGGER)}]`),
});

const run = (args: string[]) => runCli(['--base-url', hostile.base, ...args]);
/** The ids of printed JSON, read without losing digits: as the text between `"id":` and the next delimiter. */
const idTexts = (json: string) => [...json.matchAll(/"id":\s*("[^"]*"|-?\d+)/g)].map((match) => match[1]);

describe('ids past 2^53 keep their digits', () => {
  it('search', async () => {
    const result = await run(['search', '--json']);
    expect(result.code).toBe(0);
    // The search orders trips its own way (date, then id): the set of ids is what matters here.
    expect(idTexts(result.stdout).sort()).toEqual([`"${BIG}"`, `"${BIGGER}"`, `"${NEGATIVE}"`].sort());
  });

  it('batch', async () => {
    const result = await run(['batch', '--query', 'Paris:Lyon', '--json']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`"${BIG}"`);
    expect(result.stdout).not.toContain('9007199254740992');
  });

  it('cache', async () => {
    const result = await run(['cache', '--format', 'ndjson']);
    expect(result.code).toBe(0);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id),
    ).toEqual([BIG, BIGGER, '12']);
  });

  it('list', async () => {
    const result = await run(['list', '--json']);
    expect(result.code).toBe(0);
    expect(idTexts(result.stdout)).toEqual([`"${BIG}"`, STRING_ID, `"${BIGGER}"`]);
  });

  it('show finds the trip by its exact id', async () => {
    const result = await run(['show', BIG, '--json']);
    expect(result.code).toBe(0);
    expect(idTexts(result.stdout)).toEqual([`"${BIG}"`]);
  });

  it.each(['json', 'ndjson'])(
    'list --raw --format %s: records exactly as sent, numbers as numbers, strings as strings',
    async (format) => {
      const result = await run(['list', '--raw', '--format', format]);
      expect(result.code).toBe(0);
      expect(idTexts(result.stdout)).toEqual([BIG, STRING_ID, BIGGER]);
      // Every other value round-trips too: the long price is as sent.
      expect(result.stdout.match(/"prix":\s*1234567890123456789\b/g)).toHaveLength(3);
      const compact = result.stdout.replace(/\s/g, '');
      for (const record of [listingRecord(BIG), listingRecord(STRING_ID), listingRecord(BIGGER)])
        expect(compact).toContain(record);
    },
  );
});
