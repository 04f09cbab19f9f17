const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of an ISO date (UTC calendar arithmetic, no time zone involved). */
export function dayNumber(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / MS_PER_DAY);
}

const isoByDay = new Map<number, string>();

/** The ISO date (YYYY-MM-DD) of a day number (memoised: the listing asks for the same few hundred days). */
export function isoOfDay(day: number): string {
  let iso = isoByDay.get(day);
  if (iso === undefined) {
    iso = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
    if (isoByDay.size > 20_000) isoByDay.clear();
    isoByDay.set(day, iso);
  }
  return iso;
}

/** Day of the week of a day number, 0 = Sunday. */
export function weekdayOfDay(day: number): number {
  return (day + 4) % 7;
}

const CLOCK = Array.from(
  { length: 1440 },
  (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
);

/** Minutes after midnight as HH:MM (wrapping past midnight). */
export function clockOfMinutes(minutes: number): string {
  return CLOCK[((minutes % 1440) + 1440) % 1440] as string;
}

/** Parses HH:MM (00:00–23:59) to minutes after midnight, or -1 when malformed. */
export function minutesOfClock(text: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
}
