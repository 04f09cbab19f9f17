import { UsageError } from '../../errors.js';
import { WATCH_REFUSALS, type WatchLang } from './words.js';
import { franceMoment } from '../../domain/france-time.js';

/** Quiet hours in France's time, as minutes of the day: from `start` (included) to `end` (excluded), over midnight if need be. */
export interface QuietHours {
  text: string;
  start: number;
  end: number;
}

const RANGE = /^([01]?\d|2[0-3]):([0-5]\d)\s*-\s*([01]?\d|2[0-3]):([0-5]\d)$/;

/** Reads `22:00-07:00` (France's time); a bad or empty range is a UsageError naming the flag, in `lang`. */
export function parseQuietHours(text: string, flag: string, lang: WatchLang = 'en'): QuietHours {
  const match = RANGE.exec(text.trim());
  if (!match) throw new UsageError(WATCH_REFUSALS[lang].notHours(flag, text));
  const [, h1, m1, h2, m2] = match.map(Number) as [number, number, number, number, number];
  const start = h1 * 60 + m1;
  const end = h2 * 60 + m2;
  if (start === end) throw new UsageError(WATCH_REFUSALS[lang].sameHours(flag, text));
  return { text: text.trim(), start, end };
}

/** Whether `now` falls in the quiet hours, read on France's clock. */
export function inQuietHours(hours: QuietHours, now: Date): boolean {
  const [h, m] = franceMoment(now).time.split(':').map(Number) as [number, number];
  const minute = h * 60 + m;
  return hours.start < hours.end
    ? minute >= hours.start && minute < hours.end
    : minute >= hours.start || minute < hours.end;
}
