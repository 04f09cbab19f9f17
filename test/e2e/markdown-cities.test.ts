import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceTrip } from '../../src/server/index.js';
import { markdownCell } from '../../src/output/markdown.js';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

// Item 7 of the desk's-day issue: a trip list pasted into a ticket shows a hostile service's city names as text,
// never as a link, an image or HTML.

const DATE = '2026-03-20';
const base = { date: DATE, published: true, passenger_places: 1, price_min: 299, price_max: 399 } as const;
const ODD: ServiceTrip[] = [
  {
    ...base,
    id: '910001',
    depart: 'Paris',
    arrival: '[x](http://evil.example)',
    layovers: ['<img src=x onerror=alert(1)>'],
    slots: [2, 2],
    times: ['08:00', '10:00', '12:00'],
  },
  {
    ...base,
    id: '910002',
    depart: 'Paris',
    arrival: 'Lyon | <b>gras</b> ![i](https://evil.example/i.png) www.evil.example &lt;',
    layovers: [],
    slots: [3],
    times: ['09:00', '13:00'],
  },
];

const service = useService({ routes: 20, today: '2026-03-10', seed: 2 });
beforeAll(() => {
  for (const trip of ODD) service.server.data.addRawTrip(trip);
});

/** Whatever a Markdown renderer would act on, outside a backslash escape. */
const ACTIVE = /(?<!\\)\[|(?<!\\)<|(?<!\\)&|(?<!\\)\||https?:\/\/|www\./;

describe('city names in a Markdown table', () => {
  it('print as text: brackets, angle brackets, ampersands, pipes and bare links are escaped', async () => {
    const result = await runCli(
      ['--base-url', service.base, '--format', 'markdown', '--lang', 'en', 'search', '--from', 'Paris', '--date', DATE],
      { env: { MOTOROUTE_NOW: '2026-03-10T06:00:00Z' } },
    );
    expect(result.code, result.stderr).toBe(0);
    const rows = result.stdout.split('\n').filter((line) => line.includes('91000'));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const cells = row.slice(2, -2).split(/(?<!\\) \| /);
      expect(cells.length).toBeGreaterThan(3);
      for (const cell of cells) expect(cell).not.toMatch(ACTIVE);
    }
    expect(result.stdout).toContain('\\[x\\](http\\://evil.example)');
    expect(result.stdout).toContain('\\<img src=x onerror=alert(1)\\>');
    expect(result.stdout).toContain(
      'Lyon \\| \\<b\\>gras\\</b\\> !\\[i\\](https\\://evil.example/i.png) www\\.evil.example \\&lt;',
    );
  });

  it('keeps plain names, hyphens, dots and underscores inside words as they are', () => {
    expect(markdownCell('Saint-Étienne')).toBe('Saint-Étienne');
    expect(markdownCell('price_min')).toBe('price_min');
    expect(markdownCell('St. Malo')).toBe('St. Malo');
    expect(markdownCell('_x_ *y* `z` ~w~')).toBe('\\_x\\_ \\*y\\* \\`z\\` \\~w\\~');
  });
});
