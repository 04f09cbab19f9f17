/** The sentences about alerts `watch` writes on stderr, per language. */
export const ALERT_WORDS = {
  en: {
    unreadable: (movedTo: string) =>
      `the watch's state file could not be read; it is kept as ${movedTo} and this run starts afresh (its first look sends nothing).`,
    disabled: (target: string, since: string, reason: string) =>
      `${target} is disabled since ${since} (${reason}): it is sent nothing; motoroute watch --test-notify enables it again once it answers.`,
    sent: (target: string, count: number) => `Sent ${count} alert${count === 1 ? '' : 's'} to ${target}.`,
    baseline: (trips: number) =>
      `First look at this watch: ${trips} trip${trips === 1 ? '' : 's'} recorded; nothing is sent until something changes.`,
    once: (alerts: number, events: number) =>
      alerts + events === 0
        ? 'No change since the last look.'
        : `${alerts} alert${alerts === 1 ? '' : 's'} (${events} change${events === 1 ? '' : 's'}) since the last look.`,
    tested: (target: string) => `Test alert sent to ${target}.`,
    busy: (pid: number) =>
      `Another motoroute watch of this query is running (pid ${pid}): it keeps the state and sends the alerts; this run stops (exit 5).`,
    testFailed: (problem: string) => `Test alert not sent: ${problem}.`,
  },
  fr: {
    unreadable: (movedTo: string) =>
      `le fichier d'état de la surveillance est illisible\u202f; il est gardé sous ${movedTo} et ce tour repart de zéro (rien n'est envoyé au premier passage).`,
    disabled: (target: string, since: string, reason: string) =>
      `${target} est désactivée depuis ${since} (${reason})\u00a0: rien ne lui est envoyé\u202f; motoroute watch --test-notify la réactive dès qu'elle répond.`,
    sent: (target: string, count: number) =>
      `${count} alerte${count > 1 ? 's' : ''} envoyée${count > 1 ? 's' : ''} à ${target}.`,
    baseline: (trips: number) =>
      `Premier passage de cette surveillance\u00a0: ${trips} trajet${trips > 1 ? 's' : ''} enregistré${trips > 1 ? 's' : ''}\u202f; rien n'est envoyé avant un changement.`,
    once: (alerts: number, events: number) =>
      alerts + events === 0
        ? 'Aucun changement depuis le dernier passage.'
        : `${alerts} alerte${alerts > 1 ? 's' : ''} (${events} changement${events > 1 ? 's' : ''}) depuis le dernier passage.`,
    tested: (target: string) => `Alerte de test envoyée à ${target}.`,
    busy: (pid: number) =>
      `Une autre surveillance motoroute de cette recherche tourne (pid ${pid})\u00a0: elle garde l'état et envoie les alertes\u202f; ce tour s'arrête (code 5).`,
    testFailed: (problem: string) => `Alerte de test non envoyée\u00a0: ${problem}.`,
  },
} as const;
