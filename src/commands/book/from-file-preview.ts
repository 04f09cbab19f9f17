import type { BookingLang } from '../../booking/lang.js';
import type { BookingRequest } from '../../booking/fields.js';
import type { RequestRow } from '../../booking/request-file.js';
import type { Context } from '../../cli/context.js';
import { sanitiseText } from '../../output/sanitise.js';
import { tableLine } from '../../output/table.js';
import { displayWidth, truncateToWidth } from '../../output/text-width.js';
import { BOOK_WORDS, PREVIEW_WORDS } from './words.js';

/** A row to draft, and the name of its draft in the folder. */
type ValidRow = { line: number; request: BookingRequest; file: string };
type InvalidRow = Extract<RequestRow, { ok: false }>;

/** Rows of the table shown before the question; the rest is counted. */
const SHOWN_ROWS = 8;
/** The widest a cell of the table gets, but the draft's file name. */
const CELL_WIDTH = 32;

/**
 * Before many drafts are written from a terminal: a short table of the rows to write and of those left out, then
 * one question (Enter says yes): true to write them. Ctrl-C is an InterruptedError (exit 130).
 */
export async function confirmDrafts(
  ctx: Context,
  rows: { valid: readonly ValidRow[]; invalid: readonly InvalidRow[] },
  folder: string,
  lang: BookingLang,
): Promise<boolean> {
  const words = PREVIEW_WORDS[lang];
  const table = rows.valid
    .slice(0, SHOWN_ROWS)
    .map(({ line, request, file }) => [
      String(line),
      words.date(request.date),
      `${request.from} \u2192 ${request.to}`,
      request.name ?? request.email ?? '',
      file,
    ]);
  const lines = [words.write(rows.valid.length), ...columns([[...words.header], ...table])];
  if (rows.valid.length > SHOWN_ROWS) lines.push(`  ${words.more(rows.valid.length - SHOWN_ROWS)}`);
  if (rows.invalid.length > 0) {
    lines.push(
      words.skip(rows.invalid.length),
      // One problem a line, each with its row.
      ...rows.invalid.flatMap(({ line, problems }) => problems.map((problem) => `  ${line}  ${problem}`)),
    );
  }
  ctx.io.stderr.write(`${lines.map((line) => sanitiseText(line)).join('\n')}\n`);
  const [{ confirm }, { answered }] = await Promise.all([import('@inquirer/prompts'), import('./ask.js')]);
  const question = { message: words.ask(rows.valid.length, folder), default: true, theme: { keywords: words.answers } };
  const terminal = { input: ctx.io.stdin, output: ctx.io.stderr, signal: ctx.signal };
  return answered(confirm(question, terminal), BOOK_WORDS[ctx.lang].interruptedDrafts);
}

/**
 * The table's lines, indented by two, laid out as every table is (output/table.ts: left-aligned columns two spaces
 * apart, no trailing blanks), each cell made safe for a terminal, then cut to 32 cells but the last (the draft's
 * file name), read whole.
 */
export function columns(rows: readonly (readonly string[])[]): string[] {
  const last = (rows[0]?.length ?? 0) - 1;
  const cells = rows.map((row) =>
    row.map((text, index) => {
      const safe = sanitiseText(text).replace(/\s+/g, ' ');
      return index < last ? truncateToWidth(safe, CELL_WIDTH) : safe;
    }),
  );
  const widths = cells[0]?.map((_, index) => Math.max(...cells.map((row) => displayWidth(row[index] ?? '')))) ?? [];
  return cells.map((row) => `  ${tableLine(row, widths, [], Number.POSITIVE_INFINITY)}`);
}
