import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';

// A large listing on a terminal: the table is fitted from its first rows and printed as trips arrive,
// says once how to page it, and stops at Ctrl-C at once.
const bigListing = useService({ routes: 300_000, seed: 7 });

describe('a terminal table of a large listing', () => {
  it('prints rows within the first second, says how to page it once, and Ctrl-C ends it at once with 130', async () => {
    const result = await runOnTerminal(['--base-url', bigListing.base, 'list'], {
      interruptAfterSeconds: 1,
      columns: 120,
    });
    expect(result.code).toBe(130);
    expect(result.ms).toBeLessThan(1000);
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
