import type { ChalkInstance } from 'chalk';
import { cheapestDates, isoDay, monthWeeks, type CalendarDay, type CalendarMonth } from '../../domain/calendar.js';
import { displayWidth, truncateToWidth } from '../../output/text-width.js';
import { CALENDAR_WORDS, type CalendarLang } from './words.js';

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
}

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
  const title = `${words.months[month.month - 1]} ${month.year}${options.subject ? ` · ${options.subject}` : ''}`;
  const lines = [
    style.title(centre(truncateToWidth(title, GRID_WIDTH))),
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
        prices.push(cell(words.past, style.noTrip));
        places.push(cell(''));
        continue;
      }
      numbers.push(cell(String(dayNumber), date === options.today ? style.today : hasTrips ? same : style.noTrip));
      if (!hasTrips) {
        prices.push(cell('-', style.noTrip));
        places.push(cell(''));
        continue;
      }
      if (day.price_min === null) prices.push(cell(words.onQuote, style.onQuote));
      else if (cheapest.has(date)) prices.push(cell(`*${formatEuros(day.price_min, options.lang)}`, style.cheapest));
      else prices.push(cell(formatEuros(day.price_min, options.lang)));
      places.push(cell(words.free(day.slots_max ?? 0)));
    }
    lines.push('', row(numbers), row(prices), row(places));
  }
  lines.push('', style.noTrip(truncateToWidth(words.legend, GRID_WIDTH)));
  return `${lines.map((line) => line.trimEnd()).join('\n')}\n`;
}

/** A price in the grid: `299 €`, decimals only when there are some (`299,50 €` in French). */
export function formatEuros(amount: number, lang: CalendarLang): string {
  const text = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  return `${lang === 'fr' ? text.replace('.', ',') : text} €`;
}

/** Right-aligns `text` in a cell; only the text is painted, so colours never cover the padding. */
function cell(text: string, paint: (text: string) => string = same): string {
  const fitted = truncateToWidth(text, CELL_WIDTH);
  return ' '.repeat(CELL_WIDTH - displayWidth(fitted)) + (fitted ? paint(fitted) : '');
}

function row(cells: string[]): string {
  return cells.join(' ');
}

function centre(text: string): string {
  return ' '.repeat(Math.max(0, Math.floor((GRID_WIDTH - displayWidth(text)) / 2))) + text;
}
