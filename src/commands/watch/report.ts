import type { WatchEvent, TripChangeType } from '../../domain/trip-diff.js';
import type { ColumnSet } from '../../output/columns.js';
import { createColors } from '../../output/colors.js';
import { sanitiseText } from '../../output/sanitise.js';
import type { OutputSettings } from '../../output/settings.js';
import { writeSafely, type OutputStream } from '../../output/stdout.js';
import { formatPrice, formatRoute, formatSlots, formatTripDate } from '../../output/trip-columns.js';
import { createJsonValueWriter, createRowWriter } from '../../output/writer.js';

/** Prints watch events as they happen, in the run's format. */
export interface EventPrinter {
  print(event: WatchEvent): Promise<void>;
  /** Closes the output (the JSON array); safe to call twice. */
  end(): Promise<void>;
}

const LABELS: Record<'en' | 'fr', Record<TripChangeType, string>> = {
  en: { new: 'new', gone: 'gone', freed: 'freed', taken: 'taken' },
  fr: { new: 'nouveau', gone: 'disparu', freed: 'libéré', taken: 'pris' },
};

/**
 * json streams an array and ndjson one event a line (`{time, type, trip, before?, after?}`, for
 * --exec too); csv and tsv one row per event; a terminal table one readable line per event.
 * An unknown --fields name is a UsageError here, before anything is sent.
 */
export function createEventPrinter(settings: OutputSettings, lang: 'en' | 'fr', stdout: OutputStream): EventPrinter {
  if (settings.format === 'json' || settings.format === 'ndjson') {
    const writer = createJsonValueWriter(settings, stdout);
    return { print: (event) => writer.write(event), end: () => writer.end() };
  }
  if (settings.format === 'csv' || settings.format === 'tsv') {
    const writer = createRowWriter(settings, eventColumns(), stdout);
    return { print: (event) => writer.write(event), end: () => writer.end() };
  }
  const line = eventLine(settings, lang);
  return { print: (event) => writeSafely(stdout, `${line(event)}\n`), end: async () => undefined };
}

/** One terminal line: `14:05:00  freed  Sat 05 Dec 2026 08:00  Paris → Marseille  299 €  places 1 → 3  #100234`. */
export function eventLine(
  settings: Pick<OutputSettings, 'color' | 'colorLevel'>,
  lang: 'en' | 'fr',
): (event: WatchEvent) => string {
  const chalk = createColors(settings);
  const paint: Record<TripChangeType, (text: string) => string> = {
    new: (text) => chalk.green(text),
    gone: (text) => chalk.red(text),
    freed: (text) => chalk.cyan(text),
    taken: (text) => chalk.yellow(text),
  };
  const width = Math.max(...Object.values(LABELS[lang]).map((label) => label.length));
  return (event) => {
    const { trip } = event;
    const places =
      event.before && event.after
        ? `${formatSlots(event.before)} → ${formatSlots(event.after)}`
        : formatSlots(trip.slots);
    // Service strings are cleaned one by one, before colour codes are added around them.
    const parts = [
      chalk.dim(localClock(new Date(event.time))),
      paint[event.type](LABELS[lang][event.type].padEnd(width)),
      sanitiseText(`${formatTripDate(trip.date, lang)} ${trip.times[0] ?? ''}`.trimEnd()),
      sanitiseText(formatRoute(trip)),
      formatPrice(trip.price_min, trip.price_max, lang),
      `places ${places}`,
      chalk.dim(`#${sanitiseText(trip.id)}`),
    ];
    return parts.join('  ');
  };
}

/** `14:05:00`, local time. */
export function localClock(time: Date): string {
  return [time.getHours(), time.getMinutes(), time.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

function eventColumns(): ColumnSet<WatchEvent> {
  const columns: ColumnSet<WatchEvent>['columns'] = [
    { key: 'time', header: 'time', table: (event) => event.time, raw: (event) => event.time },
    { key: 'type', header: 'type', table: (event) => event.type, raw: (event) => event.type },
    { key: 'id', header: 'id', table: (event) => event.trip.id, raw: (event) => event.trip.id },
    { key: 'date', header: 'date', table: (event) => event.trip.date, raw: (event) => event.trip.date },
    {
      key: 'departure',
      header: 'departure',
      table: (event) => event.trip.times[0] ?? '',
      raw: (event) => event.trip.times[0] ?? null,
    },
    {
      key: 'route',
      header: 'route',
      table: (event) => formatRoute(event.trip),
      raw: (event) => formatRoute(event.trip),
    },
    {
      key: 'price_min',
      header: 'price_min',
      table: (event) => String(event.trip.price_min ?? ''),
      raw: (event) => event.trip.price_min,
    },
    {
      key: 'price_max',
      header: 'price_max',
      table: (event) => String(event.trip.price_max ?? ''),
      raw: (event) => event.trip.price_max,
    },
    {
      key: 'slots',
      header: 'slots',
      table: (event) => formatSlots(event.trip.slots),
      raw: (event) => event.trip.slots,
    },
    {
      key: 'before',
      header: 'before',
      table: (event) => formatSlots(event.before ?? []),
      raw: (event) => event.before ?? null,
    },
    {
      key: 'after',
      header: 'after',
      table: (event) => formatSlots(event.after ?? []),
      raw: (event) => event.after ?? null,
    },
  ];
  const keys = columns.map((column) => column.key);
  return { columns, tableKeys: keys, machineKeys: keys };
}
