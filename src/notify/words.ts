import type { AlertKind } from '../core/alerts/alert.js';

/** What a notice says about trip changes, per language. */
export const NOTICE_WORDS = {
  en: {
    heads: { new: 'New trip', freed: 'Places freed', 'price-drop': 'Price down', gone: 'Trip gone' } as Record<
      AlertKind,
      string
    >,
    digestTitle: (count: number) => `motoroute: ${count} changes during quiet hours`,
    testMessage: 'A test alert from motoroute watch: this target will get the trip changes.',
    testTitle: 'motoroute: test alert',
    places: (n: number) => `${n} free place${n === 1 ? '' : 's'}`,
    onQuote: 'on quote',
    gone: 'no longer offered (full, cancelled or not matching)',
    was: (before: string) => `was ${before}`,
    from: 'from',
    book: 'Book',
  },
  fr: {
    heads: {
      new: 'Nouveau trajet',
      freed: 'Places libérées',
      'price-drop': 'Prix en baisse',
      gone: 'Trajet disparu',
    } as Record<AlertKind, string>,
    digestTitle: (count: number) => `motoroute : ${count} changements pendant les heures calmes`,
    testMessage: 'Alerte de test de motoroute watch : cette cible recevra les changements de trajets.',
    testTitle: 'motoroute : alerte de test',
    places: (n: number) => `${n} place${n > 1 ? 's' : ''} libre${n > 1 ? 's' : ''}`,
    onQuote: 'sur devis',
    gone: 'plus proposé (complet, annulé ou hors critères)',
    was: (before: string) => `avant ${before}`,
    from: 'dès',
    book: 'Réserver',
  },
};
