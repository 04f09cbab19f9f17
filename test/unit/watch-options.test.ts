import { describe, expect, it } from 'vitest';
import {
  WATCH_OPTIONS,
  formatDuration,
  minimumInterval,
  parseDuration,
  parseUntil,
  parseWatchPlan,
} from '../../src/commands/watch/options.js';
import { optionValues } from '../helpers/options.js';

const watch = (given: Record<string, string | true> = {}) => optionValues(WATCH_OPTIONS, given);
import { splitCommandLine } from '../../src/commands/watch/split-command.js';
import { UsageError } from '../../src/errors.js';

describe('durations', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['1.5s', 1500],
    [' 2M ', 120_000],
  ])('parses %j', (text, ms) => expect(parseDuration(text, '--every')).toBe(ms));

  it.each(['5', '5 m', 'm5', '0s', '-1s', '1w', ''])('refuses %j with a UsageError naming the flag', (text) => {
    expect(() => parseDuration(text, '--every')).toThrow(UsageError);
    expect(() => parseDuration(text, '--every')).toThrow(/--every/);
  });

  it('prints durations compactly', () => {
    expect(formatDuration(250)).toBe('250ms');
    expect(formatDuration(30_000)).toBe('30s');
    expect(formatDuration(300_000)).toBe('5m');
    expect(formatDuration(5_405_000)).toBe('1h30m5s');
  });
});

describe('--until', () => {
  const now = new Date(2026, 11, 5, 10, 0, 0);

  it('takes a duration from now', () => {
    expect(parseUntil('2h', now)).toBe(now.getTime() + 7_200_000);
  });

  it('takes a date as the end of that local day', () => {
    expect(parseUntil('2026-12-06', now)).toBe(new Date(2026, 11, 7).getTime());
    expect(parseUntil('today', now)).toBe(new Date(2026, 11, 6).getTime());
  });

  it('refuses a past day and anything else', () => {
    expect(() => parseUntil('2026-12-04', now)).toThrow(/already past/);
    expect(() => parseUntil('soon', now)).toThrow(/--until/);
  });
});

describe('rate budget', () => {
  it('gives each request its share of a minute', () => {
    expect(minimumInterval(1, 60)).toBe(1000);
    expect(minimumInterval(3, 60)).toBe(3000);
    expect(minimumInterval(1, 6000)).toBe(10);
    expect(minimumInterval(0, 60)).toBe(1000);
  });

  it('refuses an --every shorter than one request of the budget, before anything else', () => {
    expect(() => parseWatchPlan([], watch({ every: '500ms' }), 60)).toThrow(
      /--every 500ms is more often than the rate budget allows: at 60 requests a minute/,
    );
    expect(parseWatchPlan([], watch({ every: '1s' }), 60).everyMs).toBe(1000);
    expect(parseWatchPlan([], watch({ every: '50ms' }), 6000).everyMs).toBe(50);
    expect(parseWatchPlan([], watch({}), 60).everyMs).toBe(300_000);
  });

  it('parses the search filters, --once and --exec', () => {
    const plan = parseWatchPlan(
      ['Paris', 'Marseille'],
      watch({ minSlots: '2', once: true, exec: 'tee -a "my file"' }),
      60,
    );
    expect(plan.query).toEqual({ depart: 'Paris', arrival: 'Marseille' });
    expect(plan.filter.minSlots).toBe(2);
    expect(plan.once).toBe(true);
    expect(plan.exec).toEqual(['tee', '-a', 'my file']);
  });
});

describe('splitCommandLine', () => {
  it.each([
    ['notify-send motoroute', ['notify-send', 'motoroute']],
    ["  sh -c 'cat > out.json'  ", ['sh', '-c', 'cat > out.json']],
    ['node -e "console.log(\\"hi\\")"', ['node', '-e', 'console.log("hi")']],
    ['echo a\\ b "" c', ['echo', 'a b', '', 'c']],
    ['echo \'$HOME\' "$HOME"', ['echo', '$HOME', '$HOME']],
    ['a"b"\'c\'d', ['abcd']],
  ])('splits %j', (text, argv) => expect(splitCommandLine(text)).toEqual(argv));

  it.each(['', '   ', 'echo "open', "echo 'open", 'echo \\'])('refuses %j', (text) => {
    expect(() => splitCommandLine(text)).toThrow(UsageError);
  });
});
