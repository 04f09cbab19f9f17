import type { ChalkInstance } from 'chalk';
import { cheapestDates, isoDay, monthWeeks, type CalendarDay, type CalendarMonth } from '../../domain/calendar.js';
import { displayWidth, truncateToWidth } from '../../output/text-width.js';
import { CALENDAR_WORDS, type CalendarLang } from './words.js';
import { formatEuros, formatNumber } from '../../domain/numbers.js';

/** Width of one day cell; seven cells and six one-space gaps make 76 columns, inside 80. */
export const CELL_WIDTH = 10;
/** Width of the whole grid, in terminal columns. */
export const GRID_WIDTH = CELL_WIDTH * 7 + 6;

/** How the parts of the grid are drawn; the plain style leaves text as is, so piped output stays aligned. */
export interface GridStyle {
  title(text: string): string;
  weekday(text: string): string;
  /** A day without trips. */
  noTrip(text: string): string;
  /** The cheapest day(s) of the month. */
  cheapest(text: string): string;
  /** A day whose trips are all priced on quote. */
  onQuote(text: string): string;
  /** Today's day number. */
  today(text: string): string;
}

const same = (text: string) => text;

/** No colour: markers (`*`, `-`) alone carry the meaning. */
export const PLAIN_STYLE: GridStyle = {
  title: same,
  weekday: same,
  noTrip: same,
  cheapest: same,
  onQuote: same,
  today: same,
};

/** Colours for a terminal (chalk applies none when colour is off). */
export function colourStyle(chalk: ChalkInstance): GridStyle {
  return {
    title: (text) => chalk.bold(text),
    weekday: (text) => chalk.cyan(text),
    noTrip: (text) => chalk.dim(text),
    cheapest: (text) => chalk.bold.green(text),
    onQuote: (text) => chalk.yellow(text),
    today: (text) => chalk.inverse(text),
  };
}

/** What a grid shows besides the days. */
export interface GridOptions {
  lang: CalendarLang;
  /** The route or filter described under the month name, e.g. `Paris → Marseille`. */
  subject?: string;
  /** Today's date, marked when it falls in the month. */
  today?: string;
  style?: GridStyle;
  /** The terminal's width: below {@link GRID_WIDTH} the cells narrow (to 4), prices lose their `€` and places their word. */
  width?: number;
}

/** Narrower than this, a day cell shows bare numbers (`339`, `3`), the legend saying what they are. */
const WORDED_CELL = 8;
const NARROWEST_CELL = 4;

/**
 * Draws one month: a centred title, weekday names (Monday first), then per week three lines per
 * day — the day number, the lowest price (`*` on the cheapest day, `-` without trips, "on quote")
 * and the most free places; `past` before today — and a legend. Lines end without trailing spaces; no line is wider than {@link GRID_WIDTH}.
 */
export function renderMonthGrid(month: CalendarMonth, days: readonly CalendarDay[], options: GridOptions): string {
  const words = CALENDAR_WORDS[options.lang];
  const style = options.style ?? PLAIN_STYLE;
  const byDate = new Map(days.map((day) => [day.date, day]));
  const cheapest = cheapestDates(days);
  const cellWidth = Math.max(NARROWEST_CELL, Math.min(CELL_WIDTH, Math.floor(((options.width ?? GRID_WIDTH) - 6) / 7)));
  const gridWidth = cellWidth * 7 + 6;
  const worded = cellWidth >= WORDED_CELL;
  const cell = (text: string, paint: (text: string) => string = same) => fitCell(text, cellWidth, paint);
  const euros = (amount: number) =>
    worded ? formatEuros(amount, options.lang, GRID_EUROS) : formatAmount(amount, options.lang);
  const title = `${words.months[month.month - 1]} ${month.year}${options.subject ? ` · ${options.subject}` : ''}`;
  const lines = [
    style.title(centre(truncateToWidth(title, gridWidth), gridWidth)),
    row(words.weekdays.map((name) => cell(name, style.weekday))),
  ];
  for (const week of monthWeeks(month)) {
    const numbers: string[] = [];
    const prices: string[] = [];
    const places: string[] = [];
    for (const dayNumber of week) {
      if (dayNumber === null) {
        numbers.push(cell(''));
        prices.push(cell(''));
        places.push(cell(''));
        continue;
      }
      const date = isoDay(month, dayNumber);
      const day = byDate.get(date);
      const hasTrips = day !== undefined && day.trips > 0;
      // A day gone by has no trips to offer: said as past, not as a day the service runs nothing.
      if (options.today !== undefined && date < options.today) {
        numbers.push(cell(String(dayNumber), style.noTrip));
        prices.push(cell(worded ? words.past : words.narrowPast, style.noTrip));
        places.push(cell(''));
        continue;
      }
      numbers.push(cell(String(dayNumber), date === options.today ? style.today : hasTrips ? same : style.noTrip));
      if (!hasTrips) {
        prices.push(cell('-', style.noTrip));
        places.push(cell(''));
        continue;
      }
      if (day.price_min === null) prices.push(cell(worded ? words.onQuote : words.narrowOnQuote, style.onQuote));
      else if (cheapest.has(date)) prices.push(cell(`*${euros(day.price_min)}`, style.cheapest));
      else prices.push(cell(euros(day.price_min)));
      places.push(cell(worded ? words.free(day.slots_max ?? 0) : String(day.slots_max ?? 0)));
    }
    lines.push('', row(numbers), row(prices), row(places));
  }
  if (worded) lines.push('', style.noTrip(truncateToWidth(words.legend, GRID_WIDTH)));
  else lines.push('', ...wrapWords(words.narrowLegend, gridWidth).map((line) => style.noTrip(line)));
  return `${lines.map((line) => line.trimEnd()).join('\n')}\n`;
}

/** Prices in the grid: `299 €`, decimals only when there are some (`299,50 €` in French), never grouped. */
const GRID_EUROS = { grouped: false, sign: 'after' } as const;

/** A price for a narrow grid, the legend saying it is in euros: `299`, `299,50` in French. */
function formatAmount(amount: number, lang: CalendarLang): string {
  return formatNumber(amount, lang, GRID_EUROS);
}

/** Right-aligns `text` in a cell; only the text is painted, so colours never cover the padding. */
function fitCell(text: string, width: number, paint: (text: string) => string): string {
  const fitted = truncateToWidth(text, width);
  return ' '.repeat(width - displayWidth(fitted)) + (fitted ? paint(fitted) : '');
}

/** Text broken between words into lines of at most `width` cells. */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (displayWidth(next) <= width || line === '') line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines.map((each) => truncateToWidth(each, width));
}

function row(cells: string[]): string {
  return cells.join(' ');
}

function centre(text: string, width: number): string {
  return ' '.repeat(Math.max(0, Math.floor((width - displayWidth(text)) / 2))) + text;
}
