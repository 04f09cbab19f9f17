import { parseDateInput } from '../domain/dates.js';
import { foldName } from '../domain/text.js';
import { UsageError } from '../errors.js';
import { csvTable, type CsvRecord } from '../domain/csv-records.js';
import type { BookingRequest, BookingRequestDraft } from './fields.js';
import {
  MAX_MOTORCYCLES,
  REQUIRED_BOOKING_FIELDS,
  bookingProblems,
  requireBookingRequest,
  type BookingFieldName,
} from './fields.js';
import { isEmailAddress } from './contact.js';
import { parseFormula } from './formula.js';

/** The columns of a requests file, named like `book`'s flags without the dashes. */
export const REQUEST_COLUMNS = [
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

/** One column of a requests file. */
export type RequestColumn = (typeof REQUEST_COLUMNS)[number];

// French headers (folded: case, accents, spaces and dashes ignored) and a few usual English variants.
const ALIASES: Readonly<Record<string, RequestColumn>> = {
  depart: 'from',
  'ville de depart': 'from',
  arrivee: 'to',
  arrival: 'to',
  'ville d arrivee': 'to',
  'date souhaitee': 'date',
  formule: 'formula',
  moto: 'motorcycle',
  motos: 'motorcycle',
  marque: 'make',
  modele: 'model',
  'nombre de motos': 'motorcycles',
  'nb motos': 'motorcycles',
  pilotes: 'riders',
  'nombre de pilotes': 'riders',
  retour: 'return',
  'date de retour': 'return',
  return_date: 'return',
  nom: 'name',
  'e mail': 'email',
  courriel: 'email',
  mail: 'email',
  telephone: 'phone',
  tel: 'phone',
  commentaire: 'comment',
  copie: 'cc',
};

/** One row of a requests file: where it was, and its complete request (with what was mended in it) or every problem it has. */
export type RequestRow =
  | { line: number; ok: true; request: BookingRequest; cc?: string; notes: string[] }
  | { line: number; ok: false; problems: string[] };

/** The column a header names (`Ville de départ` → from), or undefined. */
export function requestColumn(header: string): RequestColumn | undefined {
  const folded = foldName(header).replace(/_/g, ' ');
  const direct = REQUEST_COLUMNS.find((column) => column === folded.replace(/ /g, '_') || column === folded);
  return direct ?? ALIASES[folded] ?? ALIASES[folded.replace(/ /g, '_')];
}

/**
 * Reads a requests file (CSV with a header line, its separator sniffed from it: `,`, `;` or tab; or NDJSON: one object
 * a line) into rows, each checked like `book`'s flags; a row's problems are kept with its line number, none thrown, so
 * every bad row can be named. Throws a UsageError only when the file itself cannot be read (no rows, an unknown column,
 * broken JSON).
 */
export function readRequestFile(text: string, source: string, options: { today: string; now: Date }): RequestRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const lines = body.split('\n').map((line) => line.replace(/\r$/, ''));
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0)
    throw new UsageError(
      `${source} holds no requests; give a CSV file with a header line (${REQUEST_COLUMNS.join(',')}) or NDJSON.`,
    );
  if (lines[first]?.trimStart().startsWith('{')) return rowsOf(ndjsonRecords(lines, source), source, options);
  return readRequestRecords(csvTable(body, source), source, options);
}

/** Reads the rows of a table whose first record is the header (a spreadsheet's first sheet, a CSV file), like readRequestFile. */
export function readRequestRecords(
  records: readonly CsvRecord[],
  source: string,
  options: { today: string; now: Date },
): RequestRow[] {
  return rowsOf(tableRecords(records, source), source, options);
}

function rowsOf(records: RawRecord[], source: string, options: { today: string; now: Date }): RequestRow[] {
  if (records.length === 0) throw new UsageError(`${source} holds no requests, only a header line.`);
  return records.map(({ line, values, unreadable }) =>
    unreadable ? { line, ok: false, problems: [unreadable] } : rowOf(line, values, options),
  );
}

interface RawRecord {
  line: number;
  values: Partial<Record<RequestColumn, string>>;
  /** Why the line could not be read as a request at all. */
  unreadable?: string;
}

/** The rows of a table under its header: a cell may hold commas and line breaks (a comment on two lines, say). */
function tableRecords(table: readonly CsvRecord[], source: string): RawRecord[] {
  const [header, ...rows] = table;
  const headerLine = header?.line ?? 1;
  const names = [...(header?.fields ?? [])];
  // Spreadsheets often save a few empty columns after the last one: they name nothing.
  while (names.length > 0 && names.at(-1)?.trim() === '') names.pop();
  const columns = names.map((name) => {
    const column = requestColumn(name);
    if (column === undefined) {
      throw new UsageError(
        `${source} line ${headerLine}: "${shown(name)}" is not a request column; use ${REQUEST_COLUMNS.join(', ')} (or their French names).`,
      );
    }
    return column;
  });
  const duplicate = columns.find((column, index) => columns.indexOf(column) !== index);
  if (duplicate !== undefined)
    throw new UsageError(`${source} line ${headerLine}: the column ${duplicate} appears twice.`);
  const records: RawRecord[] = [];
  for (const { line, fields: cells } of rows) {
    const values: Partial<Record<RequestColumn, string>> = {};
    columns.forEach((column, position) => {
      const cell = cells[position]?.trim();
      if (cell) values[column] = cell;
    });
    const extra = cells.slice(columns.length).some((cell) => cell.trim() !== '');
    const unreadable = extra
      ? `${cells.length} values for ${columns.length} columns (${columns.join(',')}).`
      : undefined;
    records.push({ line, values, ...(unreadable ? { unreadable } : {}) });
  }
  return records;
}

