import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommandSpec } from '../../src/commands/define.js';
import { loadCommands } from '../../src/commands/index.js';
import { buildProgram } from '../../src/cli/program.js';
import { CLI, childEnv, runCli } from '../helpers/cli.js';

const COMMANDS = await loadCommands();

const SHELLS = ['bash', 'zsh', 'fish'] as const;
const scripts: Record<string, string> = {};
const files: Record<string, string> = {};

/** Every long option of the registry and of the program's global options. */
function longOptions(): string[] {
  const fromSpecs = (spec: CommandSpec): string[] => [
    ...Object.values(spec.options ?? {}).flatMap((option) => /--[a-z][\w-]*/.exec(option.flags) ?? []),
    ...(spec.subcommands ?? []).flatMap(fromSpecs),
  ];
  const program = buildProgram(
    { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: {} },
    async () => undefined,
    COMMANDS,
  );
  const globals = program.options.flatMap((option) => (option.long ? [option.long] : []));
  return [...new Set([...COMMANDS.flatMap(fromSpecs), ...globals])];
}

function commandNames(spec: CommandSpec): string[] {
  return [spec.name, ...(spec.subcommands ?? []).flatMap(commandNames)];
}

function installed(shell: string): boolean {
  return spawnSync(shell, ['--version'], { stdio: 'ignore' }).status === 0;
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'motoroute-completion-'));
  for (const shell of SHELLS) {
    const result = await runCli(['completion', shell]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    scripts[shell] = result.stdout;
    files[shell] = join(dir, `motoroute.${shell}`);
    writeFileSync(files[shell], result.stdout);
  }
});

