/** The languages a refused base URL is said in. */
export type UrlLang = 'en' | 'fr';

/** What is wrong with a base URL, per language (./url.ts; the CLI's checks of --base-url, whose words on plain http are the CLI's own). */
export const URL_WORDS = {
  en: {
    notUrl: (text: string) => `"${text}" is not a URL; give the service address, e.g. https://symone.fr/api-proxy/v1.`,
    notHttp: (protocol: string) => `The base URL must start with http:// or https:// (got ${protocol}//).`,
    credentials: 'The base URL must not contain a user name or password: the service is anonymous.',
    blockedPort: (base: string, port: number) =>
      `The base URL ${base} uses port ${port}, which fetch refuses to connect to (a port of another protocol, blocked by the fetch standard in every runtime); run the service on another port, such as 8080.`,
  },
  fr: {
    notUrl: (text: string) =>
      `\u00ab\u202f${text}\u202f\u00bb n\u2019est pas une URL\u202f; donnez l\u2019adresse du service, par exemple https://symone.fr/api-proxy/v1.`,
    notHttp: (protocol: string) => `L\u2019URL de base doit commencer par http:// ou https:// (et non ${protocol}//).`,
    credentials:
      'L\u2019URL de base ne doit contenir ni nom d\u2019utilisateur ni mot de passe\u00a0: le service est anonyme.',
    blockedPort: (base: string, port: number) =>
      `L\u2019URL de base ${base} utilise le port ${port}, auquel fetch refuse de se connecter (un port d\u2019un autre protocole, bloqué par la norme fetch dans tous les environnements)\u202f; faites tourner le service sur un autre port, comme 8080.`,
  },
} as const satisfies Record<UrlLang, Record<string, unknown>>;
