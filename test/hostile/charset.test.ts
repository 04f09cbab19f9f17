import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { answer, useHostileServer } from '../helpers/hostile-server.js';

// Bodies are read in the charset their Content-Type declares (UTF-8 when none), and one that does not decode
// in it fails the command: the data is what was sent, or there is none, never U+FFFD in a city name.

const trip = {
  id: 'r1',
  date: '2026-12-05',
  depart: 'Besançon',
  arrival: 'Saint-Étienne',
  layovers: ['Cœur-sur-Loire'],
  price_min: 99,
  price_max: 99,
  slots: [2],
  times: ['08:00', '10:00', '12:00'],
};
const page = JSON.stringify({ routes: [trip], total: 1, page: 1, limit: 50, total_pages: 1, has_next: false });
const listing = JSON.stringify([
  { id: 'r1', depart: 'Besançon', arrival: 'Saint-Étienne', date: '2026-12-05', prix: 99, places_disponibles: 2 },
]);
const nearby = JSON.stringify({
  cities: [
    { name: 'Besançon', distance_km: 0 },
    { name: 'Orléans', distance_km: 3 },
  ],
  source: 'test',
});

/** `text` in Windows-1252 (which is what browsers and WHATWG read for `iso-8859-1` too). */
const cp1252 = (text: string) => Buffer.from(text.replaceAll('œ', '\x9c'), 'latin1');
const utf16be = (text: string) => Buffer.from(Buffer.from(`\ufeff${text}`, 'utf16le').swap16());
const json = (charset: string) => ({ 'content-type': `application/json; charset=${charset}` });

/** What each base (`<origin>/<mode>`) answers on the search. */
const SEARCH: Record<string, () => [Buffer, Record<string, string>]> = {
  latin1: () => [cp1252(page), json('iso-8859-1')],
  cp1252: () => [cp1252(page), json('"windows-1252"')],
  utf16le: () => [Buffer.from(`\ufeff${page}`, 'utf16le'), json('utf-16')],
  utf16be: () => [utf16be(page), json('UTF-16')],
  utf8declared: () => [Buffer.from(page, 'utf8'), json('UTF-8')],
  badutf8: () => [cp1252(page), { 'content-type': 'application/json' }],
  badutf16: () => [Buffer.concat([Buffer.from('[', 'utf16le'), Buffer.from([0x00, 0xdc])]), json('utf-16le')],
  unknown: () => [Buffer.from(page, 'utf8'), json('x-klingon')],
};

const hostile = useHostileServer({
  ...Object.fromEntries(
    Object.entries(SEARCH).map(
      ([mode, body]) =>
        [`/${mode}/route/ai/search`, (socket, request) => answer(200, ...body())(socket, request)] as const,
    ),
  ),
  '/route/ai/search': answer(500, cp1252('{"error":"échec du serveur"}'), json('iso-8859-1')),
  '/route/cities-near': (socket, request) => {
    const mode = request.query.get('location') ?? '';
    if (mode === 'Latin') return answer(200, cp1252(nearby), json('latin1'))(socket, request);
    return answer(200, cp1252(nearby))(socket, request);
  },
  '/route/get/results': answer(200, cp1252(listing), json('ISO-8859-1')),
  '/v2/route/get/results': answer(200, Buffer.from(`\ufeff${listing}`, 'utf16le'), json('utf-16')),
  '/v3/route/get/results': answer(200, cp1252(listing)),
});

/** The base URL whose search answers as `mode` says. */
const base = (mode: string) => `${hostile.base.replace(/\/v1$/, '')}/${mode}`;

/** The replacement character: what a wrong decoding leaves in data. */
const REPLACEMENT = '\ufffd';

describe('bodies in their declared charset', () => {
  it.each(['latin1', 'cp1252', 'utf16le', 'utf16be', 'utf8declared'])(
    'search and search --all, %s: the cities as sent',
    async (mode) => {
      for (const args of [
        ['search', '--json'],
        ['search', '--all', '--json'],
      ]) {
        const result = await runCli(['--base-url', base(mode), ...args]);
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(JSON.parse(result.stdout)).toMatchObject([
          { id: 'r1', depart: 'Besançon', arrival: 'Saint-Étienne', layovers: ['Cœur-sur-Loire'] },
        ]);
      }
    },
  );

  it('the error of a 500 in Latin-1 is quoted as sent', async () => {
    const result = await runCli(['--base-url', hostile.base, 'search']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('"échec du serveur"');
  });

  it('near, Latin-1 declared: the names as sent', async () => {
    const result = await runCli(['--base-url', hostile.base, 'near', 'Latin', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ cities: [{ name: 'Besançon' }, { name: 'Orléans' }] });
  });

  it('list, Latin-1 declared: the names as sent', async () => {
    const result = await runCli(['--base-url', hostile.base, 'list', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject([{ id: 'r1', depart: 'Besançon', arrival: 'Saint-Étienne' }]);
  });

  it('list, UTF-16 with its BOM: the names as sent', async () => {
    const result = await runCli(['--base-url', base('v2'), 'list', '--raw', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(listing));
  });
});

describe('a body that does not decode in its charset fails, never U+FFFD in data', () => {
  it('search: Latin-1 bytes sent as UTF-8 (no charset)', async () => {
    const result = await runCli(['--base-url', base('badutf8'), 'search', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^Error: GET \/route\/ai\/search returned a body motoroute cannot read: the body is not valid UTF-8 text/,
    );
    expect(result.stdout).toBe('');
  });

  it('search: a lone UTF-16 surrogate', async () => {
    const result = await runCli(['--base-url', base('badutf16'), 'search', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/the body is not valid UTF-16LE text/);
  });

  it('search: a charset motoroute cannot read', async () => {
    const result = await runCli(['--base-url', base('unknown'), 'search', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/declares the charset "x-klingon", which motoroute cannot read/);
  });

  it('near: Latin-1 bytes sent as UTF-8', async () => {
    const result = await runCli(['--base-url', hostile.base, 'near', 'Besancon', '--json']);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain(REPLACEMENT);
    expect(result.stderr).toMatch(/not valid UTF-8/);
  });

  it('list: Latin-1 bytes sent as UTF-8', async () => {
    const result = await runCli(['--base-url', base('v3'), 'list', '--json']);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain(REPLACEMENT);
    expect(result.stderr).toMatch(
      /^Error: GET \/route\/get\/results returned a body motoroute cannot read: the body is not valid UTF-8 text/,
    );
  });
});