describe('completion scripts', () => {
  it.each(SHELLS)('%s: names every command, subcommand and option of the registry', (shell) => {
    const script = scripts[shell]!;
    for (const name of COMMANDS.flatMap(commandNames)) expect(script).toMatch(new RegExp(`['|]${name}[':| ]`));
    for (const option of longOptions()) {
      expect(shell === 'fish' ? script.includes(`-l ${option.slice(2)} `) : script.includes(`'${option}:`)).toBe(true);
    }
  });

  it('rejects an unknown shell with a usage error', async () => {
    const result = await runCli(['completion', 'tcsh']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('use one of bash, zsh, fish');
    expect(result.stdout).toBe('');
  });
});

describe('bash', () => {
  /** Runs `_motoroute` on a command line whose last word is the one being completed. */
  function complete(...words: string[]): string[] {
    const array = words.map((word) => `'${word}'`).join(' ');
    const script = `source '${files.bash}'\nCOMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; _motoroute; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const result = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    return result.stdout.split('\n').filter(Boolean);
  }

  it('loads from process substitution and registers the motoroute completion', () => {
    const result = spawnSync(
      'bash',
      [
        '--norc',
        '--noprofile',
        '-c',
        `source <('${process.execPath}' '${CLI}' completion bash) && complete -p motoroute`,
      ],
      {
        encoding: 'utf8',
        env: childEnv({ HOME: tmpdir() }),
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('complete -o default -F _motoroute motoroute');
  });

  it('completes commands, subcommands and options', () => {
    expect(complete('motoroute', 'se')).toEqual(['search', 'serve']);
    expect(complete('motoroute', 'do')).toEqual(['doctor']);
    expect(complete('motoroute', 'config', '')).toEqual(['get', 'set', 'unset', 'list', 'path', 'help']);
    expect(complete('motoroute', 'job', 'w')).toEqual(['wait']);
    expect(complete('motoroute', 'search', '--so')).toEqual(['--sort']);
    expect(complete('motoroute', '--json', '--base-url', 'http://127.0.0.1:1/v1', 'ne')).toEqual(['near']);
    expect(complete('motoroute', 'search', 'Paris', '')).toEqual([]);
  });

  it('completes the values of enumerated options and positionals', () => {
    expect(complete('motoroute', 'search', '--sort', '')).toEqual(['date', 'price']);
    expect(complete('motoroute', 'search', '--sort', '=', 'p')).toEqual(['price']);
    expect(complete('motoroute', 'search', '--sort=d')).toEqual(['--sort=date']);
    expect(complete('motoroute', 'list', '--format', '')).toEqual([
      'table',
      'json',
      'ndjson',
      'csv',
      'tsv',
      'markdown',
    ]);
    expect(complete('motoroute', '--lang', '')).toEqual(['en', 'fr']);
    expect(complete('motoroute', 'book', '--formula', '')).toEqual(['rider', 'moto-only']);
    expect(complete('motoroute', 'serve', '--listing-form', '')).toEqual(['a', 'b', 'mixed']);
    expect(complete('motoroute', 'config', 'set', '')).toEqual([
      'base-url',
      'format',
      'lang',
      'timeout',
      'max-time',
      'max-body',
      'rate',
      'strict',
      'concurrency',
      'booking-email',
      'booking-url',
      'quote-url',
      'from',
      'greeting',
      'signature',
      'voice',
      'notify',
    ]);
    // The value of a setting with a list of values, by the key typed before it.
    expect(complete('motoroute', 'config', 'set', 'format', '')).toEqual([
      'table',
      'json',
      'ndjson',
      'csv',
      'tsv',
      'markdown',
    ]);
    expect(complete('motoroute', 'config', 'set', 'lang', 'f')).toEqual(['fr']);
    expect(complete('motoroute', 'config', 'set', 'voice', '')).toEqual(['customer', 'desk']);
    expect(complete('motoroute', 'book', '--voice', '')).toEqual(['customer', 'desk']);
    expect(complete('motoroute', 'config', 'set', 'strict', '')).toEqual(['true', 'false']);
    expect(complete('motoroute', '--json', 'config', 'set', 'lang', '')).toEqual(['en', 'fr']);
    expect(complete('motoroute', 'config', 'unset', 'b')).toEqual(['base-url', 'booking-email', 'booking-url']);
    expect(complete('motoroute', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    // A value option's value is not taken for a subcommand or positional.
    expect(complete('motoroute', 'search', '--from', 'se', '--sort', '')).toEqual(['date', 'price']);
  });
});

describe('zsh', () => {
  it('is valid zsh, registers _motoroute with compinit, and offers the expected candidates', () => {
    expect(scripts.zsh).toMatch(/^#compdef motoroute\n/);
    if (!installed('zsh')) {
      // Without zsh, the script must still be written for zsh's completion system.
      expect(scripts.zsh).toContain('_describe -t commands command described');
      expect(scripts.zsh).toContain('compdef _motoroute motoroute');
      return;
    }
    expect(spawnSync('zsh', ['-n', files.zsh!], { encoding: 'utf8' })).toMatchObject({ status: 0, stderr: '' });
    const dump = join(mkdtempSync(join(tmpdir(), 'motoroute-zsh-')), 'zcompdump');
    const loaded = spawnSync(
      'zsh',
      [
        '-f',
        '-c',
        `autoload -U compinit && compinit -u -d '${dump}' && source '${files.zsh}' && print -r -- $_comps[motoroute]`,
      ],
      { encoding: 'utf8' },
    );
    expect(loaded.stdout.trim()).toBe('_motoroute');
    // Stand-ins for the completion builtins print what _motoroute offers (zsh itself filters by prefix).
    const harness = `
      compadd() { local name; while (( $# )); do if [[ $1 == -a ]]; then name=$2; shift 2; else shift; fi; done; print -r -- "\${(j: :)\${(P)name}}"; }
      _describe() { print -r -- "\${(j: :)\${(@)\${(P)4}%%:*}}"; }
      _files() { print FILES; }
      compset() { :; }
      compdef() { :; }
      source '${files.zsh}'
      t() { words=("$@"); CURRENT=$#; _motoroute; }
      t motoroute search --sort ''
      t motoroute config unset ''
      t motoroute batch ''
      t motoroute ''
      t motoroute config set format ''`;
    const lines = spawnSync('zsh', ['-f', '-c', harness], { encoding: 'utf8' }).stdout.split('\n');
    expect(lines[0]).toBe('date price');
    expect(lines[1]).toBe(
      'base-url format lang timeout rate strict concurrency booking-email booking-url quote-url from greeting signature',
    );
    expect(lines[2]).toBe('FILES');
    expect(lines[3]!.split(' ')).toEqual(expect.arrayContaining(COMMANDS.map((command) => command.name)));
    expect(lines[4]).toBe('table json ndjson csv tsv markdown');
  });
});

describe('fish', () => {
  it('is valid fish and offers the expected candidates', () => {
    expect(scripts.fish).toContain(`complete -c motoroute -n '__motoroute_at \\'search\\'' -l sort -x -a 'date price'`);
    expect(scripts.fish).toContain(`complete -c motoroute -l format -x -a 'table json ndjson csv tsv markdown'`);
    if (!installed('fish')) return;
    expect(spawnSync('fish', ['-n', files.fish!], { encoding: 'utf8' })).toMatchObject({ status: 0, stderr: '' });
    const candidates = (line: string) =>
      spawnSync(
        'fish',
        ['--no-config', '-c', `source '${files.fish}'; complete -C '${line}' | string replace -r '\\t.*' ''`],
        { encoding: 'utf8' },
      )
        .stdout.split('\n')
        .filter(Boolean);
    expect(candidates('motoroute se')).toEqual(['search', 'serve']);
    expect(candidates('motoroute search --sort ')).toEqual(['date', 'price']);
    expect(candidates('motoroute book --formula ')).toEqual(['moto-only', 'rider']);
    expect(candidates('motoroute config get l')).toEqual(['lang']);
    expect(candidates('motoroute list --r')).toEqual(['--raw']);
    expect(candidates('motoroute --format n')).toEqual(['ndjson']);
    expect(candidates('motoroute config set lang ')).toEqual(['en', 'fr']);
    expect(candidates('motoroute config set strict ')).toEqual(['false', 'true']);
  });
});
