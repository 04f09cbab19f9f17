/** What a search covers, in words for titles and notes: `Paris → Marseille`, `Lyon →`, `→ Nice (via Lyon)`; undefined for every trip. */
export function describeSubject(from: string | undefined, to: string | undefined, via?: string): string | undefined {
  const route = from && to ? `${from} → ${to}` : from ? `${from} →` : to ? `→ ${to}` : undefined;
  if (!via) return route;
  return route ? `${route} (via ${via})` : `via ${via}`;
}
