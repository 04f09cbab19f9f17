/** What `near` says under its table, per language. */
export const NEAR_WORDS = {
  en: {
    none: (location: string, source: string) => `No served city near "${location}" (source: ${source}).`,
    source: (source: string) => `Source: ${source}`,
  },
  fr: {
    none: (location: string, source: string) => `Aucune ville desservie près de « ${location} » (source : ${source}).`,
    source: (source: string) => `Source : ${source}`,
  },
};
