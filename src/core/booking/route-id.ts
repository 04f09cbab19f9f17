/**
 * The grammar of a route id, one for every face (`show`, `book`, `--return-trip`, the MCP tools): one token of 1 to
 * 64 visible characters (accents allowed), without spaces, control characters or `/ ? #`, which would change the
 * address the id is looked up at. Written without `\p{…}` so that an MCP schema can carry it to any validator.
 */
export const ROUTE_ID_PATTERN = /^[^\s\u0000-\u001f\u007f-\u009f/?#]{1,64}$/;

/** Why `text` is not a route id (one sentence), or undefined when it is one. */
export function routeIdProblem(text: string): string | undefined {
  if (ROUTE_ID_PATTERN.test(text.trim())) return undefined;
  return `"${text}" is not a route id: an id is one word of at most 64 letters, digits and signs, without spaces, / ? or #.`;
}
