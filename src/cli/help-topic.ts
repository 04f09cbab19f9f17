import { UsageError } from '../errors.js';
import { USAGE_WORDS } from './usage-words.js';
import { COMMAND_NAMES } from './startup/command-word.js';

/**
 * A UsageError for `help X` when X is no command, suggesting the nearest one as a typo of it would, in `lang()` (asked
 * only then); undefined otherwise.
 */
export function unknownHelpTopic(
  argv: readonly string[],
  lang: () => 'en' | 'fr' = () => 'en',
): UsageError | undefined {
  const topic = argv[0] === 'help' ? argv[1] : undefined;
  if (topic === undefined || topic.startsWith('-') || COMMAND_NAMES.has(topic)) return undefined;
  const nearest = [...COMMAND_NAMES]
    .map((name) => ({ name, distance: editDistance(topic, name) }))
    .sort((a, b) => a.distance - b.distance)[0];
  const suggestion =
    nearest && nearest.distance <= Math.max(1, Math.floor(topic.length / 3)) ? nearest.name : undefined;
  return new UsageError(USAGE_WORDS[lang()].unknownHelpTopic(topic, suggestion));
}

/** Levenshtein distance, with a swap of two neighbours counted as one edit. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}
