/** What the command context says while a run waits, and how a failure is headed, per language. */
export const CONTEXT_WORDS = {
  en: {
    failed: 'Error:',
    warning: 'Warning:',
    rateWait: (seconds: number, rate: string | undefined) =>
      `Waiting ${seconds} s for the rate budget (${rate} requests a minute)…`,
    retryWait: (method: string, url: string, reason: string, retry: number, retries: number, wait: string) =>
      `${method} ${url}: ${reason}; retry ${retry} of ${retries} in ${wait}…`,
    sandbox: (url: string) => `Sandbox: using the local service at ${url}`,
    plainHttp: (host: string) =>
      `Refusing plain http:// to ${host}: use https, or pass --insecure-http to send requests unencrypted.`,
    unencrypted: (host: string) => `requests to ${host} are sent unencrypted (--insecure-http).`,
  },
  fr: {
    failed: 'Erreur\u00a0:',
    warning: 'Attention\u00a0:',
    rateWait: (seconds: number, rate: string | undefined) =>
      `Attente de ${seconds} s pour rester sous ${rate} requêtes par minute…`,
    retryWait: (method: string, url: string, reason: string, retry: number, retries: number, wait: string) =>
      `${method} ${url} : ${reason} ; nouvel essai ${retry} sur ${retries} dans ${wait}…`,
    sandbox: (url: string) => `Bac à sable\u00a0: le service local répond à ${url}`,
    plainHttp: (host: string) =>
      `Pas de http:// en clair vers ${host}\u00a0: utilisez https, ou passez --insecure-http pour envoyer les requêtes sans chiffrement.`,
    unencrypted: (host: string) => `les requêtes vers ${host} partent sans chiffrement (--insecure-http).`,
  },
};
