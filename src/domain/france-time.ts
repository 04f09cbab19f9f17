/** A moment as the service's country reads it: its calendar date and wall-clock time in France. */
export interface FranceMoment {
  /** YYYY-MM-DD in Europe/Paris. */
  date: string;
  /** HH:MM in Europe/Paris. */
  time: string;
}

const HOUR = 3_600_000;

// France keeps the EU rule: UTC+1, and UTC+2 from the last Sunday of March to the last Sunday of October,
// switching at 01:00 UTC. Computed here rather than through Intl.DateTimeFormat, whose first use with a
// time zone loads ICU's zone data: 10-16 ms of a 100 ms search. test/unit/france-time.test.ts holds the two equal.

/**
 * The date and time in France at `instant`, whatever the host's time zone.
 * @example
 * ```ts
 * franceMoment(new Date('2026-12-05T07:00:00Z')); // { date: '2026-12-05', time: '08:00' } (CET, UTC+1)
 * ```
 */
export function franceMoment(instant: Date): FranceMoment {
  const local = new Date(instant.getTime() + franceOffsetMs(instant));
  const iso = local.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** France's offset from UTC at `instant`: one hour, or two in summer time. */
export function franceOffsetMs(instant: Date): number {
  const year = instant.getUTCFullYear();
  const t = instant.getTime();
  return t >= lastSundayAt1Utc(year, 2) && t < lastSundayAt1Utc(year, 9) ? 2 * HOUR : HOUR;
}

/** 01:00 UTC on the last Sunday of a month (0-11) of `year`. */
function lastSundayAt1Utc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0, 1));
  lastDay.setUTCFullYear(year);
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR;
}
