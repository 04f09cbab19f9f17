import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';

/** A public Ed25519 key as a JWK, with its RFC 7638 thumbprint as `kid`. */
export interface Ed25519Jwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
}

// PKCS#8 header of an Ed25519 private key; the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A real Ed25519 public key derived deterministically from the data seed (same seed, same key). */
export function signingKeyFor(seed: number | string): Ed25519Jwk {
  const secret = createHash('sha256')
    .update(`motoroute-signing-key:${String(seed)}`)
    .digest();
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, secret]),
    format: 'der',
    type: 'pkcs8',
  });
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
  if (typeof x !== 'string') throw new Error('Ed25519 key export gave no x coordinate');
  const kid = createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url');
  return { kty: 'OKP', crv: 'Ed25519', x, kid };
}
