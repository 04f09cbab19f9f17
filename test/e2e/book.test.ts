import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatLongDate } from '../../src/booking/long-date.js';
import { parseMailtoUri } from '../../src/booking/mailto.js';
import { formatPriceRange } from '../../src/booking/price.js';
import { addDays } from '../../src/domain/dates.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';
import { runCli } from '../helpers/cli.js';
import { getJson, useService } from '../helpers/service.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';

const service = useService({ routes: 2000 });
const book = (args: string[], env: Record<string, string | undefined> = {}) =>
  runCli(['--base-url', service.base, 'book', ...args], { env });
const today = FIXED_DAY;
const future = addDays(today, 20);

let priced: Trip;
let onQuote: Trip | undefined;

beforeAll(async () => {
  // Trips of the coming weeks that are also in the full listing (it leaves full trips out).
  const listing = await getJson<{ id: string | number }[]>(`${service.base}/route/get/results`);
  const listed = new Set(listing.map((record) => String(record.id)));
  const page = await getJson<SearchPage>(`${service.base}/route/ai/search?date_from=${addDays(today, 2)}&limit=100`);
  // With a free place on every leg, so that the trip check lets one motorcycle through.
  const upcoming = page.routes.filter((trip) => listed.has(trip.id) && Math.min(...trip.slots) >= 1);
  priced = upcoming.find(
    (trip) => trip.price_min !== null && trip.price_max !== null && trip.price_min !== trip.price_max,
  )!;
  expect(priced).toBeDefined();
  onQuote = upcoming.find((trip) => trip.price_min === null);
});

beforeEach(() => service.server.stats.reset());

describe('book ROUTE_ID', () => {
  it('writes the French booking e-mail with cities, long date and price, then the mailto: and booking form links', async () => {
    const result = await book([priced.id, '--formula', 'rider', '--email', 'jeanne@example.fr']);
    expect(result.stderr).toMatch(/^Le formulaire peut ignorer les champs préremplis/); // the French e-mail's own language
    expect(result.code).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(/^To: reservation@symone\.fr\nSubject: Demande de réservation moto : /);
    expect(out).toContain(`- Date du trajet : ${formatLongDate(priced.date, 'fr')}\n- Départ : ${priced.depart} à `);
    expect(out).toContain(`- Arrivée : ${priced.arrival} vers `);
    expect(out).toContain(`- Tarif affiché : ${formatPriceRange(priced.price_min, priced.price_max, 'fr')} par moto\n`);
    expect(out).toContain(`- Référence du trajet : ${priced.id}\n`);
    const lines = out.trimEnd().split('\n');
    const form = new URL(lines.at(-1)!);
    expect(`${form.origin}${form.pathname}`).toBe('https://symone.fr/moto');
    expect(form.searchParams.get('route_id')).toBe(priced.id);
    expect(form.searchParams.get('date')).toBe(priced.date);
    expect(lines.at(-3)).toMatch(/^mailto:reservation@symone\.fr\?subject=/);
    // The core finds the trip (the main line's cache, else the listing); one search page gives its exact record.
    const stats = service.server.stats;
    expect(stats.requests('/route/paris-marseille-cache')).toBe(1);
    expect(stats.requests('/route/get/results') + stats.requests('/route/ai/search')).toBe(
      priced.depart === 'Paris' && priced.arrival === 'Marseille' ? 1 : 2,
    );
  });

  it('writes the English e-mail with --lang en, and with an English locale', async () => {
    for (const [args, env] of [
      [['--lang', 'en'], {}],
      [[], { LANG: 'en_GB.UTF-8' }],
    ] as const) {
      const result = await book([priced.id, '--formula', 'moto-only', ...args], env);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Subject: Motorcycle transport booking request: ');
      expect(result.stdout).toContain(`- Trip date: ${formatLongDate(priced.date, 'en')}\n`);
      expect(result.stdout).toContain('motorcycle only (no rider)');
    }
  });

  it('says "on quote" for a trip without a listed price', async () => {
    if (!onQuote) throw new Error('the generated data has no trip on quote in the coming weeks');
    const result = await book([onQuote.id, '--formula', 'rider', '--text']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('- Tarif affiché : sur devis\n');
  });

  it('exits 4 on an unknown id', async () => {
    const result = await book(['999999999', '--formula', 'rider']);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/No upcoming trip has the id "999999999"/);
    expect(result.stdout).toBe('');
  });
});

