/** What `ask` says about the service's answer, per language. */
export const ASK_WORDS = {
  en: {
    empty: 'The service answered with neither text nor trips.',
    needsQuestion: 'ask needs a question, e.g. motoroute ask "Paris to Marseille next week?".',
  },
  fr: {
    empty: 'Le service a répondu sans texte ni trajet.',
    needsQuestion:
      'ask demande une question, par exemple motoroute ask "De Paris à Marseille la semaine prochaine\u202f?".',
  },
};
