import { NEAR_WORDS } from './near-words.js';
import { defineCommand } from './define.js';
import { UsageError } from '../errors.js';

/** `motoroute near`: served cities near a place, nearest first. */
export const nearCommand = defineCommand({
  name: 'near',
  summary: 'served cities near a place (GET /route/cities-near)',
  args: ['<location...>'],
  examples: [
    'motoroute near Lyon',
    'motoroute near "Annecy, Auvergne-Rhône-Alpes, France"',
    'motoroute near Île-de-France',
  ],
  async run({ args }, ctx) {
    const location = args.join(' ').trim();
    const words = NEAR_WORDS[ctx.lang];
    if (!location) throw new UsageError(words.needsPlace);
    if (/[\u0000-\u001f\u007f]/.test(location)) throw new UsageError(words.controlCharacters);
    const [client, settings, { createRowWriter }, { nearbyCityColumns }] = await Promise.all([
      ctx.client(),
      ctx.output(),
      import('../output/writer.js'),
      import('../output/trip-columns.js'),
    ]);
    const result = await client.citiesNear(location);
    const cities = [...result.cities].sort((a, b) => a.distance_km - b.distance_km);
    if (settings.format === 'json') {
      const { printJson } = await import('../output/writer.js');
      printJson({ cities, source: result.source }, settings, ctx.stdout);
      return;
    }
    const writer = createRowWriter(settings, nearbyCityColumns(ctx.lang), ctx.stdout);
    for (const city of cities) await writer.write(city);
    await writer.end();
    const source = result.source;
    if (cities.length === 0) ctx.note(words.none(location, source));
    else ctx.note(words.source(source));
  },
});
