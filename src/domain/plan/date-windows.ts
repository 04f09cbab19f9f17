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
 * The windows just before and just after an asked window, `span` days each, where the nearest dates with trips
 * are looked for: none before when the window starts today or earlier, none after an open-ended window.
 */
export function windowsAround(asked: { from?: string; to?: string }, today: string, span: number): { before?: DateWindow; after?: DateWindow } {
  const result: { before?: DateWindow; after?: DateWindow } = {};
  if (asked.from !== undefined && asked.from > today) {
    const to = addDays(asked.from, -1);
    const from = addDays(asked.from, -span);
    result.before = { from: from < today ? today : from, to };
  }
  if (asked.to !== undefined) {
    const from = addDays(asked.to, 1);
    result.after = { from: from < today ? today : from, to: addDays(from < today ? today : from, span - 1) };
  }
  return result;
}
