import * as z from 'zod';
import { upcomingBatchResults } from '../../core/upcoming-search.js';
import type { SearchQuery } from '../../domain/types.js';
import { bookingLink } from '../../core/service-links.js';
import { sanitiseText } from '../../output/sanitise.js';
import { assertDateOrder, cityField, dateField, readOptionalDate } from '../inputs.js';
import { cleanTrip, tripLine, tripSchema } from '../shapes.js';
import { defineTool } from '../tool.js';

const query = z.strictObject({
  depart: cityField('Departure city (also matches stopovers).', 'Paris').optional(),
  arrival: cityField('Arrival city (also matches stopovers).', 'Marseille').optional(),
  date_from: dateField('First departure date.', '2026-12-05').optional(),
  date_to: dateField('Last departure date (inclusive).', '2026-12-20').optional(),
});

const input = z.strictObject({
  queries: z
    .array(query)
    .min(1, 'give at least one search')
    .max(10, 'at most 10 searches in one call (the service limit); split them into several calls')
    .describe('1 to 10 searches, run together in one request, e.g. [{"depart":"Lyon"},{"depart":"Grenoble"}].'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(20)
    .default(5)
    .describe('Trips shown per search, e.g. 5 (the total counts them all).'),
});

const output = z.object({
  results: z.array(
    z.object({
      index: z.number().int().describe('position of the search in queries'),
      query: z.object({
        depart: z.string().nullable(),
        arrival: z.string().nullable(),
        date_from: z.string().nullable(),
        date_to: z.string().nullable(),
      }),
      trips: z.array(tripSchema).describe('the first trips, in date order'),
      total: z.number().int().describe('trips matching this search in all'),
    }),
  ),
  book_url: z.string(),
});

/** `search_batch`: up to 10 searches in one request (POST /route/ai/batch), e.g. several city pairs or date ranges. */
export const searchBatchTool = defineTool({
  name: 'search_batch',
  title: 'Several searches at once',
  description:
    'Runs 1 to 10 trip searches in one request (e.g. several cities near the traveller, or several date ranges): ' +
    'the first trips and the total of each. Use search_routes for one search with filters and paging.',
  input,
  output,
  readOnly: true,
  openWorld: true,
  async run(args, env, signal) {
    const now = env.now();
    const queries: SearchQuery[] = args.queries.map((entry, index) => {
      const from = readOptionalDate(entry.date_from, `queries.${index}.date_from`, now);
      const to = readOptionalDate(entry.date_to, `queries.${index}.date_to`, now);
      assertDateOrder(from, to, `queries.${index}.date_from`, `queries.${index}.date_to`);
      const search: SearchQuery = {};
      if (entry.depart) search.depart = entry.depart;
      if (entry.arrival) search.arrival = entry.arrival;
      if (from) search.date_from = from;
      if (to) search.date_to = to;
      return search;
    });
    const client = await env.client();
    const answer = await client.batch(queries, { signal });
    // Trips that left earlier today are neither shown nor counted (the core's rule).
    const upcoming = upcomingBatchResults(answer.results, env.core.clock.moment());
    const results = queries.map((search, index) => {
      const entry = upcoming.find((result) => result.index === index);
      const trips = (entry?.routes ?? []).slice(0, args.limit).map(cleanTrip);
      return {
        index,
        query: {
          depart: search.depart ?? null,
          arrival: search.arrival ?? null,
          date_from: search.date_from ?? null,
          date_to: search.date_to ?? null,
        },
        trips,
        total: entry?.total ?? 0,
      };
    });
    const text = results
      .map((result) => {
        const what = `${result.query.depart ?? 'anywhere'} → ${result.query.arrival ?? 'anywhere'}`;
        return [
          `#${result.index} ${what}: ${result.total} trip${result.total === 1 ? '' : 's'}`,
          ...result.trips.map((trip) => `  ${tripLine(trip)}`),
        ].join('\n');
      })
      .join('\n');
    return {
      structured: {
        results,
        book_url: sanitiseText(bookingLink(answer.book_url, env.destinations.bookingUrl ?? '').url),
      },
      text,
    };
  },
});
