import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BookingLang } from '../../booking/lang.js';
import { columnName, readRequestFile, readRequestRecords, type RequestRow } from '../../booking/request-file.js';
import type { BookingOutput } from '../../booking/request-output.js';
import type { Context } from '../../cli/context.js';
import { draftBooking } from '../../core/booking/draft-booking.js';
import { BOOKING_REASONS } from '../../core/booking/messages.js';
import { readServedCities } from '../../core/booking/quote-cities.js';
import { refusalError } from '../../core/booking/refusal-error.js';
import { franceDate } from '../../domain/dates.js';
import { foldName } from '../../domain/text.js';
import { UsageError } from '../../errors.js';
import { writeSafely } from '../../output/stdout.js';
import { readTableFile } from '../shared/read-table-file.js';
import { nearbyLookups } from './row-cities.js';
import { draftMessage, noteMissingSender } from './draft-file.js';
import type { BookOptions } from './draft.js';
import { bookingJson, type BookingDestinations } from './render.js';

// Flags that describe one request: a file of requests gives them per row instead.
const REQUEST_FLAGS = [
  'from',
  'to',
  'date',
  'formula',
  'motorcycle',
  'make',
  'model',
  'motorcycles',
  'riders',
  'return',
  'name',
  'email',
  'phone',
  'comment',
  'cc',
] as const;
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
    ...REQUEST_FLAGS.filter((name) => {
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
  const rows =
    table.kind === 'text' ? readRequestFile(table.text, source, at) : readRequestRecords(table.records, source, at);
  const valid = rows.filter((row): row is ValidRow => row.ok);
  const invalid = rows.filter((row): row is Extract<RequestRow, { ok: false }> => !row.ok);
  const described = invalid.map((row) => `line ${row.line}: ${row.problems.join(' ')}`);
  if (invalid.length > 0 && !options.skipInvalid) {
    throw new UsageError(
      `${source}: ${invalid.length} of ${rows.length} requests are invalid, so nothing was written (--skip-invalid writes the others). ${described.join(' | ')}`,
    );
  }
  for (const line of described) ctx.warn(`${source} ${line} Left out (--skip-invalid).`);
  for (const row of valid) for (const note of row.notes) ctx.note(`${source} line ${row.line}: ${note}`);

  const render =
    options.template === undefined
      ? undefined
      : await (await import('./template-body.js')).templateRenderer(ctx, options.template, run.destinations);
  const drafted = await draftRows(ctx, source, valid, run);
  const outputs = await Promise.all(
    drafted.map(async ({ row, output }) => ({ row, output: render ? await render(output) : output })),
  );
  if (run.json) {
    for (const { row, output } of outputs)
      await writeSafely(
        ctx.stdout,
        `${JSON.stringify({ line: row.line, ...bookingJson(output), ...(row.cc ? { cc: row.cc } : {}) })}\n`,
      );
    return;
  }
  const folder = options.out ?? '.';
  if (run.confirm) {
    const { confirmDrafts } = await import('./from-file-preview.js');
    if (!(await confirmDrafts(ctx, { valid: outputs.map(({ row }) => row), invalid }, folder, run.lang))) {
      ctx.note('No draft was written.');
      return;
    }
  }
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw new UsageError(
      `--out: cannot create ${folder} (${error instanceof Error && 'code' in error ? String(error.code) : String(error)}).`,
    );
  }
  const names = new Set<string>();
  for (const { row, output } of outputs) {
    const name = uniqueName(draftFileName(row), names);
    const message = await draftMessage(output, {
      ...(row.cc ? { cc: row.cc } : {}),
      ...(run.from ? { from: run.from } : {}),
    });
    await writeFile(join(folder, name), message);
  }
  ctx.note(`Wrote ${outputs.length} draft${outputs.length === 1 ? '' : 's'} to ${folder}.`);
  if (!run.from && outputs.length > 0) noteMissingSender(ctx);
}

/**
 * Each row through the core's booking use case, as one `book` request: its cities in the service's spelling (one
 * listing read for the file; a city the service does not serve kept as typed and flagged on its row, with the served
 * cities nearest to it when nothing close is spelled alike), then its drafts.
 */
async function draftRows(
  ctx: Context,
  source: string,
  rows: readonly ValidRow[],
  run: FromFileRun,
): Promise<{ row: ValidRow; output: BookingOutput }[]> {
  if (rows.length === 0) return [];
  const core = await ctx.core();
  const cities = readServedCities({ core, signal: ctx.signal });
  const nearby = nearbyLookups(ctx);
  let unread = false;
  const drafted: { row: ValidRow; output: BookingOutput }[] = [];
  for (const row of rows) {
    const result = await draftBooking(
      { fields: row.request, lang: run.lang },
      { destinations: run.destinations, fieldName: columnName },
      { core, signal: ctx.signal, servedCities: () => cities },
    );
    for (const warning of result.warnings) {
      if (warning.kind === 'cities-unread' && !unread)
        ctx.warn(`${source}: could not read the cities the service serves; the cities are written as typed.`);
      if (warning.kind === 'cities-unread') unread = true;
      if (warning.kind !== 'unknown-city') continue;
      const near = warning.suggestions.length > 0 ? '' : await nearby(warning.typed);
      ctx.warn(`${source} line ${row.line}: ${warning.said}${near} ${BOOKING_REASONS.quoteAsTyped}`);
    }
    if (!result.ok)
      throw refusalError({
        ...result.refusal,
        reasons: [`${source} line ${row.line}: ${result.refusal.reasons.join(' ')}`],
      });
    // The row as drafted: its cities in the service's spelling, for the preview and the file name.
    drafted.push({ row: { ...row, request: result.request }, output: result.drafts });
  }
  return drafted;
}

/** `2026-12-05_paris-marseille_jeanne-dupont.eml`: date, cities and customer, in plain ASCII. */
export function draftFileName(row: ValidRow): string {
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

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let count = 2; taken.has(candidate); count++) candidate = name.replace(/\.eml$/, `-${count}.eml`);
  taken.add(candidate);
  return candidate;
}
