import type { Civility } from '../../booking/civility.js';
import type { BookingRequest } from '../../booking/fields.js';
import type { BookingLang } from '../../booking/lang.js';
import type { RequestRow } from '../../booking/request-file.js';
import type { BookingDestinations, BookingOutput } from '../../booking/request-output.js';
import type { Core } from '../core.js';
import { draftFileName, freeName } from './draft-file-name.js';
import { draftMessage } from './eml-draft.js';
import { draftRequestRows, type ReadableRow } from './request-rows.js';
import type { BookingRefusal, BookingWarning } from './types.js';

/** What a day's file is drafted with: the same for every row. */
export interface DayRun {
  /** The e-mails' language. */
  lang: BookingLang;
  /** The refusals' and warnings' language. */
  messagesLang: BookingLang;
  destinations: BookingDestinations;
  /** The names already taken where the drafts go (a folder's, or none for a new zip); each draft's name joins them. */
  taken: Set<string>;
  /** The sender on every draft (the `from` setting), when one is set. */
  from?: string | undefined;
  /** What renders each draft's body (a `--template`), when one is given. */
  render?: ((drafts: BookingOutput) => Promise<BookingOutput>) | undefined;
}

type DayDeps = { core: Core; signal?: AbortSignal };

/** A row as the use case checked it: what it warned about, and its refusal when it refused the row. */
export interface CheckedRow {
  line: number;
  warnings: readonly BookingWarning[];
  refusal?: BookingRefusal;
}

/** A row of the day drafted: its draft's free file name, its request, and its `.eml` on demand. */
export interface DraftedDayRow {
  line: number;
  ok: true;
  /** A name no file taken has, nor another draft of the day (`-2`, `-3`). */
  name: string;
  /** The request as drafted: its cities in the service's spelling. */
  request: BookingRequest;
  drafts: BookingOutput;
  /** The draft as an `.eml` message, with its row's Cc and the day's sender. */
  message(): Promise<Buffer>;
  /** What the reading mended in the row (a phone that lost its 0). */
  notes: string[];
  warnings: BookingWarning[];
  cc?: string;
  reference?: string;
  civility?: Civility;
}

/** A row of the day refused: a row that could not be read (its problems), or the booking use case's refusal. */
export interface RefusedDayRow {
  line: number;
  ok: false;
  refusal: BookingRefusal;
  warnings: BookingWarning[];
}

export type DayRow = DraftedDayRow | RefusedDayRow;

/**
 * A day's file of requests, each row drafted or refused, in the file's order: a row that could not be read is refused
 * with its problems, the others go through the booking use case one at a time (`draftRequestRows`: a trip's id
 * checked, the served cities read once). `checked` hears each row as soon as it is checked, so a face can tell its
 * warnings as they come, or stop the day at a refusal by throwing (no later row is checked). Once every row is
 * checked, the drafts are rendered (`render`) and named in order against `taken`.
 */
export async function draftDay(
  rows: readonly RequestRow[],
  run: DayRun,
  deps: DayDeps,
  checked: (row: CheckedRow) => void = () => {},
): Promise<DayRow[]> {
  const readable = rows.filter((row): row is ReadableRow => row.ok);
  const outcomes = new Map<RequestRow, RefusedDayRow | Omit<DraftedDayRow, 'name' | 'message'>>();
  const options = { lang: run.lang, messagesLang: run.messagesLang, destinations: run.destinations };
  for await (const { row, result } of draftRequestRows(readable, options, deps)) {
    const { line, notes, cc, reference, civility } = row;
    const { warnings } = result;
    checked({ line, warnings, ...(result.ok ? {} : { refusal: result.refusal }) });
    outcomes.set(
      row,
      result.ok
        ? {
            line,
            ok: true,
            request: result.request,
            drafts: result.drafts,
            notes,
            warnings,
            ...(cc ? { cc } : {}),
            ...(reference ? { reference } : {}),
            ...(civility ? { civility } : {}),
          }
        : { line, ok: false, refusal: result.refusal, warnings },
    );
  }
  const day: DayRow[] = [];
  for (const row of rows) {
    if (!row.ok) {
      day.push({ line: row.line, ok: false, refusal: { kind: 'invalid', reasons: row.problems }, warnings: [] });
      continue;
    }
    const outcome = outcomes.get(row);
    if (outcome === undefined) throw new Error(`row ${row.line} was not drafted`);
    if (!outcome.ok) {
      day.push(outcome);
      continue;
    }
    const drafts = run.render ? await run.render(outcome.drafts) : outcome.drafts;
    const people = { ...(outcome.cc ? { cc: outcome.cc } : {}), ...(run.from ? { from: run.from } : {}) };
    day.push({
      ...outcome,
      drafts,
      name: freeName(draftFileName(outcome.request, outcome.line), run.taken),
      message: () => draftMessage(drafts, people),
    });
  }
  return day;
}
