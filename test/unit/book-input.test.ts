import { describe, expect, it } from 'vitest';
import { draftFromOptions } from '../../src/commands/book/draft.js';
import { BOOK_OPTIONS } from '../../src/commands/book/options.js';
import { optionValues } from '../helpers/options.js';

const now = new Date(2026, 5, 10, 12);

describe('the booking input the flags give', () => {
  it('gives the use case the fields and the unread values, leaving out what the flags did not say', () => {
    const flags = draftFromOptions(optionValues(BOOK_OPTIONS, { from: 'Paris', riders: '1', date: '32/13/2026' }, now));
    expect(flags).toEqual({
      input: {
        fields: { from: 'Paris', riders: 1 },
        unreadable: [expect.stringMatching(/^--date: "32\/13\/2026"/)],
      },
    });
  });

  it('carries the return trip, civility (read) and reference, and keeps --cc beside the input', () => {
    const given = { returnTrip: ' 200 ', civility: 'Madame', reference: 'D-12', cc: 'client@example.fr' };
    expect(draftFromOptions(optionValues(BOOK_OPTIONS, given, now))).toEqual({
      input: { fields: {}, unreadable: [], returnTripId: '200', civility: 'Mme', reference: 'D-12' },
      cc: 'client@example.fr',
    });
  });

  it('lists a bad return trip, --cc and civility among the unread values, in the session’s language', () => {
    const given = { returnTrip: 'a b', civility: 'Duc', cc: 'nobody' };
    const { input, cc } = draftFromOptions(optionValues(BOOK_OPTIONS, given, now, 'fr'), 'fr');
    expect(cc).toBeUndefined();
    expect(input.returnTripId).toBeUndefined();
    expect(input.civility).toBeUndefined();
    expect(input.unreadable).toHaveLength(3);
    expect(input.unreadable.join(' ')).toMatch(/^--return-trip\u00a0: .* --cc\u00a0: .* --civility/);
  });
});
