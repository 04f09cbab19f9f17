import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BookingLang } from '../../booking/lang.js';
import type { BookingRequest } from '../../booking/fields.js';
import {
  columnName,
  REQUEST_COLUMNS,
  readRequestFile,
  readRequestRecords,
  type RequestRow,
} from '../../booking/request-file.js';
import type { BookingOutput } from '../../booking/request-output.js';
import type { Context } from '../../cli/context.js';
import { draftBooking } from '../../core/booking/draft-booking.js';
import { BOOKING_REASONS } from '../../core/booking/messages.js';
import { readServedCities } from '../../core/booking/quote-cities.js';
import { refusalError } from '../../core/booking/refusal-error.js';
import { routeIdProblem } from '../../core/booking/route-id.js';
import { franceDate } from '../../domain/dates.js';
import { foldName } from '../../domain/text.js';
import { UsageError } from '../../errors.js';
import { writeSafely } from '../../output/stdout.js';
import { readTableFile } from '../shared/read-table-file.js';
import { nearbyLookups } from './row-cities.js';
import { draftMessage, noteMissingSender } from './draft-file.js';
import type { BookOptions } from './draft.js';
import { errorCode, freeName, namesIn, writeNewFile } from './new-files.js';
import { bookingJson, type BookingDestinations } from './render.js';
import { FROM_FILE_WORDING } from './from-file-wording.js';

const PRINT_FLAGS = ['mailto', 'form', 'text'] as const;

type ValidRow = Extract<RequestRow, { ok: true }>;

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
    ...(options.eml !== undefined ? ['--eml'] : []),
    ...(options.open !== undefined ? ['--open'] : []),
  ];
  if (given.length > 0)
    throw new UsageError(
      `--from-file gives every request in its rows; drop ${given.join(', ')} (or leave out --from-file for one request).`,
    );
  if ((options.out === undefined) === !run.json) {
    throw new UsageError(
      run.json
        ? '--json prints the requests; --out writes drafts: give only one of them.'
        : '--from-file needs --out DIR (one .eml draft a row) or --json (one JSON document a line).',
    );
  }
  const table = await readTableFile(ctx, run.file, '--from-file', options.encoding);
  const { source } = table;
  const now = ctx.clock.now();
  const at = { today: franceDate(now), now };
  const reading = { ...at, note: (text: string) => ctx.note(text) };
  const rows =
    table.kind === 'text'
      ? readRequestFile(table.text, source, reading)
      : readRequestRecords(table.records, source, reading);
  const valid = rows.filter((row): row is ValidRow => row.ok);
  const invalid = rows.filter((row): row is Extract<RequestRow, { ok: false }> => !row.ok);
  const words = FROM_FILE_WORDING[ctx.lang];
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
  const drafted = await draftRows(ctx, source, valid, run, options.skipInvalid);
  const outputs = await Promise.all(
    drafted.map(async ({ row, output }) => ({ row, output: render ? await render(output) : output })),
  );
  if (run.json) {
    for (const { row, output } of outputs)
      await writeSafely(
        ctx.stdout,
        `${JSON.stringify({
          line: row.line,
          ...bookingJson(output),
          ...(row.cc ? { cc: row.cc } : {}),
          ...(row.reference ? { reference: row.reference } : {}),
        })}\n`,
      );
    return;
  }
  const folder = options.out ?? '.';
  // Each draft gets a name no file of the folder has: a rerun adds drafts, never replaces one.
  let taken: Set<string>;
  try {
    taken = await namesIn(folder);
  } catch (error) {
    throw new UsageError(`--out: cannot read ${folder} (${errorCode(error)}).`);
  }
  const named = outputs.map((drafted) => ({ ...drafted, name: freeName(draftFileName(drafted.row), taken) }));
  if (run.confirm) {
    const { confirmDrafts } = await import('./from-file-preview.js');
    const valid = named.map(({ row, name }) => ({ ...row, file: name }));
    if (!(await confirmDrafts(ctx, { valid, invalid }, folder, run.lang))) {
      ctx.note(words.noneWritten);
      return;
    }
  }
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw new UsageError(`--out: cannot create ${folder} (${errorCode(error)}).`);
  }
  const renamed: string[] = [];
  for (const { row, output, name } of named) {
    const message = await draftMessage(output, {
      ...(row.cc ? { cc: row.cc } : {}),
      ...(run.from ? { from: run.from } : {}),
    });
    let written: string;
    try {
      written = await writeNewFile(folder, name, message, taken);
    } catch (error) {
      throw new UsageError(`--out: cannot write ${join(folder, name)} (${errorCode(error)}).`);
    }
    if (written !== name) renamed.push(`${name} \u2192 ${written}`);
  }
  if (renamed.length > 0) ctx.note(words.renamed(folder, renamed.join(', ')));
  ctx.note(words.wrote(outputs.length, folder));
  if (!run.from && outputs.length > 0) noteMissingSender(ctx);
}

