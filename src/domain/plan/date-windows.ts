import { addDays } from '../dates.js';

/** An inclusive window of ISO dates. */
export interface DateWindow {
  from: string;
  to: string;
}

/** `--flex N` around one day: the day ± N days (the service leaves out the past days by itself). */
export function flexWindow(day: string, flex: number): DateWindow {
  return { from: addDays(day, -flex), to: addDays(day, flex) };
}

/**
 * Where the nearest dates with trips are looked for: every day from today to the one before an asked window,
 * and every day after it (open-ended: the service knows how far its trips go). None before when the window starts
 * today or earlier, none after an open-ended window.
 */
export function windowsAround(
  asked: { from?: string; to?: string },
  today: string,
): { before?: DateWindow; after?: { from: string } } {
  const result: { before?: DateWindow; after?: { from: string } } = {};
  if (asked.from !== undefined && asked.from > today) result.before = { from: today, to: addDays(asked.from, -1) };
  if (asked.to !== undefined) {
    const from = addDays(asked.to, 1);
    result.after = { from: from < today ? today : from };
  }
  return result;
}
