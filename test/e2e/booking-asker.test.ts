import { describe, expect, it } from 'vitest';
import { RouteClient } from '../../src/client/client.js';
import { draftBooking } from '../../src/core/booking/draft-booking.js';
import type { FieldAsker } from '../../src/core/booking/field-questions.js';
import { clockFromEnvironment } from '../../src/core/clock.js';
import { Core } from '../../src/core/core.js';
import { addDays } from '../../src/domain/dates.js';
import type { Trip } from '../../src/domain/types.js';
import { ManualClock } from '../helpers/manual-clock.js';
import { useService } from '../helpers/service.js';

// The booking use case asks for what is missing itself, through the face's asker (the CLI's prompts): the plan, the
// day's trips searched through the core's client on the local service, and the trip picked then checked as a route id.

const DAY = '2026-12-10';
const service = useService({ routes: 200, today: DAY, seed: 7 });
const destinations = {
  to: 'reservation@symone.fr',
  bookingUrl: 'https://symone.fr/moto',
  quoteUrl: 'https://symone.fr/moto?tab=tab-devis',
};

function core(): Core {
  const client = new RouteClient({ baseUrl: service.base, maxAttempts: 1 });
  return new Core({
    client: async () => client,
    clock: clockFromEnvironment({ MOTOROUTE_NOW: `${DAY}T06:00:00Z` }),
    cacheClock: new ManualClock(),
  });
}

/** A trip of the service with a free place on every leg, leaving after today. */
async function tripWithRoom(): Promise<Trip> {
  const client = new RouteClient({ baseUrl: service.base, maxAttempts: 1 });
  for await (const trip of client.searchTrips({ date_from: addDays(DAY, 1) }))
    if (trip.slots.length > 0 && trip.slots.every((slot) => slot > 0) && trip.times.length > 0) return trip;
  throw new Error('the local service has no trip with room');
}

/** Answers as a user would at the prompts, recording each question's field and the trips offered. */
function scriptedAsker(date: string, asked: string[], offered: Trip[][]): FieldAsker {
  return {
    city: async ({ field }) => {
      asked.push(field);
      return 'unused';
    },
    date: async ({ field, check }) => {
      asked.push(field);
      expect(check(date)).toBeUndefined();
      return date;
    },
    count: async ({ field, default: fallback }) => {
      asked.push(field);
      return String(fallback);
    },
    oneOf: async (question) => {
      asked.push(question.field);
      if (question.field === 'routeId') offered.push([...question.options]);
      return 0;
    },
    optional: async (question) => {
      asked.push(question.field);
      return question.field === 'name' ? 'Jeanne Dupont' : '';
    },
    note: (note) => asked.push(`note:${note.kind}`),
  };
}

describe('the booking use case asking through a face', () => {
  it('asks the date, then the count, offers the day’s trips from the service, and drafts the trip picked', async () => {
    const trip = await tripWithRoom();
    const asked: string[] = [];
    const offered: Trip[][] = [];
    const before = service.server.stats.requests();
    let made = 0;
    const result = await draftBooking(
      { fields: { from: trip.depart, to: trip.arrival }, lang: 'fr', messagesLang: 'en' },
      { destinations, fieldName: (field) => `--${field}` },
      {
        core: core(),
        asker: async () => {
          made++;
          return scriptedAsker(trip.date, asked, offered);
        },
      },
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(made).toBe(1);
    expect(asked.slice(0, 4)).toEqual(['date', 'motorcycles', 'routeId', 'formula']);
    expect(offered).toHaveLength(1);
    expect(offered[0]?.every((offer) => offer.date === trip.date)).toBe(true);
    expect(offered[0]?.map((offer) => offer.id)).toContain(trip.id);
    expect(result.request.routeId).toBe(offered[0]?.[0]?.id);
    expect(result.request.name).toBe('Jeanne Dupont');
    expect(service.server.stats.requests()).toBeGreaterThan(before);
  });

  it('without an asker, a missing field is a refusal and nothing is asked', async () => {
    const result = await draftBooking(
      { fields: { from: 'Paris', to: 'Lyon' }, lang: 'en', messagesLang: 'en' },
      { destinations, fieldName: (field) => `--${field}` },
      { core: core() },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.refusal.kind).toBe('missing');
    expect(result.refusal.kind === 'missing' && result.refusal.fields).toEqual(['--date', '--formula']);
  });
});
