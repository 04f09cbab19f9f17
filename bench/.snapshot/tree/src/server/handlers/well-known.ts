import type { Handler, ServiceState } from '../context.js';
import { jsonReply } from '../http/reply.js';
import { signingKeyFor, type Ed25519Jwk } from '../signing-key.js';

/**
 * GET /.well-known/oauth-protected-resource: RFC 9728 metadata saying no authorization server and
 * no scope exist, plus the reference's machine-readable anonymous-access declaration (§5.4).
 */
export const protectedResourceHandler: Handler = (ctx) =>
  jsonReply(200, {
    resource: `${ctx.origin}/v1`,
    resource_name: 'Motorcycle Transport Route Search API (local service)',
    authorization_servers: [],
    scopes_supported: [],
    bearer_methods_supported: [],
    resource_documentation: `${ctx.origin}/openapi.json`,
    agent_auth: { required: false, registration: false, token_exchange: false, anonymous_access: true },
  });

const keys = new WeakMap<ServiceState, Ed25519Jwk>();

/** GET /.well-known/http-message-signatures-directory: a JWKS with the service's Ed25519 key. */
export const signaturesDirectoryHandler: Handler = (_ctx, state) => {
  let key = keys.get(state);
  if (!key) {
    key = signingKeyFor(state.options.seed);
    keys.set(state, key);
  }
  return jsonReply(200, { keys: [key] });
};
