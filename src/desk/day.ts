import { zipSync } from 'fflate';
import { bookingLangOf, type BookingLang } from '../booking/lang.js';
import type { RequestRow } from '../booking/request-file.js';
import type { BookingDestinations } from '../booking/request-output.js';
import type { Core } from '../core/core.js';
import { type DraftedDayRow, draftDay } from '../core/booking/draft-day.js';
import { UsageError } from '../errors.js';
import { DAY_WORDING, dayReport, type DayRowView } from './day-report.js';
import type { DeskAnswer } from './server.js';

/**
 * What the desk borrows from `book --from-file` to handle a day's file: reading it as offices save it (CSV in any
 * usual encoding, .xlsx, .ods, within the same bounds). The day is drafted by the core's use case
 * (core/booking/draft-day.ts), each draft's .eml and file name as `--out` writes them.
 */
export interface DeskDayTools {
  /** The file's rows, and what the reading noted aside; a file that is no table of requests throws a UsageError. */
  read(bytes: Buffer, name: string, lang: BookingLang): Promise<{ rows: RequestRow[]; notes: string[] }>;
  /** The sender on every .eml (the `from` setting), when one is set. */
  from?: string | undefined;
}

/** What a day's file needs: the tools, the core, the e-mail settings. */
export interface DeskDayDeps {
  tools: DeskDayTools;
  core: Core;
  destinations: BookingDestinations;
  signal: AbortSignal;
}

/** A day's file, read and drafted: each row with its status, and each draft's name and .eml. */
interface DraftedDay {
  source: string;
  notes: string[];
  rows: DayRowView[];
  files: Map<string, Buffer>;
}

/**
 * `POST /api/day` (the table of rows) and `POST /api/day.zip` (the drafts and a report): the body is the file's
 * bytes, `name` its name and `lang` the session's language, which the e-mails and the report are written in.
 */
export async function deskDay(
  body: unknown,
  query: URLSearchParams,
  deps: DeskDayDeps,
  asZip: boolean,
): Promise<DeskAnswer> {
  if (!Buffer.isBuffer(body) || body.length === 0)
    return { status: 400, json: { reasons: ['The request carries no file.'] } };
  const name = (query.get('name') ?? '').trim() || 'file';
  const lang: BookingLang = bookingLangOf(query.get('lang') ?? undefined) ?? 'fr';
  let day: DraftedDay;
  try {
    day = await readDay(body, name, lang, deps);
  } catch (error) {
    if (error instanceof UsageError) return { status: 422, json: { reasons: [error.message] } };
    throw error;
  }
  if (!asZip) {
    const drafted = day.rows.filter((row) => row.status === 'drafted').length;
    const { source, notes, rows } = day;
    return { status: 200, json: { source, notes, rows, drafted, refused: rows.length - drafted } };
  }
  const words = DAY_WORDING[lang];
  const entries: Record<string, Uint8Array> = {};
  for (const [file, message] of day.files) entries[file] = message;
  entries[words.reportFile] = Buffer.from(dayReport(day, lang));
  const zip = Buffer.from(zipSync(entries, { level: 6, mtime: deps.core.clock.now() }));
  return { status: 200, download: { name: words.zipFile(name), type: 'application/zip', body: zip } };
}

async function readDay(bytes: Buffer, name: string, lang: BookingLang, deps: DeskDayDeps): Promise<DraftedDay> {
  const { rows, notes } = await deps.tools.read(bytes, name, lang);
  const run = {
    lang,
    messagesLang: lang,
    destinations: deps.destinations,
    taken: new Set<string>(),
    from: deps.tools.from,
  };
  const drafted = await draftDay(rows, run, { core: deps.core, signal: deps.signal });
  const files = new Map<string, Buffer>();
  const views: DayRowView[] = [];
  for (const row of drafted) {
    const warnings = row.warnings.map((warning) => warning.text);
    if (!row.ok) {
      views.push({ line: row.line, status: 'refused', reasons: row.refusal.reasons, notes: warnings });
      continue;
    }
    files.set(row.name, await row.message());
    views.push({
      line: row.line,
      status: 'drafted',
      file: row.name,
      summary: rowSummary(row),
      subject: row.drafts.email.subject,
      notes: [...row.notes, ...warnings],
      // Drafted, but the use case warned (a typo read as the served city it stands for, no way to reach the customer): to check.
      check: warnings.length > 0,
    });
  }
  return { source: name, notes, rows: views, files };
}

function rowSummary(row: DraftedDayRow): string {
  const { request } = row;
  const who = request.name ?? request.email ?? request.phone ?? '';
  return `${request.date} ${request.from} \u2192 ${request.to}${who ? ` \u00b7 ${who}` : ''}`;
}
