/** The languages input errors are said in: English by default (the library's), French for a French session. */
export type InputLang = 'en' | 'fr';

const s = (count: number) => (count === 1 ? '' : 's');

/** What reading queries and text files (batch files, --query, CSV, encodings) refuses, per language. */
export const INPUT_WORDS = {
  en: {
    line: (source: string, line: number) => `${source} line ${line}`,
    /** A query's field, or a --query, as messages name it. */
    field: (where: string, field: string) => `${where}: ${field}`,
    querySpec: (position: number, spec: string) => `--query #${position} "${spec}"`,
    queryNotObject: (where: string, fields: string) => `${where}: a query must be an object with ${fields}.`,
    unknownQueryField: (where: string, field: string, fields: string) =>
      `${where}: unknown field "${field}"; a query has only ${fields}.`,
    notAString: (where: string, field: string) => `${where}: ${field} must be a string.`,
    tooManyColons: (where: string) => `${where}: use FROM:TO[:AFTER[:BEFORE]] (at most three colons).`,
    emptySpec: (where: string) => `${where}: give at least a city or a date, e.g. Paris:Marseille.`,
    controlInCity: (label: string) => `${label}: control characters are not allowed in a city name.`,
    cityTooLong: (label: string, max: number) => `${label}: a city name has at most ${max} characters.`,
    formats: (header: string) =>
      `a JSON array, {"queries": [...]}, NDJSON (one object a line), or CSV (, ; or tab) or a spreadsheet with the header ${header}`,
    noQueries: (source: string, formats: string) => `${source} holds no queries; give ${formats}.`,
    expected: (source: string, formats: string) => `${source}: expected ${formats}.`,
    onlyQueries: (source: string, extra: string) =>
      `${source}: unknown field "${extra}"; the object holds only "queries".`,
    queriesNotArray: (source: string) => `${source}: "queries" must be an array of query objects.`,
    ndjsonLine: (where: string, reason: string) =>
      `${where}: not valid JSON (${reason}); NDJSON has one query object a line.`,
    notAColumn: (where: string, name: string, formats: string) =>
      `${where}: "${name}" is not a query column; expected ${formats}.`,
    columnTwice: (where: string, name: string) => `${where}: the column ${name} appears twice.`,
    cellCount: (where: string, cells: number, columns: readonly string[]) =>
      `${where}: ${cells} value${s(cells)} for ${columns.length} columns (${columns.join(',')}).`,
    quoteNotClosed: (where: string) => `${where}: a quoted value is not closed.`,
    notJson: (where: string, reason: string) => `${where}: not valid JSON (${reason}).`,
    notValidText: (source: string, encoding: string, encodings: string) =>
      `${source} is not valid ${encoding} text; give the encoding it was saved in with --encoding (${encodings}).`,
    mixedEncodings: (source: string, line: number) =>
      `${source} mixes two encodings (line ${line} holds UTF-8 among Windows-1252 text), so its accents cannot all be read right; save it again (as CSV UTF-8, say) or give --encoding.`,
    notAnEncoding: (option: string, value: string, encodings: string) =>
      `${option}: "${value}" is not an encoding motoroute reads; use ${encodings}.`,
  },
  fr: {
    line: (source: string, line: number) => `${source}, ligne ${line}`,
    field: (where: string, field: string) => `${where}\u00a0: ${field}`,
    querySpec: (position: number, spec: string) => `--query n\u00b0\u00a0${position} \u00ab\u202f${spec}\u202f\u00bb`,
    queryNotObject: (where: string, fields: string) => `${where}\u00a0: une requête doit être un objet avec ${fields}.`,
    unknownQueryField: (where: string, field: string, fields: string) =>
      `${where}\u00a0: champ inconnu \u00ab\u202f${field}\u202f\u00bb\u202f; une requête n\u2019a que ${fields}.`,
    notAString: (where: string, field: string) => `${where}\u00a0: ${field} doit être une chaîne de caractères.`,
    tooManyColons: (where: string) => `${where}\u00a0: utilisez FROM:TO[:AFTER[:BEFORE]] (trois deux-points au plus).`,
    emptySpec: (where: string) => `${where}\u00a0: donnez au moins une ville ou une date, par exemple Paris:Marseille.`,
    controlInCity: (label: string) =>
      `${label}\u00a0: les caractères de contrôle ne sont pas admis dans un nom de ville.`,
    cityTooLong: (label: string, max: number) => `${label}\u00a0: un nom de ville a au plus ${max} caractères.`,
    formats: (header: string) =>
      `un tableau JSON, {"queries": [...]}, du NDJSON (un objet par ligne), ou du CSV (, ; ou tabulation) ou un tableur avec l\u2019en-tête ${header}`,
    noQueries: (source: string, formats: string) => `${source} ne contient aucune requête\u202f; donnez ${formats}.`,
    expected: (source: string, formats: string) => `${source}\u00a0: il faut ${formats}.`,
    onlyQueries: (source: string, extra: string) =>
      `${source}\u00a0: champ inconnu \u00ab\u202f${extra}\u202f\u00bb\u202f; l\u2019objet ne contient que "queries".`,
    queriesNotArray: (source: string) => `${source}\u00a0: "queries" doit être un tableau d\u2019objets requête.`,
    ndjsonLine: (where: string, reason: string) =>
      `${where}\u00a0: JSON invalide (${reason})\u202f; le NDJSON a un objet requête par ligne.`,
    notAColumn: (where: string, name: string, formats: string) =>
      `${where}\u00a0: \u00ab\u202f${name}\u202f\u00bb n\u2019est pas une colonne de requête\u202f; il faut ${formats}.`,
    columnTwice: (where: string, name: string) => `${where}\u00a0: la colonne ${name} apparaît deux fois.`,
    cellCount: (where: string, cells: number, columns: readonly string[]) =>
      `${where}\u00a0: ${cells} valeur${cells > 1 ? 's' : ''} pour ${columns.length} colonnes (${columns.join(',')}).`,
    quoteNotClosed: (where: string) => `${where}\u00a0: une valeur entre guillemets n\u2019est pas fermée.`,
    notJson: (where: string, reason: string) => `${where}\u00a0: JSON invalide (${reason}).`,
    notValidText: (source: string, encoding: string, encodings: string) =>
      `${source} n\u2019est pas un texte ${encoding} valide\u202f; donnez l\u2019encodage dans lequel il a été enregistré avec --encoding (${encodings}).`,
    mixedEncodings: (source: string, line: number) =>
      `${source} mêle deux encodages (la ligne ${line} contient de l\u2019UTF-8 parmi du texte Windows-1252), ses accents ne peuvent donc pas tous être lus\u202f; enregistrez-le à nouveau (en CSV UTF-8, par exemple) ou donnez --encoding.`,
    notAnEncoding: (option: string, value: string, encodings: string) =>
      `${option}\u00a0: \u00ab\u202f${value}\u202f\u00bb n\u2019est pas un encodage que motoroute sait lire\u202f; utilisez ${encodings}.`,
  },
} as const;
