import type { BookingLang } from '../../booking/lang.js';
import { REQUEST_COLUMNS, type RequestRow } from '../../booking/request-file.js';
import type { Context } from '../../cli/context.js';
import { type CheckedRow, type DraftedDayRow, draftDay } from '../../core/booking/draft-day.js';
import { takenNamesIn, writeDraftsInto, type DraftFolderFailure } from '../../core/booking/draft-folder.js';
import type { ReadableRow } from '../../core/booking/request-rows.js';
import { refusalError } from '../../core/booking/refusal-error.js';
import { UsageError } from '../../errors.js';
import { writeSafely } from '../../output/stdout.js';
import { readRequestTable } from '../shared/read-request-table.js';
import { noteMissingSender } from './draft-file.js';
import type { BookOptions } from './draft.js';
import { bookingJson, type BookingDestinations } from '../../booking/request-output.js';
import { FROM_FILE_REASONS, FROM_FILE_WORDS } from './words.js';

const PRINT_FLAGS = ['mailto', 'form', 'text'] as const;

/** Where a run of `book --from-file` puts its results, and what it applies to every row. */
export interface FromFileRun {
  file: string;
  lang: BookingLang;
  destinations: BookingDestinations;
  from: string | undefined;
  json: boolean;
  /** Ask before writing the drafts (a terminal, without --yes). */
  confirm: boolean;
}

/**
 * `book --from-file FILE`: the file is read as offices save it (CSV with `,` `;` or tab in any usual encoding,
 * .xlsx, .ods), every row is checked first and named by its line when invalid, and nothing is written unless all are
 * valid (or --skip-invalid leaves the invalid ones out, each with a warning); on a terminal, a short table of what
 * will be written and one question; then one .eml draft a row into --out DIR, or with --json one JSON document a line.
 */
export async function runFromFile(
  ctx: Context,
  routeId: string | undefined,
  options: BookOptions,
  run: FromFileRun,
): Promise<void> {
  const given = [
    ...(routeId !== undefined ? ['ROUTE_ID'] : []),
    // Flags that describe one request (a requests file's columns bear their names) are given per row instead.
    ...REQUEST_COLUMNS.filter((name) => {
      const read = options[name];
      return !read.ok || (Array.isArray(read.value) ? read.value.length > 0 : read.value !== undefined);
    }).map((name) => `--${name}`),
    ...PRINT_FLAGS.filter((name) => options[name]).map((name) => `--${name}`),
    ...(['civility', 'reference'] as const).filter((name) => options[name] !== undefined).map((name) => `--${name}`),
    ...(options.eml !== undefined ? ['--eml'] : []),
    ...(options.open !== undefined ? ['--open'] : []),
  ];
  if (given.length > 0) throw new UsageError(FROM_FILE_WORDS[ctx.lang].oneRequestFlags(given.join(', ')));
  if ((options.out === undefined) === !run.json) {
    throw new UsageError(run.json ? FROM_FILE_WORDS[ctx.lang].jsonOrOut : FROM_FILE_WORDS[ctx.lang].needsOut);
  }
  const { source, rows } = await readRequestTable(ctx, run.file, '--from-file', ctx.clock.now(), {
    encoding: options.encoding,
  });
  const valid = rows.filter((row): row is ReadableRow => row.ok);
  const invalid = rows.filter((row): row is Extract<RequestRow, { ok: false }> => !row.ok);
  const words = FROM_FILE_WORDS[ctx.lang];
  // One problem a line, each with its row: a row with three problems is three lines.
  const described = invalid.flatMap((row) => row.problems.map((problem) => `${words.row(row.line)} ${problem}`));
  if (invalid.length > 0 && !options.skipInvalid) {
    throw new UsageError(
      [words.invalid(source, invalid.length, rows.length), ...described.map((line) => `  ${line}`)].join('\n'),
    );
  }
  for (const row of invalid) ctx.warn(`${words.at(source, row.line)} ${row.problems.join(' ')} ${words.leftOut}`);
  for (const row of valid) for (const note of row.notes) ctx.note(`${words.at(source, row.line)} ${note}`);

  const render =
    options.template === undefined
      ? undefined
      : await (await import('./template-body.js')).templateRenderer(ctx, options.template, run.destinations);
  const folder = options.out ?? '.';
  const failed = (failure: DraftFolderFailure) =>
    new UsageError(words.folder(failure.verb, failure.path, failure.code));
  // The folder's names before any request: a folder that cannot be read fails the run at once.
  const names = run.json ? { ok: true as const, taken: new Set<string>() } : await takenNamesIn(folder);
  if (!names.ok) throw failed(names);
  const day = { lang: run.lang, messagesLang: ctx.lang, destinations: run.destinations, from: run.from, render };
  const deps = { core: await ctx.core(), signal: ctx.signal };
  const rowsChecked = checkedRows(ctx, source, options.skipInvalid);
  const drafted = (await draftDay(valid, { ...day, taken: names.taken }, deps, rowsChecked)).filter(
    (row): row is DraftedDayRow => row.ok,
  );
  if (run.json) {
    for (const { line, drafts, cc, reference } of drafted)
      await writeSafely(
        ctx.stdout,
        `${JSON.stringify({ line, ...bookingJson(drafts), ...(cc ? { cc } : {}), ...(reference ? { reference } : {}) })}\n`,
      );
    return;
  }
  if (run.confirm) {
    const { confirmDrafts } = await import('./from-file-preview.js');
    const valid = drafted.map(({ line, request, name }) => ({ line, request, file: name }));
    if (!(await confirmDrafts(ctx, { valid, invalid }, folder, run.lang))) {
      ctx.note(words.noneWritten);
      return;
    }
  }
  const written = await writeDraftsInto(folder, drafted, names.taken);
  if (!written.ok) throw failed(written);
  const renamed = written.renamed.map(({ asked, written }) => `${asked} \u2192 ${written}`);
  if (renamed.length > 0) ctx.note(words.renamed(folder, renamed.join(', ')));
  ctx.note(words.wrote(drafted.length, folder));
  if (!run.from && drafted.length > 0) noteMissingSender(ctx, drafted.length);
}

/**
 * What `book --from-file` tells of each row as the core's day use case checks it, said with its line (a typo'd city
 * read as the served city it clearly stands for, an unserved place kept for its quote). A row the use case refuses
 * fails the file at once (no later row is checked), or with --skip-invalid is left out with a warning.
 */
function checkedRows(ctx: Context, source: string, skipInvalid: boolean): (row: CheckedRow) => void {
  const words = FROM_FILE_WORDS[ctx.lang];
  let unread = false;
  return ({ line, warnings, refusal }) => {
    const where = words.at(source, line);
    for (const warning of warnings) {
      if (warning.kind === 'cities-unread' && !unread) ctx.warn(FROM_FILE_REASONS[ctx.lang].citiesUnread(source));
      if (warning.kind === 'cities-unread') unread = true;
      // No contact, a typo read as the served city it stands for, a real place kept as typed with the served cities
      // near it: the desk checks the row before sending.
      if (warning.kind !== 'cities-unread' && warning.kind !== 'forced') ctx.warn(`${where} ${warning.text}`);
    }
    if (refusal === undefined) return;
    const reasons = `${where} ${refusal.reasons.join(' ')}`;
    if (!skipInvalid) throw refusalError({ ...refusal, reasons: [reasons] }, '', { lang: ctx.lang });
    ctx.warn(`${reasons} ${words.leftOut}`);
  };
}
