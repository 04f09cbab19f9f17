/** What the trip filters (and the flags that widen them) refuse, per language. */
export const FILTER_WORDS = {
  en: {
    tooManyArguments: (count: number) => `Too many arguments: expected at most FROM and TO, got ${count}.`,
    flexNeedsDate: '--flex N widens --date by N days each side: give --date too.',
    dateWithRange: '--date cannot be combined with --after or --before.',
    cityTwice: (flag: string) =>
      `Give the ${flag === '--from' ? 'departure' : 'arrival'} city once: either as an argument or with ${flag}.`,
    radiusNeedsCity: '--radius widens FROM and TO to the served cities around them: give FROM, TO or both.',
  },
  fr: {
    tooManyArguments: (count: number) => `Trop d\u2019arguments\u00a0: FROM et TO au plus, ${count} donnés.`,
    flexNeedsDate: '--flex N élargit --date de N jours de chaque côté\u00a0: donnez aussi --date.',
    dateWithRange: '--date ne se combine pas avec --after ni --before.',
    cityTwice: (flag: string) =>
      `Donnez la ville ${flag === '--from' ? 'de départ' : 'd\u2019arrivée'} une seule fois\u00a0: en argument ou avec ${flag}.`,
    radiusNeedsCity: '--radius élargit FROM et TO aux villes desservies alentour\u00a0: donnez FROM, TO ou les deux.',
  },
} as const;
