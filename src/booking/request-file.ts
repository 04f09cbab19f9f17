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
import { parseCivility, type Civility } from './civility.js';
import { customerNamingProblems, MAX_REFERENCE_LENGTH } from './customer-naming.js';
import { isEmailAddress } from './contact.js';
import { parseFormula } from './formula.js';
import type { BookingLang } from './lang.js';
import { INPUT_WORDS } from '../domain/input-words.js';
import { REQUEST_FILE_WORDS } from './request-file-words.js';

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

/**
 * Columns read beside the request's flags: the trip to book, the customer's reference for the request (named in the
 * subject) and how the customer is addressed (`Civilité`: « Mme », « M. »).
 */
export type SideColumn = 'route_id' | 'reference' | 'civility';
const SIDE_ALIASES: Readonly<Record<string, SideColumn>> = {
  route_id: 'route_id',
  'route id': 'route_id',
  routeid: 'route_id',
  trajet: 'route_id',
  trip: 'route_id',
  'n\u00b0 de trajet': 'route_id',
  'n\u00b0 trajet': 'route_id',
  'no de trajet': 'route_id',
  'numero de trajet': 'route_id',
  'id trajet': 'route_id',
  reference: 'reference',
  ref: 'reference',
  'n\u00b0 dossier': 'reference',
  'n\u00b0 de dossier': 'reference',
  'no dossier': 'reference',
  'numero de dossier': 'reference',
  dossier: 'reference',
  'reference client': 'reference',
  'ref client': 'reference',
  'reference dossier': 'reference',
  'votre reference': 'reference',
  civility: 'civility',
  civilite: 'civility',
  titre: 'civility',
  title: 'civility',
  salutation: 'civility',
};

/** The side column a header names (`N° de trajet` → route_id), or undefined. */
export function sideColumn(header: string): SideColumn | undefined {
  const folded = foldName(header).replace(/_/g, ' ').replace(/\.$/, '');
  return SIDE_ALIASES[folded] ?? SIDE_ALIASES[folded.replace(/ /g, '_')];
}

/** What a valid row carries beside its request: a copy address, what was mended in it, the desk's reference. */
interface ValidRowBase {
  line: number;
  ok: true;
  cc?: string;
  notes: string[];
  /** A `Référence` or `N° dossier` column: the customer's reference for the request, which the subject carries. */
  reference?: string;
  /** A `Civilité` column's value, when it is one (an unknown value is a note and leaves the wording neutral). */
  civility?: Civility;
}

/**
 * One row of a requests file: where it was, and its complete request (with what was mended in it), or the trip it
 * names (`Trajet` column) with the fields the trip does not fill in, or every problem it has.
 */
export type RequestRow =
  | (ValidRowBase & { request: BookingRequest })
  | (ValidRowBase & { routeId: string; fields: BookingRequestDraft })
  | { line: number; ok: false; problems: string[] };

/** How the rows were read: `now` is the run's clock; `note` hears once what was read aside (unknown columns). */
export interface RequestFileOptions {
  today: string;
  now: Date;
  note?: (text: string) => void;
  /** The language of the rows' problems and notes: English unless told (`fr` for a French session). */
  lang?: BookingLang;
}

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
export function readRequestFile(text: string, source: string, options: RequestFileOptions): RequestRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const lines = body.split('\n').map((line) => line.replace(/\r$/, ''));
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0)
    throw new UsageError(REQUEST_FILE_WORDS[options.lang ?? 'en'].file.empty(source, REQUEST_COLUMNS.join(',')));
  if (lines[first]?.trimStart().startsWith('{'))
    return rowsOf(ndjsonRecords(lines, source, options.lang), source, options);
  return readRequestRecords(csvTable(body, source, options.lang), source, options);
}

/** Reads the rows of a table whose first record is the header (a spreadsheet's first sheet, a CSV file), like readRequestFile. */
export function readRequestRecords(
  records: readonly CsvRecord[],
  source: string,
  options: RequestFileOptions,
): RequestRow[] {
  return rowsOf(tableRecords(records, source, options.note, options.lang), source, options);
}

function rowsOf(records: RawRecord[], source: string, options: RequestFileOptions): RequestRow[] {
  if (records.length === 0) throw new UsageError(REQUEST_FILE_WORDS[options.lang ?? 'en'].file.headerOnly(source));
  return records.map(({ line, values, unreadable }) =>
    unreadable ? { line, ok: false, problems: [unreadable] } : rowOf(line, values, options),
  );
}

interface RawRecord {
  line: number;
  values: Partial<Record<RequestColumn | SideColumn, string>>;
  /** Why the line could not be read as a request at all. */
  unreadable?: string;
}

/**
 * The rows of a table under its header: a cell may hold commas and line breaks (a comment on two lines, say). A column
 * that is no request column (the desk's agent, a status) is kept aside, said once through `note`, never a refusal.
 */
