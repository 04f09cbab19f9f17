import { beforeAll, describe, expect, it } from 'vitest';
import { formatEuroPrice } from '../../src/output/trip-columns.js';
import { markdownCell } from '../../src/output/markdown.js';
import type { SearchPage } from '../../src/domain/types.js';
import { runCli } from '../helpers/cli.js';
import { getJson, useService } from '../helpers/service.js';

// Item 5 of the support-desk issue: a trip list to paste into a reply.

const service = useService({ routes: 400 });
let page: SearchPage;
beforeAll(async () => {
  page = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&limit=5`);
  expect(page.routes.length).toBeGreaterThan(0);
});

describe('--format markdown', () => {
  it('calendar: one row a day, prices in euros the French way, the booking link under it', async () => {
    const month = page.routes[0]!.date.slice(0, 7);
    const result = await runCli([
      '--base-url',
      service.base,
      '--format',
      'markdown',
      '--lang',
      'fr',
      'calendar',
      '--from',
      'Paris',
      '--month',
      month,
    ]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('| date | trips | price_min | price_max | slots_max |');
    const priced = lines.find((line) => /^\| \d{4}-\d\d-\d\d \| [1-9]/.test(line) && line.includes('€'));
    expect(priced).toMatch(/^\| \d{4}-\d\d-\d\d \| \d+ \| [\d ]+ € \| [\d ]+ € \| \d* \|$/);
    expect(lines.at(-1)).toBe('Réserver\u00a0: <https://symone.fr/moto>');
  });

  it('calendar in English: every price cell in euros, never a bare number', async () => {
    const month = page.routes[0]!.date.slice(0, 7);
    const result = await runCli([
      '--base-url',
      service.base,
      '--format',
      'markdown',
      'calendar',
      '--from',
      'Paris',
      '--month',
      month,
    ]);
    const rows = result.stdout.split('\n').filter((line) => /^\| \d{4}-\d\d-\d\d \| [1-9]/.test(line));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const [, , low, high] = row.split(' | ');
      for (const price of [low, high]) expect(price).toMatch(/^(€[\d,]+(\.\d\d)?|on quote)$/);
    }
  });

  it('batch: one row a trip after its query index, euros the English way, the service booking link under it', async () => {
    const result = await runCli([
      '--base-url',
      service.base,
      '--format',
      'markdown',
      '--lang',
      'en',
      'batch',
      '--query',
      'Paris:',
      '--query',
      ':Marseille',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\| # \| Date \|/);
    const first = page.routes[0]!;
    expect(result.stdout).toContain(`| ${formatEuroPrice(first.price_min, first.price_max, 'en')} |`);
    expect(lines.at(-1)).toMatch(/^Book: <https?:\/\/\S+>$/);
  });

  it('prints a Markdown table with prices in euros the French way, and the booking link under it', async () => {
    const result = await runCli([
      '--base-url',
      service.base,
      '--format',
      'markdown',
      '--lang',
      'fr',
      'search',
      '--from',
      'Paris',
      '--limit',
      '5',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('| Date | Heure | Trajet | Prix | Places | ID |');
    expect(lines[1]).toBe('|---|---|---|---:|---:|---|');
    expect(lines).toHaveLength(2 + page.routes.length + 2);
    const first = page.routes[0]!;
    expect(lines[2]).toContain(`| ${formatEuroPrice(first.price_min, first.price_max, 'fr')} |`);
    expect(lines.at(-1)).toBe(`Réserver\u00a0: <${page.book_url}>`);
  });

  it('writes euros the English way with --lang en', async () => {
    const result = await runCli([
      '--base-url',
      service.base,
      '--format',
      'markdown',
      '--lang',
      'en',
      'search',
      '--from',
      'Paris',
      '--limit',
      '5',
    ]);
    const first = page.routes[0]!;
    expect(result.stdout).toContain(`| ${formatEuroPrice(first.price_min, first.price_max, 'en')} |`);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(/^Book: </);
  });

  it('formats euros and escapes cells', () => {
    expect(formatEuroPrice(1299, 1349, 'fr')).toBe('1 299–1 349 €');
    expect(formatEuroPrice(1299, 1349, 'en')).toBe('€1,299–€1,349');
    expect(formatEuroPrice(299, 299, 'en')).toBe('€299');
    expect(formatEuroPrice(null, null, 'fr')).toBe('sur devis');
    expect(markdownCell('a|b\\c\n\u001b[31md')).toBe('a\\|b\\\\c [31md'.replace('[31m', ''));
  });

  it('gives book a summary of the request for a ticket (book-markdown.test.ts has its cases)', async () => {
    const result = await runCli([
      '--base-url',
      service.base,
      '--format',
      'markdown',
      'book',
      '--from',
      'Paris',
      '--to',
      'Lyon',
      '--date',
      '+3d',
      '--formula',
      'rider',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^### Motorcycle transport quote: Paris → Lyon\n/);
  });
});
