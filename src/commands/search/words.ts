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
  },
} as const;
