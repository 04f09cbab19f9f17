import { createServer } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isolatedConfigDir, runCli, type CliResult } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';
import { mapLimit } from '../helpers/map-limit.js';

// Runs the built CLI with generated argument lists and requires a documented exit code and no stack
// trace, whatever the arguments. Nothing reaches beyond 127.0.0.1: every run carries a loopback base URL.

const SEED = 20_260_310;
const RUNS = 320;
const CONCURRENCY = 4;
const EXIT_CODES = [0, 1, 2, 3, 4];
const STACK_TRACE = /\n\s+at /;

const service = useService({ routes: 300, jobDelayMs: 200, seed: 3 });
const configDir = isolatedConfigDir();

const COMMANDS: string[][] = [
  ['search'],
  ['list'],
  ['near'],
  ['batch'],
  ['cache'],
  ['calendar'],
  ['watch'],
  ['job'],
  ['job', 'create'],
  ['job', 'get'],
  ['job', 'wait'],
  ['book'],
  ['ask'],
  ['api'],
  ['config', 'get'],
  ['config', 'set'],
  ['config', 'unset'],
  ['config', 'list'],
  ['config', 'path'],
  ['config'],
  ['doctor'],
  ['completion'],
  ['help'],
  [],
  ['bogus'],
  ['search', '--help'],
];
const FLAGS = [
  '--from',
  '--to',
  '--date',
  '--after',
  '--before',
  '--min-slots',
  '--max-price',
  '--via',
  '--sort',
  '--page',
  '--limit',
  '--all',
  '--async',
  '--raw',
  '--query',
  '--idempotency-key',
  '--details',
  '--month',
  '--months',
  '--every',
  '--until',
  '--once',
  '--formula',
  '--make',
  '--model',
  '--motorcycles',
  '--riders',
  '--return',
  '--name',
  '--email',
  '--phone',
  '--comment',
  '--mailto',
  '--form',
  '--text',
  '-X',
  '-f',
  '-F',
  '--input',
  '-H',
  '-i',
  '--paginate',
  '--format',
  '--json',
  '--fields',
  '--no-color',
  '--lang',
  '-v',
  '-q',
  '--legacy',
  '--insecure-http',
  '--timeout',
  '-h',
  '--version',
  '--',
  '-',
  '--unknown-flag',
  '-Z',
];
const VALUES = [
  'Paris',
  'Marseille',
  'lyon',
  'Besançon',
  'SAINT-ÉTIENNE',
  'today',
  'tomorrow',
  '+3d',
  '+99999d',
  '2026-02-30',
  '2026-12-05',
  '1999-01-01',
  '0',
  '-1',
  '1',
  '100',
  '101',
  '1e3',
  'NaN',
  'Infinity',
  '3.5',
  '',
  ' ',
  'json',
  'ndjson',
  'csv',
  'tsv',
  'table',
  'xml',
  'price',
  'date',
  'fr',
  'en',
  'de',
  'id,date',
  'nope',
  'rider',
  'moto-only',
  'a@b.fr',
  'not-an-email',
  'Paris:Marseille',
  ':Lyon:today:+7d',
  'a:b:c:d:e',
  '2026-13',
  '2026-07',
  '30s',
  '0s',
  '1h',
  'bash',
  'zsh',
  'fish',
  'base-url',
  'format',
  'timeout',
  'rate',
  'lang',
  '/route/ai/search',
  '/route/ai/jobs/123',
  '/nope',
  'route/cities-near?location=Lyon',
  'GET',
  'POST',
  'DELETE',
  'BREW',
  'location=Lyon',
  'a[]=1',
  'X-Test: 1',
  'Cookie: a=b',
  'nonexistent-file.json',
  '-',
  'ftp://127.0.0.1/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'http://127.0.0.1:1/v1',
  '\u202eevil',
  'zero\u200bwidth',
  '\x1b[31mred',
  '🏍️',
  '東京',
  'a'.repeat(5000),
  '"quoted"',
  "it's",
  '$(rm -rf /)',
  '--',
  '=',
  '%00',
  '\\',
];

const randomText = fc
  .oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
  )
  .map((text) => text.replaceAll('\u0000', '')); // argv cannot carry NUL
