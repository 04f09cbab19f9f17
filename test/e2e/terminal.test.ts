import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runOnTerminal } from '../helpers/terminal.js';
import { useService } from '../helpers/service.js';

const service = useService({ routes: 2000 });
const ESC = '\u001b';

describe('on a terminal', () => {
  it('draws a borderless table fitted to the width, with a footer', async () => {
    const result = await runOnTerminal(['--base-url', service.base, 'search', 'Paris', 'Marseille', '--limit', '5'], {
      columns: 72,
    });
    expect(result.code).toBe(0);
    const plain = result.screen.replace(/\u001b\[[0-9;]*m/g, '');
    const lines = plain.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/DATE.*ROUTE.*PRICE/i);
    expect(plain).toMatch(/Paris → .*Marseille|Paris → Marseille/);
    expect(plain).not.toMatch(/[┌─│└]/);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(72);
    expect(plain).toMatch(/5 trips \(\d+ upcoming in all; --all shows every one\)/);
    expect(lines.at(-1)).toMatch(/^Book: https:\/\//);
  });

  it('uses colour on a terminal, and none with NO_COLOR or --no-color', async () => {
    const args = ['--base-url', service.base, 'search', 'Paris', '--limit', '3'];
    const coloured = await runOnTerminal(args);
    expect(coloured.screen).toContain(`${ESC}[`);
    const noColor = await runOnTerminal(args, { env: { NO_COLOR: '1' } });
    expect(noColor.code).toBe(0);
    expect(noColor.screen).not.toMatch(/\u001b\[[0-9;]*m/);
    const flag = await runOnTerminal([...args, '--no-color']);
    expect(flag.screen).not.toMatch(/\u001b\[[0-9;]*m/);
  });

  it('colours Error: as everything else: red on a terminal, never with NO_COLOR or --no-color, when piped only with FORCE_COLOR', async () => {
    const bad = ['--base-url', service.base, 'search', '--date', 'someday'];
    const red = `${ESC}[31mError:`;
    expect((await runOnTerminal(bad)).screen).toContain(red);
    for (const plain of [
      await runOnTerminal(bad, { env: { NO_COLOR: '1' } }),
      await runOnTerminal(['--no-color', ...bad]),
    ]) {
      expect(plain.code).toBe(2);
      expect(plain.screen).toMatch(/^Error: --date/m);
      expect(plain.screen).not.toContain(ESC);
    }
    expect((await runCli(bad, { env: { FORCE_COLOR: '1' } })).stderr).toMatch(/^\u001b\[31mError:\u001b\[39m --date/);
    expect((await runCli(bad)).stderr).toMatch(/^Error: --date/);
  });

  it('prints errors as one line, without a stack trace', async () => {
    const result = await runOnTerminal(['--base-url', service.base, 'search', '--date', 'someday']);
    expect(result.code).toBe(2);
    const lines = result.screen.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Error.*--date/);
  });
});