function tableRecords(
  table: readonly CsvRecord[],
  source: string,
  note?: (text: string) => void,
  lang: BookingLang = 'en',
): RawRecord[] {
  const words = REQUEST_FILE_WORDS[lang];
  const [header, ...rows] = table;
  const headerLine = header?.line ?? 1;
  const names = [...(header?.fields ?? [])];
  // Spreadsheets often save a few empty columns after the last one: they name nothing.
  while (names.length > 0 && names.at(-1)?.trim() === '') names.pop();
  const columns = names.map((name) => requestColumn(name) ?? sideColumn(name));
  const aside = names.filter((_, index) => columns[index] === undefined).map(shown);
  const where = words.file.at(source, headerLine);
  if (columns.every((column) => column === undefined))
    throw new UsageError(words.file.noRequestColumn(where, aside.slice(0, 5), REQUEST_COLUMNS.join(', ')));
  if (aside.length > 0) note?.(words.columnsAside(source, aside));
  const known = columns.filter((column) => column !== undefined);
  const duplicate = known.find((column, index) => known.indexOf(column) !== index);
  if (duplicate !== undefined) throw new UsageError(INPUT_WORDS[lang].columnTwice(where, duplicate));
  const records: RawRecord[] = [];
  for (const { line, fields: cells } of rows) {
    const values: RawRecord['values'] = {};
    columns.forEach((column, position) => {
      const cell = cells[position]?.trim();
      if (cell && column !== undefined) values[column] = cell;
    });
    const extra = cells.slice(columns.length).some((cell) => cell.trim() !== '');
    const unreadable = extra
      ? words.extraValues(
          cells.length,
          columns.length,
          names.map((name, index) => columns[index] ?? shown(name)).join(','),
        )
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

function ndjsonRecords(lines: string[], source: string, lang: BookingLang = 'en'): RawRecord[] {
  const { file } = REQUEST_FILE_WORDS[lang];
  const records: RawRecord[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const where = file.at(source, index + 1);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new UsageError(file.notJson(where));
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new UsageError(file.notAnObject(where));
    }
    const values: RawRecord['values'] = {};
    for (const [key, value] of Object.entries(parsed)) {
      const column = requestColumn(key) ?? sideColumn(key);
      if (column === undefined) throw new UsageError(file.notAField(where, key, REQUEST_COLUMNS.join(', ')));
      if (value === null || value === undefined || value === '') continue;
      values[column] = Array.isArray(value) ? value.map(String).join(';') : String(value);
    }
    records.push({ line: index + 1, values });
  });
  return records;
}

function rowOf(line: number, values: RawRecord['values'], options: RequestFileOptions): RequestRow {
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
  const lang = options.lang ?? 'en';
  const words = REQUEST_FILE_WORDS[lang];
  const named = COLUMN_NAMES[lang];
  // A tab typed or pasted into a cell is blank space, not a control character to refuse.
  for (const field of ['from', 'to', 'name', 'email', 'comment'] as const)
    if (values[field] !== undefined) draft[field] = values[field]?.replace(/\t/g, ' ');
  // A civility that is none of the known ones leaves the wording neutral, as an empty cell does: said, never refused.
  let civility: Civility | undefined;
  if (values.civility !== undefined) {
    civility = parseCivility(values.civility);
    if (civility === undefined) notes.push(words.civilityUnknown(values.civility));
  }
  // A reference too long for a subject is a note, not a refusal: the request is drafted, the subject without it.
  const typedReference = values.reference?.replace(/\t/g, ' ');
  const referenceLength = typedReference?.trim().length ?? 0;
  const reference = referenceLength > MAX_REFERENCE_LENGTH ? undefined : typedReference;
  if (reference === undefined && typedReference !== undefined)
    notes.push(words.referenceLeftOut(referenceLength, MAX_REFERENCE_LENGTH));
  problems.push(...customerNamingProblems({ reference }, lang));
  if (values.phone !== undefined) {
    const { phone, lostDigit } = frenchPhone(values.phone);
    draft.phone = phone;
    if (lostDigit) notes.push(words.phoneMended(values.phone, phone, phone.startsWith('+') ? '+' : '0'));
  }
  const readDate = (field: 'date' | 'return', text: string): string | undefined => {
    const serial = excelSerialDate(text);
    if (serial === undefined) {
      if (lang === 'en') return attempt(() => parseDateInput(text, field, options.now));
      try {
        return parseDateInput(text, named(field), options.now);
      } catch {
        problems.push(words.notADate(named(field), text));
        return undefined;
      }
    }
    notes.push(words.serialDate(named(field), text, serial));
    return serial;
  };
  if (values.date !== undefined) draft.date = readDate('date', values.date);
  if (values.return !== undefined) draft.returnDate = readDate('return', values.return);
  if (values.formula !== undefined)
    draft.formula = attempt(() => parseFormula(values.formula ?? '', named('formula'), lang));
  for (const field of ['motorcycles', 'riders'] as const) {
    const text = values[field];
    if (text === undefined) continue;
    const min = field === 'motorcycles' ? 1 : 0;
    if (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= MAX_MOTORCYCLES) draft[field] = Number(text);
    else problems.push(words.count(named(field), text, min, MAX_MOTORCYCLES));
  }
  const single = [values.make, values.model].filter(Boolean).join(' ');
  const models = (values.motorcycle ?? '')
    .split(';')
    .map((model) => model.trim())
    .filter(Boolean);
  if (single && models.length > 0) problems.push(words.modelTwice);
  else if (single || models.length > 0) draft.motorcycleModels = single ? [single] : models;
  const cc = values.cc;
  if (cc !== undefined && !isEmailAddress(cc)) problems.push(words.cc(cc));
  const routeId = values.route_id;
  if (routeId !== undefined && values.date !== undefined) problems.push(words.routeFixesDate(routeId));
  problems.push(...bookingProblems(draft, { today: options.today, fieldName: columnNameIn(lang), lang }));
  // A trip named by its id gives its cities and date: only the formula is still needed.
  const missing = REQUIRED_BOOKING_FIELDS.filter(
    (field) =>
      draft[field] === undefined &&
      values[field] === undefined &&
      (routeId === undefined || !TRIP_FIELDS.includes(field)),
  );
  if (missing.length > 0) problems.push(words.missing(missing.map(columnNameIn(lang))));
  if (problems.length > 0) return { line, ok: false, problems };
  const base = {
    line,
    ok: true as const,
    ...(cc ? { cc } : {}),
    notes,
    ...(reference ? { reference } : {}),
    ...(civility ? { civility } : {}),
  };
  if (routeId !== undefined) return { ...base, routeId, fields: draft };
  const request = requireBookingRequest(draft, { today: options.today });
  return { ...base, request };
}

