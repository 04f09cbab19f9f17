import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { COMMAND_REGISTRY, loadCommands } from '../../src/commands/index.js';
import { commandSpecsFor } from '../../src/cli/command-specs.js';
import { buildProgram } from '../../src/cli/program.js';
import { COMMAND_NAMES, GLOBAL_VALUE_OPTIONS, commandWord } from '../../src/cli/startup/command-word.js';
import { compileCacheDirectory } from '../../src/cli/startup/compile-cache.js';

const COMMANDS = await loadCommands();

describe('the command word, found before commander loads', () => {
  it("knows every command of the registry by its spec's name, and no other", () => {
    expect([...COMMAND_NAMES].sort()).toEqual(COMMANDS.map((spec) => spec.name).sort());
    expect(COMMANDS.map((spec) => spec.name)).toEqual(COMMAND_REGISTRY.map((entry) => entry.name));
    for (const spec of COMMANDS) expect(commandWord(['--lang', 'fr', spec.name])).toBe(spec.name);
  });

  it('knows every global option that takes a value', () => {
    const io = { stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough(), env: {} };
    const program = buildProgram(io, async () => undefined, COMMANDS);
    const taking = program.options.filter((option) => option.required || option.optional).map((option) => option.long);
    expect([...GLOBAL_VALUE_OPTIONS].sort()).toEqual(taking.sort());
  });

  it.each([
    [['search', 'Paris', 'Marseille'], 'search'],
    [['--json', 'list', '--from', 'Paris'], 'list'],
    [['--base-url', 'http://127.0.0.1:1/v1', 'near', 'Lyon'], 'near'],
    [['--format', 'csv', '--timeout', '5', '--lang', 'fr', '--fields', 'id', 'cache'], 'cache'],
    [['--base-url=http://127.0.0.1:1/v1', 'job', 'get', 'x'], 'job'],
    [['-v', '--sandbox', 'serve'], 'serve'],
    [['serach', 'Paris'], 'other'],
    [['--base-url', 'search'], 'other'],
    [['--', 'search'], 'other'],
    [[], 'other'],
  ])('%j runs %s', (argv, command) => {
    expect(commandWord(argv)).toBe(command);
  });
});

describe('the commands a run builds', () => {
  it.each(COMMANDS.filter((spec) => spec.name !== 'completion').map((spec) => [spec.name, spec] as const))(
    '%s alone when argv names it',
    async (name, spec) => {
      expect(await commandSpecsFor(['--json', name, 'x'])).toEqual([spec]);
    },
  );

  it.each([[['completion', 'bash']], [['serach', 'Paris']], [[]], [['--base-url', 'search']]])(
    'every command for %j',
    async (argv) => {
      expect(await commandSpecsFor(argv)).toBe(COMMANDS);
    },
  );
});

describe('the compile-cache directory', () => {
  it('is MOTOROUTE_CACHE_DIR when set', () => {
    expect(compileCacheDirectory({ MOTOROUTE_CACHE_DIR: '/somewhere', XDG_CACHE_HOME: '/xdg' })).toBe(
      '/somewhere/compile-cache',
    );
  });

  it.runIf(process.platform === 'linux')('follows XDG_CACHE_HOME, else ~/.cache', () => {
    expect(compileCacheDirectory({ XDG_CACHE_HOME: '/xdg', HOME: '/home/a' })).toBe('/xdg/motoroute/compile-cache');
    expect(compileCacheDirectory({ HOME: '/home/a' })).toBe('/home/a/.cache/motoroute/compile-cache');
  });
});
