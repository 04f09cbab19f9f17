/** The sentences the core's use cases hand to every face, per language. */
export const CORE_WORDS = {
  en: {
    unknownCity: (label: string, typed: string, suggestions: readonly string[]) =>
      `${label}: "${typed}" is not a city the service serves.${suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : ''}`,
    replacedLink:
      'The booking link the service sent is not an http(s) address: the configured booking form (booking-url) is given instead.',
    leftToday: (count: number, time: string) =>
      `Left out ${count} trip${count === 1 ? '' : 's'} that already left today (it is ${time} in France).`,
  },
  fr: {
    unknownCity: (label: string, typed: string, suggestions: readonly string[]) =>
      `${label} : « ${typed} » n’est pas une ville desservie.${suggestions.length > 0 ? ` Vouliez-vous dire ${suggestions.join(', ')} ?` : ''}`,
    replacedLink:
      'Le lien de réservation envoyé par le service n’est pas une adresse http(s) : le formulaire configuré (booking-url) le remplace.',
    leftToday: (count: number, time: string) =>
      `${count} trajet${count > 1 ? 's' : ''} déjà parti${count > 1 ? 's' : ''} aujourd’hui (il est ${time} en France) ${count > 1 ? 'sont' : 'est'} laissé${count > 1 ? 's' : ''} de côté.`,
  },
};
