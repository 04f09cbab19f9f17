/** What `search` says besides its rows (a planned search's too: --radius, --return), per language. */
export const SEARCH_WORDS = {
  en: {
    onlyDeparted: (page: number, time: string, next: number | undefined) =>
      `Page ${page} holds only trips that already left today (it is ${time} in France); ${next === undefined ? 'no upcoming trip follows' : `the next ones are on page ${next} (--page ${next})`}.`,
    firstTripsOnly: (shown: number, total: number, exact: boolean) =>
      `${shown} of ${exact ? '' : 'at least '}${total} upcoming trips written; --all fetches them all.`,
    pagesRead: (read: number, pages: number) => `Read ${read} of ${pages} pages to apply the filters here.`,
    matches: (exact: boolean, total: number) =>
      `${exact ? '' : 'at least '}${total} upcoming in all; --all shows every one`,
    pastLastPage: (page: number, pages: number, total: number) =>
      `Page ${page} is past the last page (${pages}): ${total} trip${total === 1 ? '' : 's'} in all.`,
    pageSummary: (page: number, pages: number, total: number) =>
      `page ${page} of ${pages}, ${total} in all; --all shows every page`,
    cut: (limit: number, all: number) =>
      `${limit} of ${all}; ${all <= 100 ? `--limit ${all} or --all shows them all` : '--all shows them all'}`,
    legName: (leg: 'trips' | 'out' | 'back') => ({ trips: 'Trips: ', out: 'Outbound: ', back: 'Return: ' })[leg],
    section: (leg: 'out' | 'back') => ({ out: 'Outbound', back: 'Return' })[leg],
    noTrips: '  No trips.',
    noLeg: (leg: 'out' | 'back') =>
      `No ${leg === 'out' ? 'outbound' : 'return'} trip matches: no round trip on these dates.`,
    noPair: 'No return leaves after an outbound arrives: no round trip can be taken on these dates.',
    legCounts: (outbound: number, inbound: number) => `${outbound} outbound, ${inbound} return`,
    cheapestPair: (total: string, out: { id: string; date: string }, back: { id: string; date: string }) =>
      `Cheapest round trip: ${total} (${out.id} on ${out.date} + ${back.id} on ${back.date})`,
    sameCity: (city: string) => `FROM and TO are both "${city}"; the departure and arrival must be different cities.`,
    allWithPage: '--all reads every page; it cannot be combined with --page.',
    asyncAlone: '--async runs one search job; it cannot be combined with --all, --page or --limit.',
    pageOverFilters:
      '--page shows one page of the service; --min-slots, --max-price, --via and --sort price are applied here over every page: use --limit N for the first N matches, or --all.',
    allWithLimit: (what: string) => `--all prints every trip ${what} finds; it cannot be combined with --limit.`,
    plannedAlone: (what: string) =>
      `${what} searches through the batch endpoint, which answers every trip at once; it cannot be combined with --page or --async (--all prints them all).`,
    returnNeedsCities: '--return needs FROM and TO: the return goes from TO back to FROM.',
    returnNeedsDate: '--return needs --date (the outbound day).',
    returnBefore: (back: string, out: string) => `--return (${back}) is before --date (${out}).`,
  },
  fr: {
    onlyDeparted: (page: number, time: string, next: number | undefined) =>
      `La page ${page} ne contient que des trajets déjà partis aujourd’hui (il est ${time} en France) ; ${next === undefined ? 'aucun trajet à venir ne suit' : `les suivants sont page ${next} (--page ${next})`}.`,
    firstTripsOnly: (shown: number, total: number, exact: boolean) =>
      `${shown} trajet${shown > 1 ? 's' : ''} écrit${shown > 1 ? 's' : ''} sur ${exact ? '' : 'au moins '}${total} à venir ; --all les récupère tous.`,
    pagesRead: (read: number, pages: number) =>
      `${read} page${read > 1 ? 's' : ''} lue${read > 1 ? 's' : ''} sur ${pages} pour appliquer les filtres ici.`,
    matches: (exact: boolean, total: number) =>
      `${exact ? '' : 'au moins '}${total} à venir en tout ; --all pour tout voir`,
    pastLastPage: (page: number, pages: number, total: number) =>
      `La page ${page} est au-delà de la dernière (${pages}) : ${total} trajet${total > 1 ? 's' : ''} au total.`,
    pageSummary: (page: number, pages: number, total: number) =>
      `page ${page} sur ${pages}, ${total} au total ; --all pour tout voir`,
    cut: (limit: number, all: number) =>
      `${limit} sur ${all} ; ${all <= 100 ? `--limit ${all} ou --all les montrent tous` : '--all les montre tous'}`,
    legName: (leg: 'trips' | 'out' | 'back') => ({ trips: 'Trajets : ', out: 'Aller : ', back: 'Retour : ' })[leg],
    section: (leg: 'out' | 'back') => ({ out: 'Aller', back: 'Retour' })[leg],
    noTrips: '  Aucun trajet.',
    noLeg: (leg: 'out' | 'back') =>
      `Aucun trajet ${leg === 'out' ? "à l'aller" : 'au retour'} : pas d’aller-retour possible à ces dates.`,
    noPair: 'Aucun retour ne part après l’arrivée d’un aller : pas d’aller-retour possible à ces dates.',
    legCounts: (outbound: number, inbound: number) =>
      `${outbound} aller${outbound > 1 ? 's' : ''}, ${inbound} retour${inbound > 1 ? 's' : ''}`,
    cheapestPair: (total: string, out: { id: string; date: string }, back: { id: string; date: string }) =>
      `Aller-retour le moins cher : ${total} (${out.id} le ${out.date} + ${back.id} le ${back.date})`,
    sameCity: (city: string) =>
      `FROM et TO sont tous deux \u00ab\u202f${city}\u202f\u00bb\u202f; le départ et l\u2019arrivée doivent être deux villes différentes.`,
    allWithPage: '--all lit toutes les pages\u202f; il ne se combine pas avec --page.',
    asyncAlone: '--async lance une seule recherche en job\u202f; il ne se combine pas avec --all, --page ni --limit.',
    pageOverFilters:
      '--page montre une page du service\u202f; --min-slots, --max-price, --via et --sort price s\u2019appliquent ici à toutes les pages\u00a0: utilisez --limit N pour les N premiers résultats, ou --all.',
    allWithLimit: (what: string) =>
      `--all écrit tous les trajets que trouve ${what}\u202f; il ne se combine pas avec --limit.`,
    plannedAlone: (what: string) =>
      `${what} cherche par le point d\u2019accès batch, qui donne tous les trajets d\u2019un coup\u202f; il ne se combine pas avec --page ni --async (--all les écrit tous).`,
    returnNeedsCities: '--return demande FROM et TO\u00a0: le retour va de TO à FROM.',
    returnNeedsDate: '--return demande --date (le jour de l\u2019aller).',
    returnBefore: (back: string, out: string) => `--return (${back}) tombe avant --date (${out}).`,
  },
} as const;
