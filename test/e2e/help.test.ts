import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('help', () => {
  it.each([[[]], [['search']], [['job', 'wait']], [['config', 'set']], [['book']]])(
    'prints the pre-rendered help of %j exactly as commander renders it',
    async (path) => {
      const cached = await runCli([...path, '--help']);
      // A flag before --help bypasses the cache, so commander renders the same page itself.
      const rendered = await runCli(['--quiet', ...path, '--help']);
      expect(cached.code).toBe(0);
      expect(rendered.code).toBe(0);
      expect(cached.stdout).toBe(rendered.stdout);
      expect(cached.stdout).toMatch(/^Usage: motoroute/);
    },
  );

  it('answers `help COMMAND` like `COMMAND --help`', async () => {
    const viaHelp = await runCli(['help', 'search']);
    const viaFlag = await runCli(['search', '--help']);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toMatch(/--min-slots/);
    expect(viaHelp.stdout).toMatch(/Global Options:[\s\S]*--base-url/);
  });
});