const TRIP_FIELDS: readonly string[] = ['from', 'to', 'date'];

// Excel counts days from 30 December 1899; 36526 is 2000-01-01 and 73051 is 2099-12-31.
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A date column holding Excel's day number (`46375`, a CSV saved from a cell not formatted as a date), as `YYYY-MM-DD`. */
function excelSerialDate(text: string): string | undefined {
  if (!/^\d{5}$/.test(text)) return undefined;
  const serial = Number(text);
  if (serial < 36526 || serial > 73051) return undefined;
  return new Date(EXCEL_EPOCH + serial * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A French number written the French way, `06 12 34 56 78` or `+33 6 12 34 56 78`, however it was typed
 * (`06.12.34.56.78`, `0612345678`, `+33 (0)6 12 34 56 78`), or as a spreadsheet read it as a number and so lost its
 * leading 0 (`612345678`) or its `+` (`33612345678`: `lostDigit`). Any other number is kept as typed.
 */
function frenchPhone(typed: string): { phone: string; lostDigit: boolean } {
  const digits = typed.replace(/[\s.\-\u00a0\u202f]/g, '').replace(/^\+33\(0\)/, '+33');
  const pairs = (eight: string) => eight.replace(/(\d\d)(?=\d)/g, '$1 ');
  let match = /^0([1-9])(\d{8})$/.exec(digits);
  if (match) return { phone: `0${match[1]} ${pairs(match[2] ?? '')}`, lostDigit: false };
  match = /^(?:\+33|0033)0?([1-9])(\d{8})$/.exec(digits);
  if (match) return { phone: `+33 ${match[1]} ${pairs(match[2] ?? '')}`, lostDigit: false };
  match = /^([1-9])(\d{8})$/.exec(digits);
  if (match && digits === typed) return { phone: `0${match[1]} ${pairs(match[2] ?? '')}`, lostDigit: true };
  match = /^33([1-9])(\d{8})$/.exec(digits);
  if (match && digits === typed) return { phone: `+33 ${match[1]} ${pairs(match[2] ?? '')}`, lostDigit: true };
  return { phone: typed, lostDigit: false };
}

// In a file, a field is named by the column the user wrote.
const COLUMN_OF: Partial<Record<keyof BookingRequest, RequestColumn>> = {
  motorcycleModels: 'motorcycle',
  returnDate: 'return',
};
/** How a requests file names a field: by its column. */
export const columnName: BookingFieldName = (field) => COLUMN_OF[field] ?? field;

// A French desk's sheet says « Arrivée », not `to`: each name is also a header the reader takes (ALIASES).
const FRENCH_COLUMNS: Readonly<Record<RequestColumn, string>> = {
  from: 'départ',
  to: 'arrivée',
  date: 'date',
  formula: 'formule',
  motorcycle: 'moto',
  make: 'marque',
  model: 'modèle',
  motorcycles: 'nombre de motos',
  riders: 'pilotes',
  return: 'retour',
  name: 'nom',
  email: 'e-mail',
  phone: 'téléphone',
  comment: 'commentaire',
  cc: 'copie',
};
const COLUMN_NAMES: Readonly<Record<BookingLang, (column: RequestColumn) => string>> = {
  en: (column) => column,
  fr: (column) => FRENCH_COLUMNS[column],
};

/** How a requests file names a field in a session's language: `to` in English, « arrivée » in French. */
export function columnNameIn(lang: BookingLang): BookingFieldName {
  return (field) => {
    const column = columnName(field);
    return isRequestColumn(column) ? COLUMN_NAMES[lang](column) : column;
  };
}

function isRequestColumn(name: string): name is RequestColumn {
  return REQUEST_COLUMNS.some((column) => column === name);
}
