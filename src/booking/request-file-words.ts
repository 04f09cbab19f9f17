import { frenchNumericDate } from '../domain/french-writing.js';
import type { BookingLang } from './lang.js';

/** What a file of requests says of its rows (problems and notes), per language; columns as the file names them. */
export interface RequestFileWords {
  phoneMended: (typed: string, phone: string, lost: '+' | '0') => string;
  serialDate: (column: string, typed: string, date: string) => string;
  count: (column: string, text: string, min: number, max: number) => string;
  modelTwice: string;
  cc: (cc: string) => string;
  routeFixesDate: (routeId: string) => string;
  missing: (columns: readonly string[]) => string;
  extraValues: (values: number, columns: number, names: string) => string;
  columnsAside: (source: string, columns: readonly string[]) => string;
  notADate: (column: string, typed: string) => string;
  civilityUnknown: (typed: string) => string;
  /** A reference too long for a subject: the row is drafted without it. */
  referenceLeftOut: (length: number, max: number) => string;
  /** Why the file itself cannot be read (then no row is checked). */
  file: {
    empty: (source: string, columns: string) => string;
    headerOnly: (source: string) => string;
    noRequestColumn: (where: string, aside: readonly string[], columns: string) => string;
    notJson: (where: string) => string;
    notAnObject: (where: string) => string;
    notAField: (where: string, key: string, columns: string) => string;
    /** `where`: the file and its line. */
    at: (source: string, line: number) => string;
  };
}

export const REQUEST_FILE_WORDS: Readonly<Record<BookingLang, RequestFileWords>> = {
  en: {
    phoneMended: (typed, phone, lost) => `phone ${typed} read as ${phone} (a spreadsheet dropped its leading ${lost}).`,
    serialDate: (column, typed, date) =>
      `${column} ${typed} read as ${date} (a spreadsheet's date number; format the column as a date).`,
    count: (column, text, min, max) => `${column}: "${text}" must be a whole number from ${min} to ${max}.`,
    modelTwice: 'make/model describe a single motorcycle and motorcycle one each (separated by ;); give only one way.',
    cc: (cc) => `cc: "${cc}" is not an e-mail address.`,
    routeFixesDate: (routeId) => `route_id ${routeId} sets the date: leave date empty on a row that names its trip.`,
    missing: (columns) => `missing ${columns.join(', ')}.`,
    extraValues: (values, columns, names) => `${values} values for ${columns} columns (${names}).`,
    columnsAside: (source, columns) =>
      `${source}: ${columns.length === 1 ? 'the column' : 'the columns'} ${columns.map((name) => `"${name}"`).join(', ')} ${columns.length === 1 ? 'is' : 'are'} not read (not a request column); kept aside, not in the drafts.`,
    notADate: (column, typed) => `${column}: "${typed}" is not a date; write it 07/12/2026, 7 déc. 2026 or 2026-12-07.`,
    civilityUnknown: (typed) =>
      `civility: "${typed}" is neither Mme nor M.; the e-mail names the customer without a title (write Mme or M.).`,
    referenceLeftOut: (length, max) =>
      `reference: ${length} characters, more than the ${max} a subject carries; the subject leaves it out (shorten it to have it there).`,
    file: {
      empty: (source, columns) =>
        `${source} holds no requests; give a CSV file with a header line (${columns}) or NDJSON.`,
      headerOnly: (source) => `${source} holds no requests, only a header line.`,
      noRequestColumn: (where, aside, columns) =>
        `${where}: no request column (${aside.map((name) => `"${name}"`).join(', ')}); use ${columns} (or their French names).`,
      notJson: (where) => `${where}: not valid JSON; NDJSON has one request object a line.`,
      notAnObject: (where) => `${where}: expected a request object like {"from": "Paris", "to": "Lyon", \u2026}.`,
      notAField: (where, key, columns) => `${where}: "${key}" is not a request field; use ${columns}.`,
      at: (source, line) => `${source} line ${line}`,
    },
  },
  fr: {
    phoneMended: (typed, phone, lost) =>
      `téléphone\u00a0: ${typed} se lit ${phone} (le tableur avait retiré le ${lost} du début).`,
    serialDate: (column, typed, date) =>
      `${column}\u00a0: ${typed} se lit ${frenchNumericDate(date)} (un numéro de jour de tableur\u202f; mettez la colonne au format date).`,
    count: (column, text, min, max) =>
      `${column}\u00a0: «\u202f${text}\u202f» doit être un nombre entier de ${min} à ${max}.`,
    modelTwice:
      'make/model décrivent une seule moto, et motorcycle une par moto (séparées par des «\u202f;\u202f»)\u202f; n\u2019utilisez qu\u2019une des deux façons.',
    cc: (cc) => `cc\u00a0: «\u202f${cc}\u202f» n\u2019est pas une adresse e-mail.`,
    routeFixesDate: (routeId) =>
      `route_id ${routeId} fixe la date\u00a0: laissez la date vide sur une ligne qui nomme son trajet.`,
    missing: (columns) =>
      `${columns.length === 1 ? 'il manque la colonne' : 'il manque les colonnes'} ${columns.join(', ')}.`,
    extraValues: (values, columns, names) => `${values} valeurs pour ${columns} colonnes (${names}).`,
    columnsAside: (source, columns) =>
      `${source}\u00a0: ${columns.length === 1 ? 'la colonne' : 'les colonnes'} ${columns.map((name) => `«\u202f${name}\u202f»`).join(', ')} ${columns.length === 1 ? 'n\u2019est pas lue' : 'ne sont pas lues'} (pas une colonne de demande)\u202f; mise${columns.length === 1 ? '' : 's'} de côté, absente${columns.length === 1 ? '' : 's'} des brouillons.`,
    notADate: (column, typed) =>
      `${column}\u00a0: «\u202f${typed}\u202f» n\u2019est pas une date\u202f; écrivez-la 07/12/2026, 7 déc. 2026 ou 2026-12-07.`,
    civilityUnknown: (typed) =>
      `civilité\u00a0: «\u202f${typed}\u202f» n\u2019est ni Mme ni M.\u202f; l\u2019e-mail nomme la personne sans civilité (écrivez Mme ou M.).`,
    referenceLeftOut: (length, max) =>
      `référence\u00a0: ${length} caractères, plus que les ${max} qu\u2019un objet porte\u202f; l\u2019objet ne la reprend pas (raccourcissez-la pour l\u2019y voir).`,
    file: {
      empty: (source, columns) =>
        `${source} ne contient aucune demande\u202f; donnez un fichier CSV avec une ligne d\u2019en-tête (${columns}) ou du NDJSON.`,
      headerOnly: (source) => `${source} ne contient aucune demande, seulement une ligne d\u2019en-tête.`,
      noRequestColumn: (where, aside, columns) =>
        `${where}\u00a0: aucune colonne de demande (${aside.map((name) => `\u00ab\u202f${name}\u202f\u00bb`).join(', ')})\u202f; utilisez ${columns} (ou leurs noms français).`,
      notJson: (where) =>
        `${where}\u00a0: ce n\u2019est pas du JSON valide\u202f; le NDJSON a un objet de demande par ligne.`,
      notAnObject: (where) =>
        `${where}\u00a0: un objet de demande est attendu, comme {"from": "Paris", "to": "Lyon", \u2026}.`,
      notAField: (where, key, columns) =>
        `${where}\u00a0: «\u202f${key}\u202f» n\u2019est pas un champ de demande\u202f; utilisez ${columns}.`,
      at: (source, line) => `${source}, ligne ${line}`,
    },
  },
};
