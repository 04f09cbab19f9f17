/** What `show` refuses, per language (after why the text is not a route id: core/booking/route-id.ts). */
export const SHOW_WORDS = {
  en: {
    needsId: (problem: string) =>
      `${problem} show needs a trip id (the id column of search), e.g. motoroute show 100042.`,
    findIds: 'Find ids with: motoroute search FROM TO.',
  },
  fr: {
    needsId: (problem: string) =>
      `${problem} show demande un identifiant de trajet (la colonne id de search), par exemple motoroute show 100042.`,
    findIds: 'Trouvez les identifiants avec\u00a0: motoroute search DÉPART ARRIVÉE.',
  },
} as const;
