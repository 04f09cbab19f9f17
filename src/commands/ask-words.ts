/** What `ask` says about the service's answer, per language. */
export const ASK_WORDS = {
  en: { empty: 'The service answered with neither text nor trips.' },
  fr: { empty: 'Le service a répondu sans texte ni trajet.' },
};
