import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { answer, endless, head, useHostileServer } from '../helpers/hostile-server.js';
import { CASE_TIMEOUT_MS, expectCleanFailure, READING_COMMANDS } from './commands.js';

// Answers too large, too deep or too blank to read: refused with exit 1 (or 3), in bounded time and memory.
const hugeString = useHostileServer({ '*': answer(200, `[{"routes":[{"id":"${'x'.repeat(60_000_000)}"}]}]`) });
const deeplyNested = useHostileServer({ '*': answer(200, `${'['.repeat(20_000)}${']'.repeat(20_000)}`) });
const nestedRecord = useHostileServer({
  '*': answer(
    200,
    `[{"id":"100113","depart":"Angoulême","arrival":"Bordeaux","date":"2027-11-23","prix":299,"places_disponibles":2,"via":${'['.repeat(20_000)}${']'.repeat(20_000)}}]`,
  ),
});
const blank = useHostileServer({ '*': endless('[', Buffer.alloc(64 * 1024, ' ')) });
const bomb = gzipSync(Buffer.concat([Buffer.from('['), Buffer.alloc(100 * 1_048_576, ' ')]), { level: 9 });
const gzipBomb = useHostileServer({
  '*': (socket) => {
    socket.write(
      head(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': bomb.length,
        connection: 'close',
      }),
    );
    socket.end(bomb);
  },
});

describe.concurrent('hostile answers too large to read', () => {
  for (const command of READING_COMMANDS) {
    it(`a 60 MB string: ${command.join(' ')}`, { timeout: CASE_TIMEOUT_MS }, async () => {
      await expectCleanFailure(hugeString.base, command);
    });
    it(`20,000 nested arrays: ${command.join(' ')}`, { timeout: CASE_TIMEOUT_MS }, async () => {
      await expectCleanFailure(deeplyNested.base, command);
    });
    it(`endless blank space: ${command.join(' ')}`, { timeout: CASE_TIMEOUT_MS }, async () => {
      await expectCleanFailure(blank.base, command);
    });
    it(`a gzip bomb (100 MiB from ${Math.round(bomb.length / 1024)} KiB): ${command.join(' ')}`, {
      timeout: CASE_TIMEOUT_MS,
    }, async () => {
      await expectCleanFailure(gzipBomb.base, command);
    });
  }
});

describe('size limits', () => {
  it('an answer over --max-body is refused before it is read, by its Content-Length', async () => {
    const result = await runCli(['--base-url', hugeString.base, '--max-body', '1', 'search', 'Paris', 'Marseille']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /announced 57\.2 MiB, more than 1 MiB, motoroute's limit for one answer; refused \(raise it with --max-body/,
    );
  });

  it('a gzip bomb counts its decoded size against the limit', async () => {
    const result = await runCli(['--base-url', gzipBomb.base, 'near', 'Lyon']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/sent more than 64 MiB, motoroute's limit for one answer/);
  });

  it('a string over 1 MiB and nesting over 512 levels are refused, not crashed on', async () => {
    const string = await runCli(['--base-url', hugeString.base, '--max-body', '100', 'api', '/route/ai/search']);
    expect(string.code).toBe(1);
    expect(string.stderr).toMatch(/refuses to read: it holds a string of 60000000 bytes \(at most 1048576 are read\)/);
    const nested = await runCli(['--base-url', deeplyNested.base, 'ask', 'hello']);
    expect(nested.code).toBe(1);
    expect(nested.stderr).toMatch(/refuses to read: it nests more than 512 levels deep/);
  });

  it('the listing refuses a record nested too deep and blank space without end', async () => {
    const nested = await runCli(['--base-url', nestedRecord.base, 'list', '--raw', '--json']);
    expect(nested.code).toBe(1);
    expect(nested.stderr).toMatch(
      /^Error: GET \/route\/get\/results sent a record nested more than 512 levels deep; refused\.\n$/,
    );
    const blanks = await runCli(['--base-url', blank.base, 'list']);
    expect(blanks.code).toBe(1);
    expect(blanks.stderr).toMatch(/more than 1 MiB of blank space between records after 0 records/);
  });
});
