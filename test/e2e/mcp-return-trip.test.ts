import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { runCli } from '../helpers/cli.js';
import { FIXED_DAY, FIXED_NOW } from '../helpers/fixed-clock.js';
import { resultText, startMcpSession, type McpStdioSession } from '../helpers/mcp-session.js';
import { useService } from '../helpers/service.js';

// A round trip whose way back is named by its id: draft_booking_email's return_route_id and `book --return-trip`
// run the one use case (src/core/booking/return-trip.ts) on one local service and one clock (03:00 in France). The
// e-mail and the form link name the trip back and its date; an id that is unknown, goes the wrong way, has left, is
// full or is no id at all is refused, by both faces, for the same reason.

const service = useService({ routes: 500 });
const cli = (args: string[]) => runCli(['--base-url', service.base, '--lang', 'en', ...args]);
const OUT_DAY = addDays(FIXED_DAY, 5);
const BACK_DAY = addDays(FIXED_DAY, 9);
const ids = {
  out: '',
  back: '',
  backViaLyon: '',
  sameWay: '',
  backLeft: '',
  backFull: '',
  backEarly: '',
  backSameDayEarly: '',
  backSameDayLate: '',
};
let mcp: McpStdioSession;

beforeAll(async () => {
  const data = service.server.data;
  const add = (trip: Parameters<typeof data.addTrip>[0]) => data.addTrip(trip).id;
  ids.out = add({ depart: 'Paris', arrival: 'Lyon', date: OUT_DAY, time: '09:00', slots: [4] });
  ids.back = add({ depart: 'Lyon', arrival: 'Paris', date: BACK_DAY, time: '10:00', slots: [4] });
  // Boarded at its stopover: the way back starts at Lyon at 13:40, not at Marseille at 06:30.
  ids.backViaLyon = add({
    depart: 'Marseille',
    arrival: 'Paris',
    layovers: ['Lyon'],
    date: BACK_DAY,
    times: ['06:30', '13:40', '18:15'],
    slots: [1, 3],
  });
  ids.sameWay = add({ depart: 'Paris', arrival: 'Lyon', date: BACK_DAY, time: '10:00', slots: [4] });
  // The clock of every child is 03:00 in France (test/helpers/fixed-clock.ts): 01:00 has passed.
  ids.backLeft = add({ depart: 'Lyon', arrival: 'Paris', date: FIXED_DAY, time: '01:00', slots: [4] });
  ids.backFull = add({ depart: 'Lyon', arrival: 'Paris', date: BACK_DAY, time: '11:00', slots: [1] });
  ids.backEarly = add({ depart: 'Lyon', arrival: 'Paris', date: addDays(FIXED_DAY, 2), time: '10:00', slots: [4] });
  // The trip out leaves Paris at 09:00 and reaches Lyon in the afternoon: a way back at 12:00 that day cannot be taken.
  ids.backSameDayEarly = add({ depart: 'Lyon', arrival: 'Paris', date: OUT_DAY, time: '12:00', slots: [4] });
  ids.backSameDayLate = add({ depart: 'Lyon', arrival: 'Paris', date: OUT_DAY, time: '23:00', slots: [4] });
  mcp = await startMcpSession(['--base-url', service.base, '--lang', 'en'], { MOTOROUTE_NOW: FIXED_NOW });
});
afterAll(async () => {
  await mcp?.close();
  for (const id of Object.values(ids)) if (id) service.server.data.removeTrip(id);
});
beforeEach(() => service.server.stats.reset());

interface Draft {
  subject: string;
  body: string;
  form_url: string;
}

/** The same round trip through `book … --return-trip ID --json` and draft_booking_email's return_route_id. */
async function bothFaces(back: string, extra: { flags: string[]; args: Record<string, unknown> } = emptyExtra()) {
  const book = await cli([
    'book',
    ids.out,
    '--formula',
    'rider',
    '--email',
    'jeanne@example.fr',
    '--return-trip',
    back,
    ...extra.flags,
    '--json',
  ]);
  const answer: CallToolResult = await mcp.call('draft_booking_email', {
    route_id: ids.out,
    formula: 'rider',
    email: 'jeanne@example.fr',
    return_route_id: back,
    ...extra.args,
  });
  return { book, answer };
}

function emptyExtra(): { flags: string[]; args: Record<string, unknown> } {
  return { flags: [], args: {} };
}

describe('a return trip named by id reaches the e-mail and the form link, in book and draft_booking_email', () => {
  it('names the trip back, its date and its times in the e-mail, and sets return_route_id and return_date', async () => {
    const { book, answer } = await bothFaces(ids.back);
    expect(book.code, book.stderr).toBe(0);
    expect(answer.isError ?? false, resultText(answer)).toBe(false);
    const fromCli = JSON.parse(book.stdout) as Draft & { fields: Record<string, unknown> };
    const fromMcp = answer.structuredContent as unknown as Draft;
    expect(fromCli.fields).toMatchObject({ return_route_id: ids.back, return_date: BACK_DAY });
    for (const draft of [fromCli, fromMcp]) {
      expect(draft.body).toMatch(new RegExp(`^- Return trip: ${ids.back} \u2014 Lyon at 10:00 \u2192 Paris`, 'm'));
      const form = new URL(draft.form_url).searchParams;
      expect(form.get('return_route_id')).toBe(ids.back);
      expect(form.get('return_date')).toBe(BACK_DAY);
    }
    expect(fromMcp.body).toBe(fromCli.body);
    expect(fromMcp.form_url).toBe(fromCli.form_url);
    expect(resultText(answer)).toContain(`Return trip: ${ids.back}`);
  });

  it('a trip back the same day that leaves after the trip out arrives is drafted', async () => {
    const { book, answer } = await bothFaces(ids.backSameDayLate);
    expect(book.code, book.stderr).toBe(0);
    expect(answer.isError ?? false, resultText(answer)).toBe(false);
    expect((answer.structuredContent as unknown as Draft).body).toContain(`Return trip: ${ids.backSameDayLate}`);
  });

  it('a trip back boarded at its stopover shows the stopover’s time and the places of the legs ridden', async () => {
    const { book, answer } = await bothFaces(ids.backViaLyon);
    expect(book.code, book.stderr).toBe(0);
    expect(answer.isError ?? false, resultText(answer)).toBe(false);
    const fromMcp = answer.structuredContent as unknown as Draft;
    const line = /^- Return trip: .*$/m.exec(fromMcp.body)?.[0] ?? '';
    expect(line).toMatch(new RegExp(`^- Return trip: ${ids.backViaLyon} \u2014 Lyon at 13:40 \u2192 Paris`));
    expect(line).not.toContain('06:30');
    expect(line).not.toContain('Marseille');
    expect(fromMcp.body).toBe((JSON.parse(book.stdout) as Draft).body);
  });
});

