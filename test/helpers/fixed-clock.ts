/**
 * The day the tests live on. The local service of a test is on this day (its `today`) and every CLI child's clock
 * (MOTOROUTE_NOW) is at 03:00 in France on it, before the first departure (05:00): the data does not change with
 * the date and no trip has left yet, whatever the day and hour the suite runs at. A file whose data has other
 * dates sets its own (`today` of useService, fixChildClock of ./cli.ts, MOTOROUTE_NOW in a run's env).
 */
export const FIXED_DAY = '2026-12-10';

/** 03:00 in France on FIXED_DAY. */
export const FIXED_NOW = `${FIXED_DAY}T02:00:00Z`;
