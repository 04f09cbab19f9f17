import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { answer, endless, endlessly, head, openHead, trickle, useHostileServer } from '../helpers/hostile-server.js';
import { CASE_TIMEOUT_MS, expectCleanFailure, READING_COMMANDS } from './commands.js';

// Answers that never finish: each command ends within its bounds, with exit 3 (or 1), one line, no stack trace.
const trickling = useHostileServer({ '*': trickle(200) });
const neverEnding = useHostileServer({ '*': endless('[', '{"id":"1","date":"2026-12-05"},') });
const shortBody = useHostileServer({
  '*': (socket) => {
    // Announces 100,000 bytes, sends 14 and closes: the length lies.
    socket.write(head(200, { 'content-type': 'application/json', 'content-length': 100_000 }));
    socket.end('{"routes":[]}\n');
  },
});
const longBody = useHostileServer({
  '*': (socket) => {
    // Announces 5 bytes and sends a whole answer after them: what is read is cut.
    socket.write(head(200, { 'content-type': 'application/json', 'content-length': 5, connection: 'close' }));
    socket.end('[{"id":"1"},{"routes":[],"total":0}]');
  },
});
const slowHead = useHostileServer({ '*': () => undefined });
const stalling = useHostileServer({
  '*': (socket) => {
    // Two records, then blank space a byte at a time: bytes keep coming, records do not.
    socket.write(openHead());
    socket.write(
      '[{"id":"1","depart":"Paris","arrival":"Lyon","date":"2027-06-01","prix":299,"places_disponibles":2},{"id":"2","depart":"Paris","arrival":"Lyon","date":"2027-06-02","prix":299,"places_disponibles":2}',
    );
    endlessly(socket, ' ', 100);
  },
});
const retryLater = useHostileServer({
  '*': answer(429, '{"error":"slow down"}', { 'content-type': 'application/json', 'retry-after': 30 }),
});

describe.concurrent('hostile answers that never finish', () => {
  for (const command of READING_COMMANDS) {
    it(`a trickle of bytes: ${command.join(' ')}`, { timeout: CASE_TIMEOUT_MS }, async () => {
      await expectCleanFailure(trickling.base, command);
    });
    it(`a body that never ends: ${command.join(' ')}`, { timeout: CASE_TIMEOUT_MS }, async () => {
      await expectCleanFailure(neverEnding.base, command, ['--max-body', '4']);
    });
    it(`a Content-Length longer than the body: ${command.join(' ')}`, { timeout: CASE_TIMEOUT_MS }, async () => {
      await expectCleanFailure(shortBody.base, command);
    });
    // api prints the body as framed (the 5 bytes announced), as curl does: that is not a failure.
    if (command[0] !== 'api') {
      it(`a Content-Length shorter than the body: ${command.join(' ')}`, { timeout: CASE_TIMEOUT_MS }, async () => {
        await expectCleanFailure(longBody.base, command);
      });
    }
  }
});

describe('deadlines', () => {
  it('--timeout bounds each attempt from connect to the last byte: a trickle ends after 3 attempts', async () => {
    const started = Date.now();
    const result = await runCli(['--base-url', trickling.base, '--timeout', '0.5', 'search', 'Paris', 'Marseille'], {
      env: { MOTOROUTE_RETRY_BASE_MS: '10' },
    });
    const elapsed = Date.now() - started;
    // A gap timeout alone would never end: runCli would kill the CLI at 20 s, with no exit code 3.
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/timed out: no complete answer within 0\.5 s per attempt \(3 attempts\)/);
    // 3 × 0.5 s, timed from before the CLI started: a busy machine only makes it longer.
    expect(elapsed).toBeGreaterThanOrEqual(1500);
  });

  it('the listing: a trickle that never completes a record ends after 3 attempts of --timeout, without --max-time', async () => {
    // Never ending, the CLI would be killed by runCli at 20 s, with no exit code 3.
    const result = await runCli(['--base-url', trickling.base, '--timeout', '0.5', 'list'], {
      env: { MOTOROUTE_RETRY_BASE_MS: '10' },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^Error: GET \S+\/route\/get\/results timed out: no complete answer within 0\.5 s per attempt \(3 attempts\)/,
    );
  });

  it('the listing: records that stop coming mid-stream end it with exit 3, saying how many arrived', async () => {
    const result = await runCli([
      '--base-url',
      stalling.base,
      '--timeout',
      '0.5',
      'list',
      '--format',
      'tsv',
      '--no-header',
    ]);
    expect(result.code).toBe(3);
    expect(result.stdout.trim().split('\n')).toHaveLength(2);
    expect(result.stderr).toMatch(
      /was cut after 2 records \(no complete record within 0\.5 s\); run the command again\.\n$/,
    );
  });

  it('a service that never answers is one attempt per --timeout', async () => {
    // Never ending, the CLI would be killed by runCli at 20 s, with no exit code 3.
    const result = await runCli(['--base-url', slowHead.base, '--timeout', '0.3', 'near', 'Lyon'], {
      env: { MOTOROUTE_RETRY_BASE_MS: '10' },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/within 0\.3 s per attempt \(3 attempts\)/);
  });

  it('--max-time ends a listing that streams forever, with exit 3', async () => {
    // Never ending, the CLI would be killed by runCli at 20 s, with no exit code 3.
    const result = await runCli(['--base-url', neverEnding.base, '--max-time', '1.5', 'list', '--format', 'tsv']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^Error: The command ran out of time: --max-time 1\.5 s passed/);
  });

  it('commands that run until stopped take --max-time from the flag only, never from the environment', async () => {
    const fromEnvironment = await runCli(['--base-url', neverEnding.base, 'serve', '--port', '0'], {
      env: { MOTOROUTE_MAX_TIME: '0.5' },
      timeoutMs: 2500,
    });
    // Still serving when the test stopped it: the environment's limit did not apply.
    expect(fromEnvironment.signal).toBe('SIGKILL');
    const fromFlag = await runCli(['--base-url', neverEnding.base, '--max-time', '0.5', 'serve', '--port', '0']);
    expect(fromFlag.code).toBe(3);
    expect(fromFlag.stderr).toMatch(/--max-time 0\.5 s passed/);
  });

  it('a Retry-After wait that would pass --max-time is not started', async () => {
    // Started, the 30 s wait would outlast runCli's 20 s, which kills the CLI (no exit code 3).
    const result = await runCli(['--base-url', retryLater.base, '--max-time', '5', 'search', 'Paris', 'Marseille']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /would start after the time allowed for the whole run \(a wait of 30 s\) \(--max-time\)/,
    );
  });

  it('a retry wait is said with -v (and on a terminal)', async () => {
    const result = await runCli(
      ['--base-url', retryLater.base, '-v', '--max-time', '60', 'search', 'Paris', 'Marseille'],
      {
        env: { MOTOROUTE_RETRY_BASE_MS: '10' },
        killOnceShown: /retry 1 of 2 in 30 s/,
      },
    );
    // Killed while waiting the 30 s it was asked to: the wait was said before it began.
    expect(result.signal).toBe('SIGKILL');
    expect(result.stderr).toMatch(/: 429 Too Many Requests; retry 1 of 2 in 30 s…/);
  });

  it('help says what each bound means', async () => {
    const result = await runCli(['--help']);
    const help = result.stdout.replace(/\s+/g, ' ');
    expect(help).toContain(
      '--timeout <seconds> seconds per attempt, from connect to the last byte of an answer (3 attempts',
    );
    expect(help).toContain('--max-time <seconds> seconds allowed for the whole command, retries and waits included');
    expect(result.stdout).toMatch(/--max-body <MiB>/);
  });
});
