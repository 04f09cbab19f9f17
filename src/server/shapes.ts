import type { Trip } from '../domain/types.js';
import type { JsonObject } from './deviations/records.js';
import type { AskShape, JobResultShape } from './options.js';

/**
 * A completed job's result in the configured shape, made from its (first) search page: the page
 * itself as documented, or a shape seen elsewhere, down to an object with no routes at all.
 */
export function shapeJobResult(
  page: { routes: unknown[]; total: unknown } & JsonObject,
  shape: JobResultShape,
): unknown {
  switch (shape) {
    case 'page':
      return page;
    case 'routes-total':
      return { routes: page.routes, total: page.total };
    case 'routes':
      return { routes: page.routes };
    case 'results':
      return { results: page.routes };
    case 'array':
      return page.routes;
    case 'other':
      return { summary: `${String(page.total)} trips found`, stats: { count: page.total } };
  }
}

/** What POST /ask found, before it is shaped. */
export interface AskFindings {
  text: string;
  depart: string | undefined;
  arrival: string | undefined;
  total: number;
  routes: Trip[];
}

/** A POST /ask answer: the text under the configured field name, or for 'json' no text, the search as data. */
export function shapeAskAnswer(findings: AskFindings, shape: AskShape): JsonObject & { routes: Trip[] } {
  const { text, depart, arrival, total, routes } = findings;
  if (shape === 'json')
    return {
      intent: depart === undefined ? 'unknown' : 'search',
      depart: depart ?? null,
      arrival: arrival ?? null,
      total,
      routes,
    };
  return { [shape]: text, routes };
}