/** A header as typed, safe to repeat in a one-line message: controls shown as `?`, cut to 40 characters. */
function shown(text: string): string {
  const clean = text.trim().replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}\u2026` : clean;
}

function ndjsonRecords(lines: string[], source: string): RawRecord[] {
  const records: RawRecord[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new UsageError(`${source} line ${index + 1}: not valid JSON; NDJSON has one request object a line.`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new UsageError(
        `${source} line ${index + 1}: expected a request object like {"from": "Paris", "to": "Lyon", …}.`,
      );
    }
    const values: Partial<Record<RequestColumn, string>> = {};
    for (const [key, value] of Object.entries(parsed)) {
      const column = requestColumn(key);
      if (column === undefined)
        throw new UsageError(
          `${source} line ${index + 1}: "${key}" is not a request field; use ${REQUEST_COLUMNS.join(', ')}.`,
        );
      if (value === null || value === undefined || value === '') continue;
      values[column] = Array.isArray(value) ? value.map(String).join(';') : String(value);
    }
    records.push({ line: index + 1, values });
  });
  return records;
}

function rowOf(
  line: number,
  values: Partial<Record<RequestColumn, string>>,
  options: { today: string; now: Date },
): RequestRow {
  const problems: string[] = [];
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  };
  const draft: BookingRequestDraft = { scheduled: false };
  const notes: string[] = [];
  for (const field of ['from', 'to', 'name', 'email', 'comment'] as const)
    if (values[field] !== undefined) draft[field] = values[field];
  if (values.phone !== undefined) {
    const phone = mendedPhone(values.phone);
    draft.phone = phone;
    if (phone !== values.phone)
      notes.push(
        `phone ${values.phone} read as ${phone} (a spreadsheet dropped its leading ${phone.startsWith('+') ? '+' : '0'}).`,
      );
  }
  if (values.date !== undefined) draft.date = attempt(() => parseDateInput(values.date ?? '', 'date', options.now));
  if (values.return !== undefined)
    draft.returnDate = attempt(() => parseDateInput(values.return ?? '', 'return', options.now));
  if (values.formula !== undefined) draft.formula = attempt(() => parseFormula(values.formula ?? '', 'formula'));
  for (const field of ['motorcycles', 'riders'] as const) {
    const text = values[field];
    if (text === undefined) continue;
    const min = field === 'motorcycles' ? 1 : 0;
    if (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= MAX_MOTORCYCLES) draft[field] = Number(text);
    else problems.push(`${field}: "${text}" must be a whole number from ${min} to ${MAX_MOTORCYCLES}.`);
  }
  const single = [values.make, values.model].filter(Boolean).join(' ');
  const models = (values.motorcycle ?? '')
    .split(';')
    .map((model) => model.trim())
    .filter(Boolean);
  if (single && models.length > 0)
    problems.push(
      'make/model describe a single motorcycle and motorcycle one each (separated by ;); give only one way.',
    );
  else if (single || models.length > 0) draft.motorcycleModels = single ? [single] : models;
  const cc = values.cc;
  if (cc !== undefined && !isEmailAddress(cc)) problems.push(`cc: "${cc}" is not an e-mail address.`);
  problems.push(...bookingProblems(draft, { today: options.today, fieldName: columnName }));
  const missing = REQUIRED_BOOKING_FIELDS.filter((field) => draft[field] === undefined && values[field] === undefined);
  if (missing.length > 0) problems.push(`missing ${missing.join(', ')}.`);
  if (problems.length > 0) return { line, ok: false, problems };
  const request = requireBookingRequest(draft, { today: options.today });
  return { line, ok: true, request, ...(cc ? { cc } : {}), notes };
}

/**
 * A French number that a spreadsheet read as a number and so lost its leading 0 (`612345678`) or its `+`
 * (`33612345678`), written `06 12 34 56 78` or `+33 6 12 34 56 78`.
 */
function mendedPhone(phone: string): string {
  if (/^[1-9]\d{8}$/.test(phone)) return `0${phone}`.replace(/(\d\d)(?=\d)/g, '$1 ');
  if (/^33[1-9]\d{8}$/.test(phone)) return `+33 ${phone[2]} ${phone.slice(3).replace(/(\d\d)(?=\d)/g, '$1 ')}`;
  return phone;
}

// In a file, a field is named by the column the user wrote.
const COLUMN_OF: Partial<Record<keyof BookingRequest, RequestColumn>> = {
  motorcycleModels: 'motorcycle',
  returnDate: 'return',
};
/** How a requests file names a field: by its column. */
export const columnName: BookingFieldName = (field) => COLUMN_OF[field] ?? field;
