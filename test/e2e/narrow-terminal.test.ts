import { describe, expect, it } from 'vitest';
import type { Trip } from '../../src/domain/types.js';
import { formatPrice } from '../../src/output/trip-columns.js';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';

const service = useService({ routes: 2000 });

/** The lines shown on the terminal, colours removed. */
function screenLines(screen: string): string[] {
  // A spinner's frames are drawn over one another from column 1: what stays is what follows the last return.
  return screen
    .split('\r\n')
    .map((line) => (line.split('\u001b[1G').at(-1) ?? '').replace(/\u001b\[[0-9;?]*[A-Za-z]/g, ''))
    .filter((line) => line !== '');
}

describe('a terminal 40 columns wide', () => {
  it('search keeps every row’s price and id whole and says once which columns it hid', async () => {
    const args = ['--base-url', service.base, 'search', 'Paris', 'Marseille', '--limit', '8'];
    const shown = await runOnTerminal(args, { columns: 40 });
    expect(shown.code).toBe(0);
    const lines = screenLines(shown.screen);
    const json = await runCli([...args, '--json']);
    const trips = JSON.parse(json.stdout) as Trip[];
    expect(trips.length).toBeGreaterThan(0);
    for (const trip of trips) {
      const row = lines.find((line) => line.endsWith(trip.id));
      expect(row, `the row of ${trip.id}`).toBeDefined();
      expect(row).toContain(formatPrice(trip.price_min, trip.price_max));
      expect([...(row ?? '')].length).toBeLessThanOrEqual(40);
    }
    expect(lines[0]).toMatch(/^Date +Route +Price +ID$/);
    // The terminal wraps the note past 40 columns: it is whole in the screen as written.
    const hidden = lines.filter((line) => line.startsWith('Hidden at 40 columns:'));
    expect(hidden).toHaveLength(1);
    expect(hidden[0]).toMatch(
      /^Hidden at 40 columns: (stopovers, )?places, time \(see --fields, or widen the window\)\.$/,
    );
    expect(json.stderr).not.toContain('Hidden');
  });

  it('says which columns it hid in French with --lang fr', async () => {
    const args = ['--lang', 'fr', '--base-url', service.base, 'search', 'Paris', 'Marseille', '--limit', '3'];
    const shown = await runOnTerminal(args, { columns: 40 });
    expect(shown.code).toBe(0);
    const lines = screenLines(shown.screen);
    expect(lines[0]).toMatch(/^Date +Trajet +Prix +ID$/);
    const hidden = lines.filter((line) => line.startsWith('Masqué sur 40 colonnes'));
    expect(hidden).toEqual([
      expect.stringMatching(
        /^Masqué sur 40 colonnes : (étapes, )?places, heure \(voir --fields, ou élargir la fenêtre\)\.$/,
      ),
    ]);
    expect(shown.screen).not.toContain('Hidden');
  });

  it('says nothing of hidden columns with -q, nor when the table is wide enough', async () => {
    const args = ['--base-url', service.base, 'search', 'Paris', 'Marseille', '--limit', '3'];
    const quiet = await runOnTerminal(['-q', ...args], { columns: 40 });
    expect(quiet.code).toBe(0);
    expect(quiet.screen).not.toContain('Hidden');
    expect(screenLines(quiet.screen)[0]).toMatch(/^Date +Route +Price +ID$/);
    const wide = await runOnTerminal(args, { columns: 120 });
    expect(wide.screen).not.toContain('Hidden');
    expect(screenLines(wide.screen)[0]).toMatch(/^Date +Time +Route +Price +Places +ID$/);
  });

  it('shows the columns --fields names, the id and price still whole', async () => {
    const args = [
      '--base-url',
      service.base,
      'search',
      'Paris',
      'Marseille',
      '--limit',
      '3',
      '--fields',
      'time,price,id',
    ];
    const shown = await runOnTerminal(args, { columns: 40 });
    expect(shown.code).toBe(0);
    const lines = screenLines(shown.screen);
    expect(lines[0]).toMatch(/^Time +Price +ID$/);
    expect(shown.screen).not.toContain('Hidden');
  });

  // -q: the notes on stderr (trips that left today) are not what is measured here.
  it('calendar and show fit: no line longer than 40 but a link or a command to copy, alone on its line', async () => {
    const calendar = await runOnTerminal(['-q', '--base-url', service.base, 'calendar', 'Paris', 'Marseille'], {
      columns: 40,
    });
    expect(calendar.code).toBe(0);
    const grid = screenLines(calendar.screen);
    expect(grid.join('\n')).toMatch(/^ Mon {2}Tue {2}Wed {2}Thu {2}Fri {2}Sat {2}Sun$/m);
    for (const line of grid) expect([...line].length, line).toBeLessThanOrEqual(40);
    const json = await runCli(['--base-url', service.base, 'search', 'Paris', 'Marseille', '--limit', '1', '--json']);
    const [trip] = JSON.parse(json.stdout) as Trip[];
    const show = await runOnTerminal(['-q', '--base-url', service.base, 'show', trip?.id ?? ''], { columns: 40 });
    expect(show.code).toBe(0);
    const lines = screenLines(show.screen);
    expect(lines[0]).toBe(`Trip ${trip?.id}`);
    expect(lines).toContain(`Price  ${formatPrice(trip?.price_min ?? null, trip?.price_max ?? null)}`);
    const toCopy = /^ {2}(https:\/\/|motoroute )\S*/;
    expect(lines.filter((line) => toCopy.test(line))).toHaveLength(2);
    for (const line of lines.filter((each) => !toCopy.test(each)))
      expect([...line].length, line).toBeLessThanOrEqual(40);
  });
});
