import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../src/booking/fields.js';
import type { RequestRow } from '../../src/booking/request-file.js';
import { RouteClient } from '../../src/client/client.js';
import { type CheckedRow, type DayRun, draftDay } from '../../src/core/booking/draft-day.js';
import { clockFromEnvironment } from '../../src/core/clock.js';
import { Core } from '../../src/core/core.js';
import { addDays } from '../../src/domain/dates.js';
import { ManualClock } from '../helpers/manual-clock.js';
import { useService } from '../helpers/service.js';

// The day's use case (core/booking/draft-day.ts) on the local service, as `book --from-file` and the desk's day page
// call it: every row drafted with a free file name and its .eml, or refused with its reasons, in the file's order.

const DAY = '2026-12-10';
const service = useService({ routes: 200, today: DAY, seed: 7 });
const destinations = {
  to: 'reservation@symone.fr',
  bookingUrl: 'https://symone.fr/moto',
  quoteUrl: 'https://symone.fr/moto?tab=tab-devis',
};
const DATE = addDays(DAY, 5);
const FIRST = `${DATE}_paris-marseille_jeanne-dupont.eml`;

function core(): Core {
  const client = new RouteClient({ baseUrl: service.base, maxAttempts: 1 });
  return new Core({
    client: async () => client,
    clock: clockFromEnvironment({ MOTOROUTE_NOW: `${DAY}T10:30:00Z` }),
    cacheClock: new ManualClock(),
  });
}

function quote(line: number, to = 'Marseille', more: { cc?: string; notes?: string[] } = {}): RequestRow {
  const request: BookingRequest = { from: 'Paris', to, date: DATE, formula: 'rider', motorcycles: 1, scheduled: false };
  return { line, ok: true, notes: [], ...more, request: { ...request, name: 'Jeanne Dupont', email: 'j@d.fr' } };
}

const ROWS: RequestRow[] = [
  quote(2, 'Marseille', { cc: 'copie@example.fr', notes: ['a phone got its 0 back'] }),
  { line: 3, ok: false, problems: ['date: "demain" is no date.'] },
  quote(4),
  { line: 5, ok: true, notes: [], routeId: 'a/b', fields: { name: 'Paul' } },
  quote(6, 'Paris'),
];

function run(extra: Partial<DayRun> = {}): DayRun {
  return { lang: 'fr', messagesLang: 'en', destinations, taken: new Set([FIRST]), ...extra };
}

describe("a day's file drafted by the core", () => {
  it('drafts or refuses every row in the file’s order, each draft under a name nothing taken has', async () => {
    const day = await draftDay(ROWS, run(), { core: core() });
    expect(day.map((row) => [row.line, row.ok])).toEqual([
      [2, true],
      [3, false],
      [4, true],
      [5, false],
      [6, false],
    ]);
    const drafted = day.flatMap((row) => (row.ok ? [row] : []));
    expect(drafted.map((row) => row.name)).toEqual([FIRST.replace('.eml', '-2.eml'), FIRST.replace('.eml', '-3.eml')]);
    expect(drafted[0]?.notes).toEqual(['a phone got its 0 back']);
    expect(drafted[0]?.cc).toBe('copie@example.fr');
    const refused = day.flatMap((row) => (row.ok ? [] : [row]));
    expect(refused[0]?.refusal).toEqual({ kind: 'invalid', reasons: ['date: "demain" is no date.'] });
    expect(refused[1]?.refusal.reasons.join(' ')).toMatch(/^route_id: "a\/b" is not a route id: /);
    expect(refused[2]?.refusal.kind).toBe('invalid');
  });

  it('gives each draft’s .eml with its row’s copy and the day’s sender, its body as the renderer set it', async () => {
    const render: DayRun['render'] = async (drafts) => ({ ...drafts, email: { ...drafts.email, body: 'Templated.' } });
    const day = await draftDay(ROWS.slice(0, 1), run({ from: 'Desk <desk@example.fr>', render }), { core: core() });
    const [row] = day;
    if (!row?.ok) throw new Error('the row was refused');
    expect(row.drafts.email.body).toBe('Templated.');
    const message = (await row.message()).toString('utf8');
    expect(message).toMatch(/^Cc: copie@example\.fr\r?$/m);
    expect(message).toMatch(/^From: Desk <desk@example\.fr>\r?$/m);
    expect(message).toContain('Templated.');
  });

  it('tells each checked row as it comes, and checks no later row once a face stops the day at a refusal', async () => {
    const heard: CheckedRow[] = [];
    const all = await draftDay(ROWS, run(), { core: core() }, (row) => heard.push(row));
    expect(all).toHaveLength(5);
    // The unreadable row 3 is not checked: its problems are the reading's.
    expect(heard.map(({ line, refusal }) => [line, refusal?.kind])).toEqual([
      [2, undefined],
      [4, undefined],
      [5, 'invalid'],
      [6, 'invalid'],
    ]);
    const stopped: number[] = [];
    const stop = (row: CheckedRow) => {
      stopped.push(row.line);
      if (row.refusal) throw new Error(`line ${row.line} refused`);
    };
    await expect(draftDay(ROWS, run(), { core: core() }, stop)).rejects.toThrow('line 5 refused');
    expect(stopped).toEqual([2, 4, 5]);
  });

  it('gives an empty day for a file without rows', async () => {
    expect(await draftDay([], run(), { core: core() })).toEqual([]);
  });
});
