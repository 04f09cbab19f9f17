import type { SearchQuery } from '../domain/types.js';
import { HttpError } from './http/reply.js';

/** What an opaque cursor carries: the filter it belongs to and the offset of the next page. */
export interface CursorState {
  filter: SearchQuery;
  offset: number;
}

const FIELDS = ['depart', 'arrival', 'date_from', 'date_to'] as const;

/** Encodes a cursor as base64url JSON (opaque to clients). */
export function encodeCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify({ v: 1, f: state.filter, o: state.offset })).toString('base64url');
}

/** Decodes a cursor; throws HttpError 400 when it was not made by encodeCursor. */
export function decodeCursor(text: string): CursorState {
  const invalid = new HttpError(400, 'cursor is not valid; start again without it');
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (typeof raw !== 'object' || raw === null) throw invalid;
  const { v, f, o } = raw as { v?: unknown; f?: unknown; o?: unknown };
  if (v !== 1 || typeof o !== 'number' || !Number.isInteger(o) || o < 0 || typeof f !== 'object' || f === null)
    throw invalid;
  const filter: SearchQuery = {};
  for (const field of FIELDS) {
    const value = (f as Record<string, unknown>)[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw invalid;
    filter[field] = value;
  }
  return { filter, offset: o };
}

/** True when the filter given with a cursor does not contradict the cursor's own. */
export function filterAgrees(given: SearchQuery, fromCursor: SearchQuery): boolean {
  return FIELDS.every((field) => given[field] === undefined || given[field] === fromCursor[field]);
}