/** A refused return trip: `book` exits with `code` and one line, draft_booking_email answers an error, one reason. */
const refusals: { name: string; back: () => string; code: number; reason: (field: string) => string }[] = [
  {
    name: 'an id no upcoming trip has',
    back: () => '999999999',
    code: 4,
    reason: () => 'No upcoming trip has the id "999999999" (the service lists neither past nor full trips).',
  },
  {
    name: 'a trip that goes the same way as the trip out',
    back: () => ids.sameWay,
    code: 2,
    reason: (field) => `${field} ${ids.sameWay} goes Paris \u2192 Lyon, not back from Lyon to Paris.`,
  },
  {
    name: 'a trip back that left this morning',
    back: () => ids.backLeft,
    code: 2,
    reason: () => `Route ${ids.backLeft} left today at 01:00 (it is 03:00 in France).`,
  },
  {
    name: 'a trip back before the trip out',
    back: () => ids.backEarly,
    code: 2,
    reason: (field) =>
      `${field} ${ids.backEarly} leaves on ${addDays(FIXED_DAY, 2)} at 10:00, before the trip out arrives (${OUT_DAY} at `,
  },
  {
    name: 'a trip back the same day that leaves before the trip out arrives',
    back: () => ids.backSameDayEarly,
    code: 2,
    reason: (field) =>
      `${field} ${ids.backSameDayEarly} leaves on ${OUT_DAY} at 12:00, before the trip out arrives (${OUT_DAY} at `,
  },
];

describe('a wrong return trip id is refused by book and draft_booking_email for the same reason', () => {
  for (const refusal of refusals) {
    it(refusal.name, async () => {
      const { book, answer } = await bothFaces(refusal.back());
      expect(book.code, book.stderr).toBe(refusal.code);
      expect(book.stdout).toBe('');
      expect(book.stderr).toContain(refusal.reason('--return-trip'));
      expect(answer.isError, resultText(answer)).toBe(true);
      expect(resultText(answer)).toContain(refusal.reason('return_route_id'));
    });
  }

  it('a trip back with fewer free places than the motorcycles asked for', async () => {
    const reason = `Route ${ids.backFull} has 1 free motorcycle place on its fullest leg, and 2 motorcycles were asked for.`;
    const { book, answer } = await bothFaces(ids.backFull, { flags: ['--motorcycles', '2'], args: { motorcycles: 2 } });
    expect(book.code, book.stderr).toBe(2);
    expect(book.stderr).toContain(reason);
    expect(answer.isError, resultText(answer)).toBe(true);
    expect(resultText(answer)).toContain(reason);
    // The way on: a search the other way.
    expect(resultText(answer)).toContain('search_routes (depart Lyon, arrival Paris)');
  });

  it('book --force drafts a full trip back anyway and says why it would have been refused', async () => {
    const book = await cli([
      'book',
      ids.out,
      '--formula',
      'rider',
      '--motorcycles',
      '2',
      '--return-trip',
      ids.backFull,
      '--force',
      '--json',
    ]);
    expect(book.code, book.stderr).toBe(0);
    expect((JSON.parse(book.stdout) as Draft).body).toContain(`Return trip: ${ids.backFull}`);
    expect(book.stderr).toContain(`Route ${ids.backFull} has 1 free motorcycle place`);
  });

  it('says it in French with --lang fr', async () => {
    const book = await runCli([
      '--base-url',
      service.base,
      '--lang',
      'fr',
      'book',
      ids.out,
      '--formula',
      'rider',
      '--return-trip',
      ids.backSameDayEarly,
    ]);
    expect(book.code).toBe(2);
    const [year, month, day] = OUT_DAY.split('-');
    expect(book.stderr).toContain(
      `--return-trip ${ids.backSameDayEarly} part le ${day}/${month}/${year} à 12\u00a0h\u00a000, avant l’arrivée du trajet aller`,
    );
  });

  it('no route id at all is refused before any request', async () => {
    const book = await cli(['book', ids.out, '--formula', 'rider', '--return-trip', 'a/b']);
    expect(book.code).toBe(2);
    expect(book.stderr).toContain('"a/b" is not a route id');
    const answer = await mcp
      .call('draft_booking_email', { route_id: ids.out, formula: 'rider', return_route_id: 'a/b' })
      .then(
        (result) => ({ isError: result.isError ?? false, text: resultText(result) }),
        (error: unknown) => ({ isError: true, text: String(error) }),
      );
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain('"a/b" is not a route id');
    expect(service.server.stats.requests()).toBe(0);
  });
});
