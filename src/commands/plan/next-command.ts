import type { TripFilter } from '../../domain/types.js';
import type { NextCommand } from './hint-lines.js';

/**
 * A city (service text) as a positional word, or as `--from=CITY` when it begins with a dash: a served city named
 * `--base-url=http://evil.example/v1` must stay the value of its option in a pasted command, never become one.
 */
function cityWord(flag: string, city: string): string {
  return city.startsWith('-') ? `${flag}=${city}` : city;
}

/** An option and its value (service text) as words, joined by `=` when the value begins with a dash. */
function optionWords(flag: string, value: string): string[] {
  return value.startsWith('-') ? [`${flag}=${value}`] : [flag, value];
}

/**
 * The `search` or `list` command a hint suggests: the suggested cities, the suggested day (else the dates asked),
 * and the local filters asked, so the suggestion finds what the hint counted.
 */
export function tripsCommand(invocation: readonly string[], name: 'search' | 'list', filter: TripFilter): NextCommand {
  return (cities, date) => {
    const words = [...invocation, name];
    if (cities.from !== undefined) words.push(cityWord('--from', cities.from));
    if (cities.to !== undefined)
      words.push(...(cities.from === undefined ? optionWords('--to', cities.to) : [cityWord('--to', cities.to)]));
    if (date !== undefined) words.push('--date', date);
    else if (filter.dateFrom !== undefined && filter.dateFrom === filter.dateTo) words.push('--date', filter.dateFrom);
    else {
      if (filter.dateFrom !== undefined) words.push('--after', filter.dateFrom);
      if (filter.dateTo !== undefined) words.push('--before', filter.dateTo);
    }
    if (filter.via !== undefined) words.push(...optionWords('--via', filter.via));
    if (filter.minSlots !== undefined) words.push('--min-slots', String(filter.minSlots));
    if (filter.maxPrice !== undefined) words.push('--max-price', String(filter.maxPrice));
    return words;
  };
}

/** The `calendar` command a hint suggests: the suggested cities, and the month of the suggested day (else the months asked). */
export function calendarCommand(
  invocation: readonly string[],
  filter: TripFilter,
  month: string,
  months: number,
): NextCommand {
  return (cities, date) => {
    const words = [...invocation, 'calendar'];
    if (cities.from !== undefined) words.push(cityWord('--from', cities.from));
    if (cities.to !== undefined)
      words.push(...(cities.from === undefined ? optionWords('--to', cities.to) : [cityWord('--to', cities.to)]));
    words.push('--month', date === undefined ? month : date.slice(0, 7));
    if (date === undefined && months > 1) words.push('--months', String(months));
    if (filter.via !== undefined) words.push(...optionWords('--via', filter.via));
    if (filter.minSlots !== undefined) words.push('--min-slots', String(filter.minSlots));
    if (filter.maxPrice !== undefined) words.push('--max-price', String(filter.maxPrice));
    return words;
  };
}
