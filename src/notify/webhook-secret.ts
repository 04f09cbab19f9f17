const SECRET_PROBLEMS = {
  en: {
    prefix: 'a webhook secret starts with whsec_ (whsec_ and base64 bytes)',
    base64: 'the webhook secret is not whsec_ followed by base64',
  },
  fr: {
    prefix: 'un secret de webhook commence par whsec_ (whsec_ puis des octets en base64)',
    base64: 'le secret de webhook n\u2019est pas whsec_ suivi de base64',
  },
} as const;

/**
 * Checks a webhook secret as Standard Webhooks writes it: `whsec_` then the key's bytes in base64 (padded). Kept
 * apart from the signing library, so that reading watch's flags loads none of it. The problem (in `lang`), or undefined.
 */
export function webhookSecretProblem(secret: string, lang: 'en' | 'fr' = 'en'): string | undefined {
  if (!secret.startsWith('whsec_')) return SECRET_PROBLEMS[lang].prefix;
  const key = secret.slice('whsec_'.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || key.length % 4 !== 0) return SECRET_PROBLEMS[lang].base64;
  return undefined;
}
