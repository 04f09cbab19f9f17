import * as z from 'zod';
import { isUnknownPlace } from '../../core/place-lookup.js';
import { UsageError } from '../../errors.js';
import { sanitiseText } from '../../output/sanitise.js';
import { PLACE_NAME } from '../inputs.js';
import { defineTool } from '../tool.js';

const input = z.strictObject({
  location: z
    .string({ error: 'give a place name as text, e.g. Annecy' })
    .trim()
    .min(1, 'give a place name, e.g. Annecy')
    .max(120, 'a place is at most 120 characters')
    .regex(
      PLACE_NAME,
      'use a place name in letters, e.g. Annecy or "Annecy, Auvergne-Rhône-Alpes, France" (no digits or symbols)',
    )
    .describe('A city or place in France; a longer form with region and country also works.')
    .meta({ examples: ['Annecy', 'Annecy, Auvergne-Rhône-Alpes, France'] }),
});

const output = z.object({
  cities: z.array(z.object({ name: z.string(), distance_km: z.number() })).describe('served cities, nearest first'),
  source: z.string().describe("the service's note on where the places came from"),
});

/** `cities_near`: served cities near a place, nearest first. */
export const citiesNearTool = defineTool({
  name: 'cities_near',
  title: 'Served cities near a place',
  description:
    'Lists the cities the service serves near a place, nearest first, with the distance in km. ' +
    'Use it when search_routes finds nothing from or to a city, then search again from a served city nearby.',
  input,
  output,
  readOnly: true,
  openWorld: true,
  async run(args, env, signal) {
    const client = await env.client();
    const result = await client.citiesNear(args.location, { signal });
    if (isUnknownPlace(result.source))
      // The place, not the request, is at fault: the model should name it otherwise.
      throw new UsageError(
        `location: the service does not know the place "${sanitiseText(args.location)}"; name a nearby town, or add its region, e.g. "Annecy, Haute-Savoie, France".`,
      );
    const cities = [...result.cities]
      .sort((a, b) => a.distance_km - b.distance_km)
      .map((city) => ({ name: sanitiseText(city.name).trim(), distance_km: city.distance_km }));
    const source = sanitiseText(result.source);
    const text =
      cities.length === 0
        ? `No served city near "${args.location}".`
        : `Served cities near ${args.location}: ${cities.map((city) => `${city.name} (${Math.round(city.distance_km)} km)`).join(', ')}.`;
    return { structured: { cities, source }, text };
  },
});
