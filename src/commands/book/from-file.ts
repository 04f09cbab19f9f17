import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { readBody } from '../../client/read-body.js';
import { join } from 'node:path';
import type { BookingLang } from '../../booking/lang.js';
import { readRequestFile, type RequestRow } from '../../booking/request-file.js';
import type { Context } from '../../cli/context.js';
import { franceDate } from '../../domain/dates.js';
import { foldName } from '../../domain/text.js';
import { UsageError } from '../../errors.js';
import { writeSafely } from '../../output/stdout.js';
import { draftMessage } from './draft-file.js';
import type { BookOptions } from './draft.js';
import { bookingJson, buildBookingOutput, type BookingDestinations } from './render.js';

// Flags that describe one request: a file of requests gives them per row instead.
const REQUEST_FLAGS = ['from', 'to', 'date', 'formula', 'motorcycle', 'make', 'model', 'motorcycles', 'riders', 'return', 'name', 'email', 'phone', 'comment', 'cc'] as const;
const PRINT_FLAGS = ['mailto', 'form', 'text'] as const;

/** Where a run of `book --from-file` puts its results, and what it applies to every row. */
export interface FromFileRun {
  file: string;
  lang: BookingLang;
  destinations: BookingDestinations;
  from: string | undefined;
  json: boolean;
}

/**
 * `book --from-file FILE`: every row is checked first and named by its line when invalid, and nothing is written
 * unless all are valid (or --skip-invalid leaves the invalid ones out, each with a warning); then one .eml draft a row
 * into --out DIR, or with --json one JSON document a line (the composed requests).
 */
export async function runFromFile(ctx: Context, routeId: string | undefined, options: BookOptions, run: FromFileRun): Promise<void> {
  const given = [
    ...(routeId !== undefined ? ['ROUTE_ID'] : []),
    ...REQUEST_FLAGS.filter((name) => { const read = options[name]; return !read.ok || (Array.isArray(read.value) ? read.value.length > 0 : read.value !== undefined); }).map((name) => `--${name}`),
    ...PRINT_FLAGS.filter((name) => options[name]).map((name) => `--${name}`),
    ...(options.eml !== undefined ? ['--eml'] : []),
    ...(options.open !== undefined ? ['--open'] : []),
  ];
  if (given.length > 0) throw new UsageError(`--from-file gives every request in its rows; drop ${given.join(', ')} (or leave out --from-file for one request).`);
  if ((options.out === undefined) === !run.json) {
    throw new UsageError(run.json ? '--json prints the requests; --out writes drafts: give only one of them.' : '--from-file needs --out DIR (one .eml draft a row) or --json (one JSON document a line).');
  }
  let text: string;
  try {
    text = run.file === '-' ? (await readBody(ctx.io.stdin)).toString('utf8') : await readFile(run.file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new UsageError(`--from-file: cannot read ${run.file} (${reason}).`);
  }
  const source = run.file === '-' ? 'stdin' : run.file;
  const now = new Date();
  const rows = readRequestFile(text, source, { today: franceDate(now), now });
  const valid = rows.filter((row): row is Extract<RequestRow, { ok: true }> => row.ok);
  const invalid = rows.filter((row): row is Extract<RequestRow, { ok: false }> => !row.ok);
  const described = invalid.map((row) => `line ${row.line}: ${row.problems.join(' ')}`);
  if (invalid.length > 0 && !options.skipInvalid) {
    throw new UsageError(
      `${source}: ${invalid.length} of ${rows.length} requests are invalid, so nothing was written (--skip-invalid writes the others). ${described.join(' | ')}`,
    );
  }
  for (const line of described) ctx.warn(`${source} ${line} Left out (--skip-invalid).`);

  const outputs = valid.map((row) => ({ row, output: buildBookingOutput(row.request, run.lang, run.destinations) }));
  if (run.json) {
    for (const { row, output } of outputs) await writeSafely(ctx.stdout, `${JSON.stringify({ line: row.line, ...bookingJson(output), ...(row.cc ? { cc: row.cc } : {}) })}\n`);
    return;
  }
  const folder = options.out ?? '.';
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw new UsageError(`--out: cannot create ${folder} (${error instanceof Error && 'code' in error ? String(error.code) : String(error)}).`);
  }
  const names = new Set<string>();
  for (const { row, output } of outputs) {
    const name = uniqueName(draftFileName(row), names);
    const message = await draftMessage(output, { ...(row.cc ? { cc: row.cc } : {}), ...(run.from ? { from: run.from } : {}) });
    await writeFile(join(folder, name), message);
  }
  ctx.note(`Wrote ${outputs.length} draft${outputs.length === 1 ? '' : 's'} to ${folder}.`);
}

/** `2026-12-05_paris-marseille_jeanne-dupont.eml`: date, cities and customer, in plain ASCII. */
export function draftFileName(row: Extract<RequestRow, { ok: true }>): string {
  const { request } = row;
  const customer = slug(request.name ?? request.email?.split('@')[0] ?? '') || `line-${row.line}`;
  return `${request.date}_${slug(request.from) || 'from'}-${slug(request.to) || 'to'}_${customer}.eml`;
}

function slug(text: string): string {
  return foldName(text).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let count = 2; taken.has(candidate); count++) candidate = name.replace(/\.eml$/, `-${count}.eml`);
  taken.add(candidate);
  return candidate;
}
