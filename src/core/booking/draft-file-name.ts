import type { BookingRequest } from '../../booking/fields.js';
import { foldName } from '../../domain/text.js';

/**
 * A draft's file name, `2026-12-05_paris-marseille_jeanne-dupont.eml`: date, cities and customer (name, else the
 * e-mail's local part, else `line-N` of its row), in plain ASCII.
 */
export function draftFileName(request: BookingRequest, line: number): string {
  const customer = slug(request.name ?? request.email?.split('@')[0] ?? '') || `line-${line}`;
  return `${request.date}_${slug(request.from) || 'from'}-${slug(request.to) || 'to'}_${customer}.eml`;
}

/** `name`, or `name-2.eml`, `name-3.eml`… the first one not in `taken`, which it joins: a draft never replaces a file. */
export function freeName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let count = 2; taken.has(candidate); count++) candidate = name.replace(/(\.[a-z]+)?$/, `-${count}$1`);
  taken.add(candidate);
  return candidate;
}

function slug(text: string): string {
  return foldName(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}
