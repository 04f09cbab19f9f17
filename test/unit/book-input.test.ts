import { describe, expect, it } from 'vitest';
import { bookingInput } from '../../src/commands/book/draft.js';

describe('bookingInput', () => {
  it('gives the use case the fields, the unread values and the trip, leaving out what the flags did not say', () => {
    const flags = { draft: { from: 'Paris', riders: 1 }, problems: ['--date: "32/13" is not a date.'] };
    expect(bookingInput(flags, undefined, 'fr', 'en')).toEqual({
      fields: { from: 'Paris', riders: 1 },
      unreadable: ['--date: "32/13" is not a date.'],
      lang: 'fr',
      messagesLang: 'en',
    });
  });

  it('carries ROUTE_ID, the return trip, civility and reference when given', () => {
    const flags = { draft: {}, problems: [], returnTripId: '200', civility: 'Mme' as const, reference: 'D-12' };
    expect(bookingInput(flags, '100042', 'en', 'en')).toEqual({
      routeId: '100042',
      fields: {},
      returnTripId: '200',
      civility: 'Mme',
      reference: 'D-12',
      unreadable: [],
      lang: 'en',
      messagesLang: 'en',
    });
  });

  it('lists the unread values as a copy, so the use case cannot change the flags read', () => {
    const flags = { draft: {}, problems: ['one'] };
    const input = bookingInput(flags, undefined, 'en', 'en');
    expect(input.unreadable).not.toBe(flags.problems);
  });
});
