import fc from 'fast-check';
import type { TripFilter } from '../../src/domain/types.js';

/** Trip filters of every kind the CLI takes, over the given wanted city names and dates, any of them left out. */
export function tripFilters(
  wanted: fc.Arbitrary<string | undefined>,
  dates: readonly string[],
): fc.Arbitrary<TripFilter> {
  return fc.record(
    {
      depart: wanted,
      arrival: wanted,
      via: wanted,
      dateFrom: fc.option(fc.constantFrom(...dates), { nil: undefined }),
      dateTo: fc.option(fc.constantFrom(...dates), { nil: undefined }),
      minSlots: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
      maxPrice: fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }),
    },
    { requiredKeys: [] },
  );
}
