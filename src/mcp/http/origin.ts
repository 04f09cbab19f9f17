// The MCP specification asks servers to validate Origin (a web page must not reach a local server through DNS
// rebinding); a loopback server also checks Host, since a rebound name reaches 127.0.0.1 with a foreign Host.

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Whether a host name (as in a URL, IPv6 in brackets) is this machine's loopback. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  return LOOPBACK_NAMES.has(name) || /^127(\.\d{1,3}){3}$/.test(name) || name.endsWith('.localhost');
}

/**
 * Whether a request may be served: no Origin (a program, not a browser page), a loopback Origin, or one listed in
 * `allowedOrigins`; and, when the server listens on loopback only, a loopback Host.
 */
export function requestAllowed(
  headers: { origin?: string | undefined; host?: string | undefined },
  options: { loopbackOnly: boolean; allowedOrigins: readonly string[] },
): boolean {
  if (headers.origin !== undefined && !originAllowed(headers.origin, options.allowedOrigins)) return false;
  if (options.loopbackOnly && headers.host !== undefined && !isLoopbackHost(hostName(headers.host))) return false;
  return true;
}

function originAllowed(origin: string, allowed: readonly string[]): boolean {
  if (allowed.includes(origin.replace(/\/$/, ''))) return true;
  try {
    return isLoopbackHost(new URL(origin).hostname);
  } catch {
    // "null" (a sandboxed page or a file) and anything else that is not a URL.
    return false;
  }
}

/** The name of a Host header without its port. */
function hostName(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}
