/**
 * Checks a webhook secret as Standard Webhooks writes it: `whsec_` then the key's bytes in base64 (padded). Kept
 * apart from the signing library, so that reading watch's flags loads none of it. The problem, or undefined.
 */
export function webhookSecretProblem(secret: string): string | undefined {
  if (!secret.startsWith('whsec_')) return 'a webhook secret starts with whsec_ (whsec_ and base64 bytes)';
  const key = secret.slice('whsec_'.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || key.length % 4 !== 0)
    return 'the webhook secret is not whsec_ followed by base64';
  return undefined;
}
