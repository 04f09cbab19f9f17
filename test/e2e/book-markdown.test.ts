import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceTrip } from '../../src/server/index.js';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

// Item 7 of the desk's-day issue: `book … --format markdown` gives a short summary of the request for a ticket,
// where a hostile service's city, or a name typed by anyone, prints as text, never as a link, an image or HTML.

const DATE = '2026-03-20';
const HOSTILE: ServiceTrip = {
  id: '920001',
  date: DATE,
  published: true,
  passenger_places: 1,
  price_min: 299,
  price_max: 399,
  depart: 'Paris',
  arrival: '[x](http://evil.example)',
  layovers: ['<img src=x onerror=alert(1)>'],
  slots: [3, 3],
  times: ['08:00', '10:15', '12:00'],
};
const service = useService({ routes: 20, today: '2026-03-10', seed: 2 });
beforeAll(() => service.server.data.addRawTrip(HOSTILE));
const env = { MOTOROUTE_NOW: '2026-03-10T06:00:00Z' };
const book = (args: string[]) => runCli(['--base-url', service.base, '--format', 'markdown', 'book', ...args], { env });

/** Whatever a Markdown renderer would act on, outside a backslash escape. */
const ACTIVE = /(?<!\\)\[|(?<!\\)<|(?<!\\)&|(?<!\\)\||https?:\/\/|www\./;

/** The summary's lines but the form link's, which is the one link it gives. */
const textLines = (markdown: string) =>
  markdown.split('\n').filter((line) => !/^- \*\*(Form|Formulaire)\*\*/.test(line));

describe('book --format markdown', () => {
  it('sums a trip up for a ticket, a hostile city and name as text, the form as the one link', async () => {
    const result = await book([
      '--lang',
      'en',
      HOSTILE.id,
      '--formula',
      'rider',
      '--motorcycle',
      'Honda CB500F',
      '--name',
      'Jeanne <b>Dupont</b> [me](javascript:alert(1))',
      '--email',
      'jeanne@example.fr',
      '--comment',
      '![i](https://evil.example/i.png) | www.evil.example',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('### Motorcycle transport booking: Paris → \\[x\\](http\\://evil.example)');
    expect(result.stdout).toContain('- **Trip**: scheduled trip 920001\n');
    expect(result.stdout).toContain('- **Date**: Friday 20 March 2026\n');
    expect(result.stdout).toContain('- **Boarding**: Paris, 08:00\n');
    expect(result.stdout).toContain('- **Alighting**: \\[x\\](http\\://evil.example), 12:00\n');
    expect(result.stdout).toContain('- **Motorcycles**: 1 (Honda CB500F)\n');
    expect(result.stdout).toContain('- **Riders**: 1\n');
    expect(result.stdout).toContain(
      '- **Contact**: Jeanne \\<b\\>Dupont\\</b\\> \\[me\\](javascript:alert(1)), jeanne@example.fr\n',
    );
    expect(result.stdout).toContain('- **Comment**: !\\[i\\](https\\://evil.example/i.png) \\| www\\.evil.example\n');
    expect(result.stdout).toMatch(/^- \*\*Form\*\*: <https:\/\/symone\.fr\/moto\?[^\s<>]+>$/m);
    for (const line of textLines(result.stdout)) expect(line).not.toMatch(ACTIVE);
  });

  it('sums a quote up in French, times and colons the French way', async () => {
    const result = await book([
      '--lang',
      'fr',
      '--from',
      'Paris',
      '--to',
      'Lyon',
      '--date',
      '2026-03-21',
      '--formula',
      'moto-only',
      '--motorcycles',
      '2',
      '--return',
      '2026-03-28',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^### Devis transport moto\u00a0: Paris → Lyon\n\n/);
    expect(result.stdout).toContain('- **Trajet**\u00a0: devis (pas de trajet programmé)\n');
    expect(result.stdout).toContain('- **Date**\u00a0: samedi 21 mars 2026\n');
    expect(result.stdout).toContain('- **Retour**\u00a0: samedi 28 mars 2026\n');
    expect(result.stdout).toContain('- **Pilotes**\u00a0: 0\n');
    expect(result.stdout).toContain('- **Contact**\u00a0: aucun\n');
    expect(result.stdout).toMatch(/^- \*\*Formulaire\*\*\u00a0: <https:\/\/symone\.fr\/moto\?tab=tab-devis&/m);
  });

  it('refuses a part or a draft with it, and stays refused for a file of requests', async () => {
    const part = await book(['--lang', 'en', HOSTILE.id, '--formula', 'rider', '--mailto']);
    expect(part.code).toBe(2);
    expect(part.stderr).toMatch(
      /--format markdown prints a summary of the whole request; it cannot be combined with --mailto\./,
    );
    const rows = await book(['--lang', 'en', '--from-file', '-', '--out', '.']);
    expect(rows.code).toBe(2);
    expect(rows.stderr).toMatch(/--format markdown cannot be honoured/);
  });

  it('is asked by the flag only: a configured markdown format leaves book printing the e-mail', async () => {
    const configured = { ...env, MOTOROUTE_FORMAT: 'markdown' };
    const quote = [
      '--lang',
      'en',
      'book',
      '--from',
      'Paris',
      '--to',
      'Lyon',
      '--date',
      '2026-03-20',
      '--formula',
      'rider',
    ];
    const result = await runCli(['--base-url', service.base, ...quote, '--text'], { env: configured });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^To: reservation@symone\.fr\nSubject: /);
    expect(result.stdout).not.toContain('###');
    const flagged = await runCli(['--base-url', service.base, '--format', 'markdown', ...quote], { env: configured });
    expect(flagged.code, flagged.stderr).toBe(0);
    expect(flagged.stdout).toMatch(/^### /);
  });
});
