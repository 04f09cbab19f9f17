/** What `batch` says around its results, per language. */
export const BATCH_WORDS = {
  en: {
    trips: (total: number) => `${total} trip${total === 1 ? '' : 's'}`,
    shown: (count: number) => ` (${count} shown)`,
    book: 'Book: ',
    fileOrQuery: 'Give the queries either in FILE (or stdin) or with --query, not both.',
    needsQueries:
      'batch needs queries: a FILE (JSON, NDJSON, CSV or a spreadsheet), - to read stdin, or --query FROM:TO[:AFTER[:BEFORE]].',
    noQueries: (source: string) => `${source} holds no queries.`,
    keyForOneRequest: (queries: number, requests: number, most: number) =>
      `--idempotency-key applies to one request, but ${queries} queries need ${requests}; leave it out (a key is made for each) or send at most ${most} queries.`,
    badKey: (option: string) => `${option}: give 1 to 255 printable ASCII characters (a UUID, say).`,
    unservedQuery: (query: string, problem: string) => `${query}: ${problem}`,
  },
  fr: {
    trips: (total: number) => `${total} trajet${total > 1 ? 's' : ''}`,
    shown: (count: number) => ` (${count} affichés)`,
    book: 'Réserver : ',
    fileOrQuery: 'Donnez les requêtes soit dans FILE (ou stdin), soit avec --query, pas les deux.',
    needsQueries:
      'batch demande des requêtes\u00a0: un FILE (JSON, NDJSON, CSV ou un tableur), - pour lire stdin, ou --query FROM:TO[:AFTER[:BEFORE]].',
    noQueries: (source: string) => `${source} ne contient aucune requête.`,
    keyForOneRequest: (queries: number, requests: number, most: number) =>
      `--idempotency-key vaut pour une seule requête, mais ${queries} requêtes en demandent ${requests}\u202f; omettez-le (une clé est faite pour chacune) ou envoyez au plus ${most} requêtes.`,
    badKey: (option: string) =>
      `${option}\u00a0: donnez de 1 à 255 caractères ASCII imprimables (un UUID, par exemple).`,
    unservedQuery: (query: string, problem: string) => `${query}\u00a0: ${problem}`,
  },
};