describe('book without ROUTE_ID', () => {
  const quoteArgs = ['--from', 'Lyon', '--to', 'Nice', '--date', future, '--formula', 'avec-pilote'];

  it('writes a quote request linking the quote form, reading the served cities from the listing', async () => {
    const result = await book([...quoteArgs, '--return', addDays(future, 7), '--make', 'Honda', '--model', 'CB500F']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Subject: Demande de devis moto : Lyon → Nice, le ');
    expect(result.stdout).toContain(`aller-retour, retour le ${formatLongDate(addDays(future, 7), 'fr')}`);
    expect(result.stdout).toContain('- Nombre de motos : 1\n- Moto : Honda CB500F\n');
    const form = new URL(result.stdout.trimEnd().split('\n').at(-1)!);
    expect(form.searchParams.get('tab')).toBe('tab-devis');
    expect(form.searchParams.get('depart')).toBe('Lyon');
    expect(service.server.stats.requests()).toBe(1);
    expect(service.server.stats.requests('/route/get/results')).toBe(1);
  });

  it('prints one JSON document whose mailto round-trips through URL', async () => {
    const result = await book([...quoteArgs, '--comment', 'Top case & sacoches ? 100 %', '--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['to', 'subject', 'body', 'mailto', 'form_url', 'fields']);
    const mailto = new URL(String(json.mailto));
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toBe('reservation@symone.fr');
    expect(parseMailtoUri(mailto.href)).toEqual({ to: json.to, subject: json.subject, body: json.body });
    expect(String(json.body)).toContain('Commentaire\u00a0: Top case & sacoches\u202f? 100 %');
    expect(json.fields).toMatchObject({
      from: 'Lyon',
      to: 'Nice',
      date: future,
      formula: 'rider',
      scheduled: false,
      lang: 'fr',
    });
  });

  it('prints only the part asked for with --mailto, --form or --text', async () => {
    const all = (await book(quoteArgs)).stdout;
    const mailto = await book([...quoteArgs, '--mailto']);
    const form = await book([...quoteArgs, '--form']);
    const text = await book([...quoteArgs, '--text']);
    expect(mailto.stdout).toMatch(/^mailto:reservation@symone\.fr\?subject=[^\n]+\n$/);
    expect(form.stdout).toMatch(/^https:\/\/symone\.fr\/moto\?tab=tab-devis&depart=Lyon&[^\n]+\n$/);
    expect(text.stdout).toMatch(/^To: reservation@symone\.fr\nSubject: /);
    expect(text.stdout).not.toContain('mailto:');
    expect(all).toBe(`${text.stdout}\n${mailto.stdout}\n${form.stdout}`);
  });

  it('uses the configured reservation address and forms', async () => {
    const env = { MOTOROUTE_BOOKING_EMAIL: 'contact@example.fr', MOTOROUTE_QUOTE_URL: 'https://example.fr/devis' };
    const result = await book([...quoteArgs, '--json'], env);
    const json = JSON.parse(result.stdout) as { to: string; mailto: string; form_url: string };
    expect(json.to).toBe('contact@example.fr');
    expect(json.mailto).toMatch(/^mailto:contact@example\.fr\?/);
    expect(json.form_url).toMatch(/^https:\/\/example\.fr\/devis\?depart=Lyon/);
  });
});

describe('book --open', () => {
  const args = ['--from', 'Paris', '--to', 'Marseille', '--date', future, '--formula', 'rider'];

  it('prints what it would open when MOTOROUTE_NO_OPEN is set', async () => {
    const mail = await book([...args, '--open'], { MOTOROUTE_NO_OPEN: '1' });
    expect(mail.code).toBe(0);
    expect(mail.stdout).toMatch(/^would open: mailto:reservation@symone\.fr\?subject=[^\n]+\n$/);
    const form = await book([...args, '--open', 'form'], { MOTOROUTE_NO_OPEN: '1' });
    expect(form.stdout).toMatch(/^would open: https:\/\/symone\.fr\/moto\?tab=tab-devis&depart=Paris/);
  });

  it.runIf(process.platform === 'linux')('prints the link and exits 1 when no opener exists', async () => {
    // No xdg-open on this PATH: the open package cannot start anything.
    const result = await book([...args, '--open'], { PATH: '/nonexistent' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/could not open the e-mail/);
    expect(result.stdout).toMatch(/^mailto:reservation@symone\.fr\?subject=[^\n]+\n$/);
  });
});

describe('book refuses bad input with exit 2, sending nothing', () => {
  it('lists every missing required flag at once when not on a terminal', async () => {
    const result = await book(['--make', 'Honda']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Required booking fields are missing: --from, --to, --date, --formula\./);
    expect(result.stdout).toBe('');
    expect(service.server.stats.requests()).toBe(0);
  });

  it('asks only for the formula when a route id fills in the rest', async () => {
    const result = await book([priced.id]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Required booking field is missing: --formula\./);
    expect(service.server.stats.requests()).toBe(0);
  });

  it.each([
    [['--date', addDays(today, -1)], /--date .* is in the past/],
    [['--date', future, '--return', addDays(future, -1)], /--return .* is before --date/],
    [['--date', '2027-02-30'], /--date.*not a date/],
    [['--date', future, '--formula', 'sidecar'], /--formula: "sidecar" is not a formula/],
    [['--date', future, '--email', 'jeanne.example.fr'], /--email.*not an e-mail address/],
    [['--date', future, '--formula', 'moto-only', '--riders', '2'], /contradicts --formula moto-only/],
    [['--date', future, '--name', 'Jeanne\r\nBcc: x@example.fr'], /--name contains a line break/],
    [['--date', future, '--mailto', '--form'], /give only one/],
  ])('refuses %j', async (extra, message) => {
    const formula = extra.includes('--formula') ? [] : ['--formula', 'rider'];
    const result = await book(['--from', 'Paris', '--to', 'Marseille', ...formula, ...extra]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(service.server.stats.requests()).toBe(0);
  });

  it('refuses --date beside a route id', async () => {
    const result = await book([priced.id, '--date', future, '--formula', 'rider']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/already sets the date; drop --date/);
    expect(service.server.stats.requests()).toBe(0);
  });

  it('says so in French in a French session, even when --date does not read', async () => {
    const result = await runCli([
      '--base-url',
      service.base,
      '--lang',
      'fr',
      'book',
      priced.id,
      '--date',
      'hier soir',
      '--formula',
      'rider',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/fixe déjà la date\u00a0: retirez --date/);
    expect(service.server.stats.requests()).toBe(0);
  });
});

describe('book --return-trip', () => {
  /** A listed trip back from `priced`'s arrival to its departure, on its day or later, with a place free. */
  async function tripBack(): Promise<Trip> {
    const listing = await getJson<{ id: string | number }[]>(`${service.base}/route/get/results`);
    const listed = new Set(listing.map((record) => String(record.id)));
    const query = new URLSearchParams({
      depart: priced.arrival,
      arrival: priced.depart,
      date_from: priced.date,
      limit: '100',
    });
    const page = await getJson<SearchPage>(`${service.base}/route/ai/search?${query}`);
    const back = page.routes.find(
      (trip) => listed.has(trip.id) && trip.depart === priced.arrival && trip.arrival === priced.depart,
    );
    expect(back, `a trip ${priced.arrival} → ${priced.depart} from ${priced.date}`).toBeDefined();
    return back!;
  }

  it('names the chosen return trip in the e-mail, sets the return date, and passes its id to the form and the JSON', async () => {
    const back = await tripBack();
    const result = await book([
      priced.id,
      '--formula',
      'rider',
      '--email',
      'jeanne@example.fr',
      '--return-trip',
      back.id,
      '--lang',
      'en',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as {
      body: string;
      form_url: string;
      fields: { return_date: string; return_route_id: string; trip: string };
    };
    expect(json.fields).toMatchObject({ trip: 'round-trip', return_date: back.date, return_route_id: back.id });
    expect(json.body).toContain(`- Return trip: ${back.id} \u2014 ${back.depart} at ${back.times[0]}`);
    expect(json.body).toContain(`round trip, returning on ${formatLongDate(back.date, 'en')}`);
    expect(new URL(json.form_url).searchParams.get('return_route_id')).toBe(back.id);
  });

  it('refuses a trip that does not go back, and a --return that disagrees with it, with exit 2', async () => {
    const back = await tripBack();
    const sameWay = await book([priced.id, '--formula', 'rider', '--return-trip', priced.id]);
    expect(sameWay.code).toBe(2);
    expect(sameWay.stderr).toMatch(
      new RegExp(
        `^Error: --return-trip ${priced.id} goes ${priced.depart} → ${priced.arrival}, not back from ${priced.arrival} to ${priced.depart}. Find one with: motoroute --base-url \\S+ search`,
      ),
    );
    const disagree = await book([
      priced.id,
      '--formula',
      'rider',
      '--return-trip',
      back.id,
      '--return',
      addDays(back.date, 1),
    ]);
    expect(disagree.code).toBe(2);
    expect(disagree.stderr).toMatch(/disagree; give one of them\.\n$/);
    const bad = await book([priced.id, '--formula', 'rider', '--return-trip', 'a b']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--return-trip: "a b" is not a route id/);
  });
});
