import { describe, expect, it } from 'vitest';
import type { BookingRequestDraft } from '../../src/booking/fields.js';
import type { DayTrips } from '../../src/core/booking/day-trips.js';
import type {
  AnswerCheck,
  FieldAsker,
  FieldNote,
  ListQuestion,
  OptionalQuestion,
} from '../../src/core/booking/field-questions.js';
import { askForMissing, type MissingFieldsPlan, type RequiredField } from '../../src/core/booking/missing-fields.js';
import type { Trip } from '../../src/domain/types.js';

// Noon in France on 1 December 2026: `demain` is 2026-12-02.
const NOW = new Date('2026-12-01T11:00:00Z');
const CITIES = ['Brest', 'Lyon', 'Marseille', 'Perpignan', 'Saint-Étienne'];

const trip = (id: string, slots: number[]): Trip => ({
  id,
  date: '2026-12-02',
  depart: 'Brest',
  arrival: 'Perpignan',
  layovers: [],
  price_min: null,
  price_max: null,
  slots,
  times: ['07:00'],
});

/**
 * A face that answers from a script, in the order the questions come: each answer is what the user types (a city's
 * text, then Enter on the first choice offered; '' for Enter), or the index chosen in a list. A typed answer the
 * question's check refuses is recorded with its problem, and the next answer of the script is taken, as a prompt asks
 * again. Each question is recorded by its field (and whose, for the contact).
 */
function scriptedAsker(script: readonly (string | number | undefined)[]) {
  const answers = [...script];
  const asked: string[] = [];
  const refused: string[] = [];
  const lists: ListQuestion[] = [];
  const notes: FieldNote[] = [];
  const next = (): string | number | undefined => {
    if (answers.length === 0) throw new Error(`no answer left for ${asked.at(-1)}`);
    return answers.shift();
  };
  const typed = (check: AnswerCheck | undefined, skippable: boolean): string => {
    for (;;) {
      const answer = String(next());
      if (skippable && answer.trim() === '') return '';
      const problem = check?.(answer);
      if (problem === undefined) return answer;
      refused.push(problem);
    }
  };
  const label = (question: OptionalQuestion) =>
    'whose' in question && question.whose === 'customer' ? `customer ${question.field}` : question.field;
  const asker: FieldAsker = {
    city: async ({ field, suggest }) => {
      asked.push(field);
      const first = suggest(String(next()))[0];
      if (!first) throw new Error(`nothing offered for ${field}`);
      return first.city;
    },
    date: async ({ field, check }) => {
      asked.push(field);
      return typed(check, false);
    },
    count: async (question) => {
      asked.push(`${question.field} (${question.default})`);
      const answer = typed((text) => (text === '' ? undefined : question.check(text)), false);
      return answer === '' ? String(question.default) : answer;
    },
    oneOf: async (question) => {
      asked.push(question.field);
      lists.push(question);
      const answer = next();
      return typeof answer === 'number' ? answer : undefined;
    },
    optional: async (question) => {
      asked.push(label(question));
      return typed('check' in question ? question.check : undefined, true);
    },
    note: (note) => notes.push(note),
  };
  return { asker, asked, refused, lists, notes, left: () => answers.length };
}

function plan(missing: readonly RequiredField[], more: Partial<MissingFieldsPlan> = {}): MissingFieldsPlan {
  return {
    isMissing: (field) => missing.includes(field),
    now: NOW,
    lang: 'en',
    servedCities: async () => CITIES,
    ...more,
  };
}

/** A day's search that answers `trips`, keeping the trips that take the motorcycles asked, and records each query. */
function daySearch(answer: { ok: true; trips: Trip[] } | { ok: false }) {
  const queries: { motorcycles?: number }[] = [];
  const tripsOfDay = async (query: {
    from: string;
    to: string;
    date: string;
    motorcycles?: number;
  }): Promise<DayTrips> => {
    queries.push(query);
    const motorcycles = query.motorcycles ?? 1;
    if (!answer.ok) return answer;
    const trips = answer.trips.filter((t) => Math.min(...t.slots) >= motorcycles);
    return { ok: true, trips, tooFull: answer.trips.length - trips.length };
  };
  return { tripsOfDay, queries };
}

const ALL: readonly RequiredField[] = ['from', 'to', 'date', 'formula'];

