import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_URL } from '../../src/booking/index.js';
import { refusalError } from '../../src/core/booking/refusal-error.js';
import { ROUTE_ID_PATTERN, routeIdProblem } from '../../src/core/booking/route-id.js';
import { tripFormUrl } from '../../src/core/trip-links.js';
import { NotFoundError, UsageError } from '../../src/errors.js';

describe('the route-id grammar', () => {
  it('takes one visible token of up to 64 characters, accents and signs included', () => {
    for (const id of ['100042', ' 100042 ', 'été1', 'A-12.b:c~d', 'x'.repeat(64)])
      expect(routeIdProblem(id), id).toBeUndefined();
  });

  it('refuses blanks, spaces, control characters, / ? # and more than 64 characters, in one sentence', () => {
    for (const id of ['', '  ', '10 42', 'a/b', '../x', 'a?b', 'a#b', 'x\u001b[2J', 'x'.repeat(65)])
      expect(routeIdProblem(id), JSON.stringify(id)).toMatch(/^".*" is not a route id: /s);
  });

  it('is a pattern without Unicode property escapes, for any JSON Schema validator', () => {
    expect(ROUTE_ID_PATTERN.source).not.toMatch(/\\p\{/);
    expect(ROUTE_ID_PATTERN.flags).toBe('');
  });
});

describe("a trip's form link", () => {
  const trip = { id: '100042', depart: 'Saint-Étienne', arrival: 'Marseille', date: '2026-12-05' };

  it('carries the cities, the date and the id, and nothing the traveller has not chosen', () => {
    const url = new URL(tripFormUrl(trip, { bookingUrl: DEFAULT_BOOKING_URL }));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      depart: 'Saint-Étienne',
      arrival: 'Marseille',
      date: '2026-12-05',
      route_id: '100042',
    });
    for (const name of ['formula', 'motorcycles', 'riders', 'trip'])
      expect(url.searchParams.has(name), name).toBe(false);
  });

  it('keeps the parameters of a form address and refuses one that is not http(s)', () => {
    const url = new URL(tripFormUrl(trip, { bookingUrl: 'https://example.fr/form?tab=book' }));
    expect(url.searchParams.get('tab')).toBe('book');
    expect(() => tripFormUrl(trip, { bookingUrl: 'ftp://example.fr/' })).toThrow(UsageError);
  });
});

describe('a refusal as an error', () => {
  it('is exit 4 for an id no upcoming trip has, exit 2 otherwise, with the face’s advice after the reasons', () => {
    const missing = refusalError(
      { kind: 'no-trip', id: '9', reasons: ['No upcoming trip has the id "9".'] },
      'Search.',
    );
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.message).toBe('No upcoming trip has the id "9". Search.');
    const invalid = refusalError({ kind: 'invalid', reasons: ['a is wrong.', 'b is wrong.'] });
    expect(invalid).toBeInstanceOf(UsageError);
    expect(invalid.message).toBe('2 problems: (1) a is wrong. (2) b is wrong.');
  });
});
