/** What `desk` says on the terminal, per language: its refusals, its warnings and its note. */
export const DESK_WORDS = {
  en: {
    notLoopback: (host: string) =>
      `--host: ${host} is not this machine only; add --allow-remote to let other machines reach the desk.`,
    portInUse: (port: number) => `--port: ${port} is in use; pick another, or --port 0.`,
    portNeedsPrivileges: (port: number) => `--port: ${port} needs privileges; pick one above 1023.`,
    hostNotHere: (host: string) => `--host: ${host} is not an address of this machine.`,
    listensBeyond: (host: string) =>
      `the desk listens on ${host} and other machines can reach it: anyone who gets the link before you can use it.`,
    notOpened: (reason: string) => `could not open the browser (${reason}): open the link above.`,
    running: 'The desk runs until Ctrl-C; its link works once.',
  },
  fr: {
    notLoopback: (host: string) =>
      `--host\u00a0: ${host} ouvre le guichet à d\u2019autres machines que celle-ci\u202f; ajoutez --allow-remote pour le permettre.`,
    portInUse: (port: number) => `--port\u00a0: ${port} est déjà pris\u202f; choisissez-en un autre, ou --port 0.`,
    portNeedsPrivileges: (port: number) =>
      `--port\u00a0: ${port} demande des privilèges\u202f; choisissez-en un au-dessus de 1023.`,
    hostNotHere: (host: string) => `--host\u00a0: ${host} n\u2019est pas une adresse de cette machine.`,
    listensBeyond: (host: string) =>
      `le guichet écoute sur ${host} et d\u2019autres machines peuvent le joindre\u00a0: qui obtient le lien avant vous peut s\u2019en servir.`,
    notOpened: (reason: string) =>
      `impossible d\u2019ouvrir le navigateur (${reason})\u00a0: ouvrez le lien ci-dessus.`,
    running: 'Le guichet reste ouvert jusqu\u2019à Ctrl-C\u202f; son lien ne sert qu\u2019une fois.',
  },
} as const;