const token = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FLAGS) },
  { weight: 5, arbitrary: fc.constantFrom(...VALUES) },
  { weight: 2, arbitrary: randomText },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...FLAGS.filter((flag) => flag.startsWith('--'))), fc.constantFrom(...VALUES))
      .map(([flag, value]) => `${flag}=${value}`),
  },
);
/** Well-formed flag and value pairs, so that many runs get past validation and reach the service. */
const PAIRS: string[][] = [
  ['--from', 'Paris'],
  ['--to', 'Marseille'],
  ['--date', 'tomorrow'],
  ['--after', 'today'],
  ['--before', '+30d'],
  ['--min-slots', '2'],
  ['--max-price', '400'],
  ['--via', 'Lyon'],
  ['--sort', 'price'],
  ['--limit', '5'],
  ['--page', '2'],
  ['--all'],
  ['--format', 'json'],
  ['--format', 'ndjson'],
  ['--format', 'csv'],
  ['--format', 'tsv'],
  ['--json'],
  ['--fields', 'id,date'],
  ['--lang', 'fr'],
  ['-q'],
  ['-v'],
  ['--query', 'Paris:Lyon'],
  ['--details'],
  ['--months', '2'],
  ['--formula', 'rider'],
  ['--text'],
  ['--mailto'],
  ['-i'],
  ['Paris'],
  ['Lyon'],
  ['/route/ai/search'],
  ['bash'],
  ['lang'],
  ['123'],
];
const plausible = fc.array(fc.constantFrom(...PAIRS), { maxLength: 4 }).map((pairs) => pairs.flat());
type Target = 'service' | 'closed' | 'sandbox' | 'environment';
const target = fc.constantFrom<Target>(
  'service',
  'service',
  'service',
  'service',
  'closed',
  'closed',
  'environment',
  'sandbox',
);
const argList = fc.record({
  command: fc.constantFrom(...COMMANDS),
  tokens: fc.oneof(fc.array(token, { maxLength: 8 }), plausible),
  target,
});

/** Keeps every run local and short: no browser, no server in the foreground, watch bounded. */
function isSafe(tokens: string[]): boolean {
  return tokens.every(
    (arg) => !/^--open|^serve$/.test(arg) && (!arg.includes('://') || VALUES.includes(arg) || /^--\w[\w-]*=/.test(arg)),
  );
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('argument fuzzing of the built CLI', () => {
  it(`ends ${RUNS} generated argument lists with a documented exit code and no stack trace`, async () => {
    const closed = `http://127.0.0.1:${await closedPort()}/v1`;
    const cases = fc
      .sample(argList, { numRuns: RUNS * 2, seed: SEED })
      .filter((item) => isSafe(item.tokens))
      .slice(0, RUNS);
    expect(cases).toHaveLength(RUNS);
    const runs = await mapLimit(cases, CONCURRENCY, async ({ command, tokens, target: where }) => {
      const base =
        where === 'service'
          ? ['--base-url', service.base]
          : where === 'closed'
            ? ['--base-url', closed]
            : where === 'sandbox'
              ? ['--sandbox']
              : [];
      // watch stops by itself within a second or two, whatever else was generated.
      const bounded = command[0] === 'watch' ? ['--until', '1s', '--every', '1s'] : [];
      const args = ['--timeout', '2', ...base, ...command, ...tokens, ...bounded];
      const result: CliResult = await runCli(args, {
        timeoutMs: 20_000,
        env: { MOTOROUTE_BASE_URL: closed, MOTOROUTE_CONFIG_DIR: configDir, MOTOROUTE_RATE: '6000' },
      });
      return { args, result };
    });

    const failures = runs.filter(
      ({ result }) =>
        !EXIT_CODES.includes(result.code ?? -1) ||
        STACK_TRACE.test(result.stderr) ||
        /Unexpected error/.test(result.stderr),
    );
    const byCode = new Map<string, number>();
    for (const { result } of runs)
      byCode.set(String(result.code ?? result.signal), (byCode.get(String(result.code ?? result.signal)) ?? 0) + 1);
    console.log(
      `argument fuzzing: ${runs.length} lists (seed ${SEED}), exit codes ${JSON.stringify(Object.fromEntries(byCode))}`,
    );
    expect(
      failures.map(({ args, result }) => ({
        args: JSON.stringify(args).slice(0, 300),
        code: result.code,
        signal: result.signal,
        stderr: result.stderr.slice(0, 600),
      })),
    ).toEqual([]);
    // The runs reached every outcome, so the generator is not stuck on usage errors.
    expect(byCode.get('0') ?? 0).toBeGreaterThan(10);
    expect(byCode.get('2') ?? 0).toBeGreaterThan(10);
    expect(byCode.get('3') ?? 0).toBeGreaterThan(5);
  }, 180_000);
});
