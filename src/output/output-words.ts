import { frenchQuoted } from '../domain/french-writing.js';
/** The languages output refuses a request in. */
export type OutputLang = 'en' | 'fr';

/** What the output settings say about a format or field list they refuse, per language (./settings.ts, ./columns.ts, ./writer.ts). */
export const OUTPUT_WORDS = {
  en: {
    jsonAndFormat: (format: string) =>
      `--json and --format ${format} ask for different formats; give only one of them.`,
    notAFormat: (text: string, formats: readonly string[]) =>
      `--format: "${text}" is not a format; use one of ${formats.join(', ')}.`,
    noFields: '--fields: give at least one field name, e.g. --fields date,price.',
    unknownFields: (unknown: readonly string[], valid: readonly string[]) =>
      `--fields: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((field) => `"${field}"`).join(', ')}; valid fields are ${valid.join(', ')}.`,
    untouchedOnlyJson: (format: string) => `Records can be printed untouched only as json or ndjson, not ${format}.`,
  },
  fr: {
    jsonAndFormat: (format: string) =>
      `--json et --format ${format} demandent deux formats différents\u202f; donnez l\u2019un des deux seulement.`,
    notAFormat: (text: string, formats: readonly string[]) =>
      `--format\u00a0: ${frenchQuoted(text)} n\u2019est pas un format\u202f; choisissez parmi ${formats.join(', ')}.`,
    noFields: '--fields\u00a0: donnez au moins un nom de champ, par exemple --fields date,price.',
    unknownFields: (unknown: readonly string[], valid: readonly string[]) =>
      `--fields\u00a0: ${unknown.length > 1 ? 'champs inconnus' : 'champ inconnu'} ${unknown.map(frenchQuoted).join(', ')}\u202f; champs possibles\u00a0: ${valid.join(', ')}.`,
    untouchedOnlyJson: (format: string) =>
      `Les enregistrements ne s\u2019affichent tels quels qu\u2019en json ou ndjson, pas en ${format}.`,
  },
} as const satisfies Record<OutputLang, Record<string, unknown>>;
