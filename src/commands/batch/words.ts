/** What `batch` says around its results, per language. */
export const BATCH_WORDS = {
  en: {
    trips: (total: number) => `${total} trip${total === 1 ? '' : 's'}`,
    shown: (count: number) => ` (${count} shown)`,
    book: 'Book: ',
  },
  fr: {
    trips: (total: number) => `${total} trajet${total > 1 ? 's' : ''}`,
    shown: (count: number) => ` (${count} affichés)`,
    book: 'Réserver : ',
  },
};
