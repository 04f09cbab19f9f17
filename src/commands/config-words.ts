/** What `config` says when it saves, removes or warns, per language. */
export const CONFIG_WORDS = {
  en: {
    saved: (key: string, value: string, file: string) => `${key} = ${value} (saved in ${file})`,
    notSet: (key: string, file: string) => `${key} is not set in ${file}; nothing to remove.`,
    removed: (key: string, file: string) => `${key} removed from ${file}`,
    plainHttp: (host: string) =>
      `${host} is plain http: every command will refuse it unless given --insecure-http; use https if the service offers it.`,
  },
  fr: {
    saved: (key: string, value: string, file: string) => `${key} = ${value} (enregistré dans ${file})`,
    notSet: (key: string, file: string) => `${key} n\u2019est pas fixé dans ${file}\u202f; rien à retirer.`,
    removed: (key: string, file: string) => `${key} retiré de ${file}`,
    plainHttp: (host: string) =>
      `${host} est en http simple\u00a0: chaque commande le refusera sans --insecure-http\u202f; prenez https si le service le propose.`,
  },
} as const satisfies Record<'en' | 'fr', Record<string, unknown>>;