/** A row as drafted: its request complete, its cities in the service's spelling. */
export interface DraftedRow {
  line: number;
  request: BookingRequest;
  notes: string[];
  cc?: string;
  reference?: string;
}

/**
 * Each row through the core's booking use case, as one `book` request: a row naming its trip (`Trajet`) goes through
 * the trip check (free places on the legs ridden, a trip that left); a quote's cities in the service's spelling (one
 * listing read for the file; a city the service does not serve kept as typed and flagged on its row, with the served
 * cities nearest to it when nothing close is spelled alike), then its drafts. A row the use case refuses fails the
 * file, or with --skip-invalid is left out with a warning.
 */
async function draftRows(
  ctx: Context,
  source: string,
  rows: readonly ValidRow[],
  run: FromFileRun,
  skipInvalid: boolean,
): Promise<{ row: DraftedRow; output: BookingOutput }[]> {
  if (rows.length === 0) return [];
  const core = await ctx.core();
  const cities = readServedCities({ core, signal: ctx.signal });
  const nearby = nearbyLookups(ctx);
  let unread = false;
  const drafted: { row: DraftedRow; output: BookingOutput }[] = [];
  for (const row of rows) {
    const words = FROM_FILE_WORDING[ctx.lang];
    const where = words.at(source, row.line);
    const trip = 'routeId' in row ? row.routeId : undefined;
    const badId = trip === undefined ? undefined : routeIdProblem(trip);
    const result = badId
      ? ({ ok: false, refusal: { kind: 'invalid', reasons: [`route_id: ${badId}`] }, warnings: [] } as const)
      : await draftBooking(
          { fields: 'routeId' in row ? row.fields : row.request, lang: run.lang, ...(trip ? { routeId: trip } : {}) },
          { destinations: run.destinations, fieldName: columnName },
          { core, signal: ctx.signal, servedCities: () => cities },
        );
    for (const warning of result.warnings) {
      if (warning.kind === 'cities-unread' && !unread)
        ctx.warn(`${source}: could not read the cities the service serves; the cities are written as typed.`);
      if (warning.kind === 'cities-unread') unread = true;
      if (warning.kind === 'no-contact') ctx.warn(`${where} ${warning.text}`);
      if (warning.kind !== 'unknown-city') continue;
      const near = warning.suggestions.length > 0 ? '' : await nearby(warning.typed);
      ctx.warn(`${where} ${warning.said}${near} ${BOOKING_REASONS.quoteAsTyped}`);
    }
    if (!result.ok) {
      const reasons = `${where} ${result.refusal.reasons.join(' ')}`;
      if (!skipInvalid) throw refusalError({ ...result.refusal, reasons: [reasons] });
      ctx.warn(`${reasons} ${words.leftOut}`);
      continue;
    }
    // The row as drafted: its cities in the service's spelling, for the preview and the file name.
    const { line, notes, cc, reference } = row;
    drafted.push({
      row: { line, notes, request: result.request, ...(cc ? { cc } : {}), ...(reference ? { reference } : {}) },
      output: result.drafts,
    });
  }
  return drafted;
}

/** `2026-12-05_paris-marseille_jeanne-dupont.eml`: date, cities and customer, in plain ASCII. */
export function draftFileName(row: DraftedRow): string {
  const { request } = row;
  const customer = slug(request.name ?? request.email?.split('@')[0] ?? '') || `line-${row.line}`;
  return `${request.date}_${slug(request.from) || 'from'}-${slug(request.to) || 'to'}_${customer}.eml`;
}

function slug(text: string): string {
  return foldName(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}
