/** What `serve` refuses, per language. */
export const SERVE_WORDS = {
  en: {
    seedEmpty: (option: string) => `${option} needs a value: a number or a word.`,
    notADate: (option: string, value: string) => `${option}: "${value}" must be a real date written YYYY-MM-DD.`,
    portInUse: (where: string) => `--port: ${where} is in use; pick another port, or --port 0 for a free one.`,
    portNeedsPrivileges: (where: string) =>
      `--port: ${where} needs privileges this user lacks; pick a port above 1023, or --port 0.`,
    hostNotHere: (host: string) => `--host: ${host} is not an address of this machine.`,
    movedStatusAlone: '--moved-status needs --moved-to (the prefix to redirect to).',
    movedTo: (option: string, problem: string) => `${option}: ${problem}.`,
  },
  fr: {
    seedEmpty: (option: string) => `${option} demande une valeur\u00a0: un nombre ou un mot.`,
    notADate: (option: string, value: string) =>
      `${option}\u00a0: \u00ab\u202f${value}\u202f\u00bb doit être une vraie date écrite AAAA-MM-JJ.`,
    portInUse: (where: string) =>
      `--port\u00a0: ${where} est déjà pris\u202f; choisissez-en un autre, ou --port 0 pour un port libre.`,
    portNeedsPrivileges: (where: string) =>
      `--port\u00a0: ${where} demande des privilèges que cet utilisateur n\u2019a pas\u202f; choisissez un port au-dessus de 1023, ou --port 0.`,
    hostNotHere: (host: string) => `--host\u00a0: ${host} n\u2019est pas une adresse de cette machine.`,
    movedStatusAlone: '--moved-status demande --moved-to (le préfixe vers lequel rediriger).',
    movedTo: (option: string, problem: string) => `${option}\u00a0: ${problem}.`,
  },
} as const;
