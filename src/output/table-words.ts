/** The lines a terminal table says on stderr, per language (`--lang`). */
export const TABLE_WORDS = {
  en: {
    hidden: (width: number, names: string) =>
      `Hidden at ${width} columns: ${names} (see --fields, or widen the window).`,
    largeTable: (rows: string) =>
      `More than ${rows} rows: to page them pipe to less -S, or write them to a file with --format tsv (or csv, json) > trips.tsv.`,
  },
  fr: {
    hidden: (width: number, names: string) =>
      `Masqué sur ${width} colonnes : ${names} (voir --fields, ou élargir la fenêtre).`,
    largeTable: (rows: string) =>
      `Plus de ${rows} lignes : pour les parcourir, passez-les à less -S, ou écrivez-les dans un fichier avec --format tsv (ou csv, json) > trajets.tsv.`,
  },
} as const;

/** A language tables speak. */
export type TableWordsLang = keyof typeof TABLE_WORDS;
