function plural(n: number): string {
  return n > 1 ? 's' : '';
}

/** The sentences the commands share (trip summaries, long runs, completions, jobs), per language. */
export const SHARED_WORDS = {
  en: {
    listingProgress: 'Listing',
    noTripsMatch: 'No trips match.',
    trips: (count: number) => `${count} trip${count > 1 ? 's' : ''}`,
    bookLabel: 'Book: ',
    bookMarkdown: 'Book',
    askedDay: (mark: string) => `${mark} the day asked for`,
    estimate: (requests: number, minutes: number, rate: number) =>
      `${requests} requests ≈ ${minutes} min at ${rate} a minute`,
    suggestList: (estimate: string) => `${estimate}; \`motoroute list\` reads everything in one request.`,
    jobOther: (jobId: string) =>
      `Job ${jobId} completed with a result that holds no trips motoroute recognises; it is printed as JSON.`,
    jobFirstPage: (total: number) =>
      `The job's result holds only the first page of the ${total} trips the service found; motoroute search … --all reads them all.`,
    completesTime: 'the time of today’s trips (some records have none: the trip may have left)',
    completesSlots:
      '--min-slots reads the places of every leg, which some listing records leave out (Form B carries only the first leg’s)',
    completesStops: 'the filter reads the stopovers, which some listing records leave out',
    completionPlan: (reads: string, total: number, requests: number, minutes: number, rate: number) =>
      `Completing ${reads}: ${total} trips of the search in ${requests} requests ≈ ${minutes} min at most at ${rate} a minute. ` +
      'For a quick approximate answer (unknown parts marked), --quick; or narrow the dates (--after, --before).',
    completionStep: (request: number, planned: number) => `completing ${request}/${planned}`,
    narrowedPlan: (total: number, requests: number, minutes: number, rate: number) =>
      `Reading the ${total} trips of the search of these cities in ${requests} requests ≈ ${minutes} min at most at ${rate} a minute, ` +
      'rather than the whole listing. To narrow it further: --after, --before.',
    narrowedStep: (request: number, planned: number) => `search ${request}/${planned}`,
    completion: (undecided: number, requests: number, found: number, matched: number) =>
      `${undecided} listing trip${undecided === 1 ? '' : 's'} without the stopovers or per-leg places the filter reads: ` +
      `the search (${requests} request${requests === 1 ? '' : 's'}) found ${found} of them complete, ${matched} matching; the others do not match.`,
  },
  fr: {
    listingProgress: 'Liste',
    noTripsMatch: 'Aucun trajet ne correspond.',
    trips: (count: number) => `${count} trajet${count > 1 ? 's' : ''}`,
    bookLabel: 'Réserver : ',
    bookMarkdown: 'Réserver\u00a0',
    askedDay: (mark: string) => `${mark} le jour demandé`,
    estimate: (requests: number, minutes: number, rate: number) =>
      `${requests} requêtes ≈ ${minutes} min à ${rate} par minute`,
    suggestList: (estimate: string) => `${estimate} ; \`motoroute list\` lit tout en une requête.`,
    jobOther: (jobId: string) =>
      `Le job ${jobId} est terminé, mais son résultat ne contient pas de trajets reconnaissables ; le voici en JSON.`,
    jobFirstPage: (total: number) =>
      `Le résultat du job ne contient que la première page des ${total} trajets trouvés ; motoroute search … --all les lit tous.`,
    completesTime:
      'l’heure des trajets d’aujourd’hui (certains enregistrements n’en ont pas : le trajet est peut-être parti)',
    completesSlots:
      '--min-slots lit les places de chaque étape, que certains enregistrements de la liste omettent (la forme B ne donne que la première)',
    completesStops: 'le filtre lit les escales, que certains enregistrements de la liste omettent',
    completionPlan: (reads: string, total: number, requests: number, minutes: number, rate: number) =>
      `Compléter ${reads} : ${total} trajets de la recherche en ${requests} requêtes ≈ ${minutes} min au plus à ${rate} par minute. ` +
      'Pour une réponse rapide approchée (parties inconnues marquées), --quick ; ou resserrez les dates (--after, --before).',
    completionStep: (request: number, planned: number) => `complétion ${request}/${planned}`,
    narrowedPlan: (total: number, requests: number, minutes: number, rate: number) =>
      `Lecture des ${total} trajets de la recherche de ces villes en ${requests} requêtes ≈ ${minutes} min au plus à ${rate} par minute, ` +
      'plutôt que de toute la liste. Pour resserrer : --after, --before.',
    narrowedStep: (request: number, planned: number) => `recherche ${request}/${planned}`,
    completion: (undecided: number, requests: number, found: number, matched: number) =>
      `${undecided} trajet${plural(undecided)} de la liste sans les escales ou les places par étape que lit le filtre : ` +
      `la recherche (${requests} requête${plural(requests)}) en a trouvé ${found} complet${plural(found)}, dont ${matched} correspond${matched > 1 ? 'ent' : ''} ; les autres ne correspondent pas.`,
  },
};
