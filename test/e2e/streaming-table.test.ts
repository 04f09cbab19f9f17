import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';

// A large listing on a terminal: the table is fitted from its first rows and printed as trips arrive,
// says once how to page it, and stops at Ctrl-C at once. How soon the first rows come is `npm run bench`'s to say:
// here Ctrl-C comes once 100 rows are on screen, whenever a busy machine gets there.
const bigListing = useService({ routes: 300_000, seed: 7 });

describe('a terminal table of a large listing', () => {
  it('prints rows as trips arrive, says how to page it once, and Ctrl-C ends it with 130', async () => {
    const result = await runOnTerminal(['--base-url', bigListing.base, 'list'], {
      interruptOnceShown: { text: ' → ', times: 100 },
      columns: 120,
    });
    // Not stopped, the 300,000 rows would run on until the driver kills the CLI at 20 s (no exit code 130).
    expect(result.code).toBe(130);
    const screen = result.screen.replace(/\x1b\[[0-9;]*m/g, '');
    const rows = screen.split('\r\n').filter((line) => / → /.test(line));
    expect(rows.length).toBeGreaterThan(100);
    // The progress line gave way to the table: the header starts a line of its own.
    expect(screen).toMatch(/(?:^|\r\x1b\[2K)Date\s+Time\s+Route/m);
    expect(result.screen.match(/More than 5,000 rows: to page them pipe to less -S/g) ?? []).toHaveLength(
      rows.length > 5000 ? 1 : 0,
    );
    expect(result.screen).toMatch(/Interrupted/);
    expect(result.screen).not.toMatch(/\n\s+at /);
  });
});