describe('the questions for the fields of a booking request still missing', () => {
  it('asks the required fields, then the skippable ones, in order, with their defaults, and leaves skipped fields out', async () => {
    const { asker, asked, left } = scriptedAsker(['lyon', 'marse', 'demain', 0, '', '', '', '', '', '', '', '']);
    const draft = await askForMissing({}, plan(ALL), asker);
    expect(asked).toEqual([
      'from',
      'to',
      'date',
      'formula',
      'motorcycles (1)',
      'motorcycleModels',
      'riders (1)',
      'name',
      'email',
      'phone',
      'returnDate',
      'comment',
    ]);
    expect(left()).toBe(0);
    expect(draft).toEqual({
      from: 'Lyon',
      to: 'Marseille',
      date: '2026-12-02',
      formula: 'rider',
      motorcycles: 1,
      riders: 1,
    });
  });

  it('asks a make and model per motorcycle, riders defaulting to their count, none with moto-only', async () => {
    const rider = scriptedAsker(['3', 'Honda CB500F', '', 'BMW R 1250 GS', '', '', '', '', '', '']);
    const withRider = await askForMissing({ formula: 'rider' }, plan([]), rider.asker);
    expect(rider.left()).toBe(0);
    expect(rider.asked).toContain('riders (3)');
    expect(withRider.motorcycleModels).toEqual(['Honda CB500F', 'BMW R 1250 GS']);
    expect(withRider.riders).toBe(3);

    const alone = scriptedAsker(['2', '', '', '', '', '', '', '']);
    const motoOnly = await askForMissing({ formula: 'moto-only' }, plan([]), alone.asker);
    expect(alone.left()).toBe(0);
    expect(alone.asked).not.toContainEqual(expect.stringMatching(/^riders/));
    expect(alone.asked.filter((field) => field === 'motorcycleModels')).toHaveLength(2);
    expect(motoOnly).toEqual({ formula: 'moto-only', motorcycles: 2 });
  });

  it('asks nothing the draft holds, and no return date with a return trip', async () => {
    const { asker, asked, left } = scriptedAsker([]);
    const full: BookingRequestDraft = {
      formula: 'rider',
      motorcycles: 1,
      motorcycleModels: ['Honda CB500F'],
      riders: 1,
      name: 'Jeanne Dupont',
      email: 'jeanne@example.fr',
      phone: '06 12 34 56 78',
      comment: 'Top case',
    };
    expect(await askForMissing(full, plan([], { returnTrip: true }), asker)).toEqual(full);
    expect(left()).toBe(0);
    expect(asked).toEqual([]);
  });

  it('asks a desk for the customer’s contact', async () => {
    const { asker, asked, left } = scriptedAsker(['', 'Jeanne Dupont', '', '', '', '']);
    const draft = await askForMissing({ formula: 'moto-only', motorcycles: 1 }, plan([], { voice: 'desk' }), asker);
    expect(left()).toBe(0);
    expect(asked).toEqual([
      'motorcycleModels',
      'customer name',
      'customer email',
      'customer phone',
      'returnDate',
      'comment',
    ]);
    expect(draft.name).toBe('Jeanne Dupont');
  });

  it('checks every answer: the date, the counts, the contact and the return date are asked again until they do', async () => {
    const { asker, refused, asked, left } = scriptedAsker([
      '7/12/26',
      'yesterday',
      '07/12/2026',
      '0',
      '21',
      '2',
      '',
      '',
      '',
      'jeanne',
      'jeanne@example.fr',
      'call me',
      '',
      '05/12/2026',
      '10/12/2026',
      '',
    ]);
    const draft = await askForMissing({ formula: 'moto-only' }, plan(['date']), asker);
    expect(left()).toBe(0);
    expect(refused).toEqual([
      '\u201c7/12/26\u201d has a short year: type it in full, like 07/12/2026.',
      expect.stringContaining('\u201cyesterday\u201d'),
      'Type a whole number from 1 to 20.',
      'Type a whole number from 1 to 20.',
      'That is not an e-mail address; type it like name@example.com, or leave it empty.',
      expect.any(String),
      expect.stringContaining('2026-12-07'),
    ]);
    expect(asked[0]).toBe('date');
    expect(draft).toMatchObject({
      date: '2026-12-07',
      motorcycles: 2,
      email: 'jeanne@example.fr',
      returnDate: '2026-12-10',
    });
    expect(draft.phone).toBeUndefined();
  });

  it('asks the motorcycle count before the day’s trips, and offers only those that can take them', async () => {
    const day = daySearch({ ok: true, trips: [trip('101', [1]), trip('102', [3])] });
    const { asker, asked, lists, left } = scriptedAsker([
      'brest',
      'perpignan',
      'demain',
      '2',
      0,
      1,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    const draft = await askForMissing({}, plan(ALL, { tripsOfDay: day.tripsOfDay }), asker);
    expect(left()).toBe(0);
    expect(asked.slice(0, 6)).toEqual(['from', 'to', 'date', 'motorcycles (1)', 'routeId', 'formula']);
    expect(day.queries).toEqual([{ from: 'Brest', to: 'Perpignan', date: '2026-12-02', motorcycles: 2 }]);
    const offered = lists[0];
    expect(offered?.field === 'routeId' && offered.options.map((t) => t.id)).toEqual(['102']);
    expect(draft).toMatchObject({ routeId: '102', motorcycles: 2, formula: 'moto-only' });
    expect(asked.filter((field) => field.startsWith('motorcycles'))).toHaveLength(1);
  });

  it('searches the day’s trips for the motorcycles given, and keeps none when none of them is picked', async () => {
    const day = daySearch({ ok: true, trips: [trip('101', [2])] });
    const { asker, asked, left } = scriptedAsker(['demain', undefined, 0, '', '', '', '', '', '']);
    const draft = await askForMissing(
      { from: 'Brest', to: 'Perpignan', motorcycleModels: ['Honda', 'BMW'] },
      plan(['date', 'formula'], { tripsOfDay: day.tripsOfDay }),
      asker,
    );
    expect(left()).toBe(0);
    expect(day.queries[0]?.motorcycles).toBe(2);
    expect(asked.slice(0, 3)).toEqual(['date', 'routeId', 'formula']);
    expect(draft.routeId).toBeUndefined();
  });

  it('offers no list when the day has no trip that fits, and says so when its trips cannot be searched', async () => {
    for (const answer of [{ ok: true as const, trips: [trip('101', [0])] }, { ok: false as const }]) {
      const day = daySearch(answer);
      const { asker, asked, notes, left } = scriptedAsker(['demain', '', 0, '', '', '', '', '', '', '']);
      const draft = await askForMissing(
        { from: 'Brest', to: 'Perpignan' },
        plan(['date', 'formula'], { tripsOfDay: day.tripsOfDay }),
        asker,
      );
      expect(left()).toBe(0);
      expect(asked.slice(0, 3)).toEqual(['date', 'motorcycles (1)', 'formula']);
      expect(notes).toEqual(
        answer.ok ? [{ kind: 'no-trip-fits', trips: 1, motorcycles: 1 }] : [{ kind: 'day-search-failed' }],
      );
      expect(draft.routeId).toBeUndefined();
      expect(draft.date).toBe('2026-12-02');
    }
  });

  it('asks for the count after the formula when no day is searched (a trip given by id), and reads cities only for a city', async () => {
    let reads = 0;
    const { asker, asked, left } = scriptedAsker([1, '', '', '', '', '', '', '']);
    await askForMissing(
      {},
      plan(['formula'], {
        servedCities: async () => {
          reads++;
          return CITIES;
        },
        tripsOfDay: async () => {
          throw new Error('no day to search');
        },
      }),
      asker,
    );
    expect(left()).toBe(0);
    expect(asked.slice(0, 2)).toEqual(['formula', 'motorcycles (1)']);
    expect(reads).toBe(0);
  });

  it('offers the served city for a typo, never the other end, and the typed town when nothing is served by that name', async () => {
    const { asker, left } = scriptedAsker(['marseile', 'demain', 0, '', '', '', '', '', '', '', '']);
    const draft = await askForMissing({ to: 'Lyon' }, plan(['from', 'date', 'formula']), asker);
    expect(left()).toBe(0);
    expect(draft.from).toBe('Marseille');
    const arras = scriptedAsker(['Arras', 'demain', 0, '', '', '', '', '', '', '', '']);
    expect((await askForMissing({ from: 'Lyon' }, plan(['to', 'date', 'formula']), arras.asker)).to).toBe('Arras');
  });
});
