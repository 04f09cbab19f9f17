/**
 * The grammar of a route id, one for every face (`show`, `book`, `--return-trip`, the MCP tools): one token of 1 to
 * 64 visible characters (accents allowed), without spaces, control characters or `/ ? #`, which would change the
 * address the id is looked up at. Written without `\p{…}` so that an MCP schema can carry it to any validator.
 */
export const ROUTE_ID_PATTERN = /^[^\s\u0000-\u001f\u007f-\u009f/?#]{1,64}$/;

const NOT_A_ROUTE_ID = {
  en: (text: string) =>
    `"${text}" is not a route id: an id is one word of at most 64 letters, digits and signs, without spaces, / ? or #.`,
  fr: (text: string) =>
    `\u00ab\u202f${text}\u202f\u00bb n\u2019est pas un identifiant de trajet\u00a0: un identifiant est un seul mot d\u2019au plus 64 lettres, chiffres et signes, sans espace, / ? ni #.`,
} as const;

/** Why `text` is not a route id (one sentence, in `lang`), or undefined when it is one. */
export function routeIdProblem(text: string, lang: 'en' | 'fr' = 'en'): string | undefined {
  if (ROUTE_ID_PATTERN.test(text.trim())) return undefined;
  return NOT_A_ROUTE_ID[lang](text);
}
