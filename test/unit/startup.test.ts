import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/commands/index.js';
import { commandSpecsFor } from '../../src/cli/command-specs.js';
import { buildProgram } from '../../src/cli/program.js';
import { codeCacheDirectory, v8FlagsFor } from '../../src/cli/startup/compiled-app.js';
import { COMMAND_NAMES, GLOBAL_VALUE_OPTIONS, commandWord } from '../../src/cli/startup/command-word.js';

describe('the command word, found before commander loads', () => {
  it('knows every command of the registry, and no other', () => {
    expect([...COMMAND_NAMES].sort()).toEqual(COMMANDS.map((spec) => spec.name).sort());
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

describe('V8 flags', () => {
  const wasm = ['--liftoff-only', '--no-wasm-lazy-compilation', '--wasm-num-compilation-tasks=1'];

  it('keep WebAssembly on the baseline compiler, compiled ahead by one thread, for every command', () => {
    for (const command of ['search', 'list', 'serve', 'other']) expect(v8FlagsFor(command).slice(0, 3)).toEqual(wasm);
  });

  it('leave out the baseline compiler of JavaScript for short runs only', () => {
    expect(v8FlagsFor('search')).toEqual([...wasm, '--no-sparkplug']);
    expect(v8FlagsFor('other')).toEqual([...wasm, '--no-sparkplug']);
    expect(v8FlagsFor('serve')).toEqual(wasm);
    expect(v8FlagsFor('mcp')).toEqual(wasm);
    expect(v8FlagsFor('watch')).toEqual(wasm);
  });

  it('give list a young generation grown at once to a fixed size', () => {
    expect(v8FlagsFor('list')).toEqual([...wasm, '--semi-space-growth-factor=4']);
  });
});

describe('the code-cache directory', () => {
  it('is MOTOROUTE_CACHE_DIR when set', () => {
    expect(codeCacheDirectory({ MOTOROUTE_CACHE_DIR: '/somewhere', XDG_CACHE_HOME: '/xdg' })).toBe(
      '/somewhere/code-cache',
    );
  });

  it.runIf(process.platform === 'linux')('follows XDG_CACHE_HOME, else ~/.cache', () => {
    expect(codeCacheDirectory({ XDG_CACHE_HOME: '/xdg', HOME: '/home/a' })).toBe('/xdg/motoroute/code-cache');
    expect(codeCacheDirectory({ HOME: '/home/a' })).toBe('/home/a/.cache/motoroute/code-cache');
  });

  it('is none when NODE_DISABLE_COMPILE_CACHE is set, whatever else is', () => {
    expect(codeCacheDirectory({ NODE_DISABLE_COMPILE_CACHE: '1', MOTOROUTE_CACHE_DIR: '/somewhere' })).toBeUndefined();
  });
});
