import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/run-command.js';
import { loadCommands } from '../../src/commands/index.js';
import type { CommandSpec, OptionSpec } from '../../src/commands/define.js';
import { longName } from '../../src/commands/options.js';
import { useService } from '../helpers/service.js';

const COMMANDS = await loadCommands();

// Every option of every command, fed the value its kind refuses, must stop the command before any
// request with exit 2 and one line naming the flag: the kinds word the errors, once for all.

const service = useService({ routes: 50 });
const configDir = mkdtempSync(join(tmpdir(), 'motoroute-bad-values-'));
afterAll(() => rmSync(configDir, { recursive: true, force: true }));

interface Case {
  /** The command words, then a word for each required argument. */
  path: string[];
  flag: string;
  spec: OptionSpec;
}

function cases(spec: CommandSpec, parents: string[] = []): Case[] {
  const path = [...parents, spec.name];
  const required = (spec.args ?? []).filter((arg) => arg.startsWith('<')).map(() => 'x');
  return [
    ...Object.values(spec.options ?? {}).map((option) => ({
      path: [...path, ...required],
      flag: longName(option.flags),
      spec: option,
    })),
    ...(spec.subcommands ?? []).flatMap((sub) => cases(sub, path)),
  ];
}

const ALL = COMMANDS.flatMap((command) => cases(command));
const WITH_VALUES = ALL.filter(({ spec }) => spec.invalidSample !== undefined);

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) =>
    new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        append(chunk.toString('utf8'));
        done();
      },
    });
  const env = { MOTOROUTE_CONFIG_DIR: configDir, NO_COLOR: '1' };
  const io = {
    stdout: sink((text) => (stdout += text)),
    stderr: sink((text) => (stderr += text)),
    stdin: new PassThrough(),
    env,
  };
  const code = await runCommand(['--base-url', service.base, ...argv], io, new AbortController().signal);
  return { code, stdout, stderr };
}

describe('every option refuses a bad value alike', () => {
  it('covers every option: a kind that reads values declares one it refuses; only switches and free text take anything', () => {
    expect(ALL.length).toBeGreaterThan(60);
    const unchecked = ALL.filter(
      ({ spec }) => spec.invalidSample === undefined && spec.kind !== 'boolean' && spec.kind !== 'text',
    );
    expect(unchecked.map(({ path, flag }) => `${path.join(' ')} ${flag}`)).toEqual([]);
  });

  it.each(
    WITH_VALUES.map((item) => [`${item.path.join(' ')} ${item.flag} "${item.spec.invalidSample}"`, item] as const),
  )('%s', async (_name, { path, flag, spec }) => {
    const before = service.server.stats.requests();
    const result = await run([...path, `${flag}=${spec.invalidSample ?? ''}`]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(new RegExp(`^Error: ${flag}\\b`));
    expect(service.server.stats.requests()).toBe(before);
  });

  // The kinds' own sentences (a command's own reader, kind text, words its errors itself).
  const KINDS_SAY = WITH_VALUES.filter(({ spec }) => spec.kind !== 'text');
  it.each(
    KINDS_SAY.map(
      (item) => [`--lang fr ${item.path.join(' ')} ${item.flag} "${item.spec.invalidSample}"`, item] as const,
    ),
  )('%s', async (_name, { path, flag, spec }) => {
    const before = service.server.stats.requests();
    const result = await run(['--lang', 'fr', ...path, `${flag}=${spec.invalidSample ?? ''}`]);
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(new RegExp(`^Erreur\u00a0: ${flag}\\b`));
    expect(result.stderr).not.toMatch(/\b(must|is not|needs|use|give)\b/);
    expect(service.server.stats.requests()).toBe(before);
  });

  it('a value option given twice is refused, naming it, unless it is repeatable', async () => {
    const single = WITH_VALUES.filter(({ spec }) => !spec.repeatable && /[<[]/.test(spec.flags));
    expect(single.length).toBeGreaterThan(30);
    for (const { path, flag } of single.slice(0, 8)) {
      const result = await run([...path, `${flag}=a`, `${flag}=b`]);
      expect(result.code, `${path.join(' ')} ${flag}`).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(`^Error: ${flag} was given 2 times \\("a", "b"\\); give it once\\.\\n$`),
      );
    }
  });
});
