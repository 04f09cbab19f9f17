/** The languages `api` refuses in. */
export type ApiLang = 'en' | 'fr';

/** What `api` refuses before sending anything (its PATH, fields, headers and body), per language. */
export const API_WORDS = {
  en: {
    bodyless: (method: string) =>
      `--input sends a body, which a ${method} request cannot carry; use -X POST (or another method).`,
    absolute: (shown: string) =>
      `api: "${shown}" is an absolute URL; give a path under the base URL (e.g. /route/ai/search), and --base-url to change the service.`,
    needsPath: 'api needs a PATH under the base URL, e.g. /route/ai/search?depart=Paris.',
    badCharacters: (shown: string) =>
      `api: "${shown}" holds a space, control character, backslash or #; percent-encode them.`,
    brokenEncoding: (shown: string) => `api: "${shown}" holds a broken percent-encoding.`,
    climbsOut: (shown: string) => `api: "${shown}" climbs out with . or ..; give a path under the base URL.`,
    notKeyValue: (flag: string, text: string) => `${flag}: "${text}" must be key=value.`,
    notHeader: (text: string) => `--header: "${text}" must be 'Name: value'.`,
    credential: (name: string) =>
      `--header: ${name} is refused: motoroute sends no credentials, the service is public and anonymous.`,
    transport: (name: string) => `--header: ${name} is set by motoroute itself.`,
    controlInValue: (name: string) => `--header: the value of ${name} holds a control character.`,
    paginateOnly: (path: string) => `--paginate follows the pages of GET ${path} only.`,
    unreadableInput: (source: string, reason: string) => `--input: cannot read ${source} (${reason}).`,
    noSuchFile: 'no such file',
    aDirectory: 'it is a directory',
  },
  fr: {
    bodyless: (method: string) =>
      `--input envoie un corps, qu\u2019une requête ${method} ne peut pas porter\u202f; utilisez -X POST (ou une autre méthode).`,
    absolute: (shown: string) =>
      `api\u00a0: \u00ab\u202f${shown}\u202f\u00bb est une URL absolue\u202f; donnez un chemin sous l\u2019URL de base (par exemple /route/ai/search), et --base-url pour changer de service.`,
    needsPath: 'api demande un PATH sous l\u2019URL de base, par exemple /route/ai/search?depart=Paris.',
    badCharacters: (shown: string) =>
      `api\u00a0: \u00ab\u202f${shown}\u202f\u00bb contient une espace, un caractère de contrôle, une barre oblique inverse ou un #\u202f; encodez-les en pourcentage.`,
    brokenEncoding: (shown: string) =>
      `api\u00a0: \u00ab\u202f${shown}\u202f\u00bb contient un encodage en pourcentage cassé.`,
    climbsOut: (shown: string) =>
      `api\u00a0: \u00ab\u202f${shown}\u202f\u00bb remonte avec . ou ..\u202f; donnez un chemin sous l\u2019URL de base.`,
    notKeyValue: (flag: string, text: string) =>
      `${flag}\u00a0: \u00ab\u202f${text}\u202f\u00bb doit s\u2019écrire clé=valeur.`,
    notHeader: (text: string) => `--header\u00a0: \u00ab\u202f${text}\u202f\u00bb doit s\u2019écrire 'Nom: valeur'.`,
    credential: (name: string) =>
      `--header\u00a0: ${name} est refusé\u00a0: motoroute n\u2019envoie aucun identifiant, le service est public et anonyme.`,
    transport: (name: string) => `--header\u00a0: ${name} est posé par motoroute lui-même.`,
    controlInValue: (name: string) => `--header\u00a0: la valeur de ${name} contient un caractère de contrôle.`,
    paginateOnly: (path: string) => `--paginate ne suit que les pages de GET ${path}.`,
    unreadableInput: (source: string, reason: string) => `--input\u00a0: impossible de lire ${source} (${reason}).`,
    noSuchFile: 'aucun fichier de ce nom',
    aDirectory: 'c\u2019est un dossier',
  },
} as const;
