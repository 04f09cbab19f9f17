/** What the checks of argv run before commander (./json-flag.ts, ./help-topic.ts) say, per language. */
export const USAGE_WORDS = {
  en: {
    jsonTakesNoValue: (fields: string) => `--json takes no value; use --json --fields ${fields}`,
    unknownHelpTopic: (topic: string, nearest: string | undefined) =>
      `unknown command '${topic}'${nearest === undefined ? '' : ` (did you mean ${nearest}?)`}; motoroute --help lists them.`,
  },
  fr: {
    jsonTakesNoValue: (fields: string) => `--json ne prend pas de valeur\u202f; écrivez --json --fields ${fields}`,
    unknownHelpTopic: (topic: string, nearest: string | undefined) =>
      `commande inconnue \u00ab\u202f${topic}\u202f\u00bb${nearest === undefined ? '' : ` (vouliez-vous dire ${nearest}\u202f?)`}\u202f; motoroute --help les liste.`,
  },
} as const satisfies Record<'en' | 'fr', Record<string, unknown>>;
