import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';

/** Paths under /api that answer without the access token. */
const PUBLIC_API = new Set(['/api/health', '/api/oauth/callback', '/api/session']);

const bracket = (address: string) =>
  address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;

/**
 * The `Host` values this server answers to (DNS rebinding defence): loopback names and the bound
 * address, with the port; a wildcard bind adds this machine's interface addresses, and
 * `extraNames` (from `C_HOST_ALLOWED_HOSTS`) any name a proxy or DNS gives it.
 */
export function allowedHosts(
  address: AddressInfo | string | null,
  bind: string,
  extraNames: readonly string[] = [],
): Set<string> {
  const port = address && typeof address === 'object' ? address.port : undefined;
  const names = new Set(['localhost', '127.0.0.1', '[::1]', bracket(bind)]);
  const hosts = new Set<string>();
  for (const extra of extraNames) {
    // `name:port` (e.g. a dev server's origin) is taken as is; a bare name gets this server's port.
    if (/^(\[[^\]]+\]|[^:]+):\d+$/.test(extra)) hosts.add(extra.toLowerCase());
    else names.add(bracket(extra));
  }
  if (bind === '0.0.0.0' || bind === '::') {
    for (const entries of Object.values(networkInterfaces())) {
      for (const entry of entries ?? []) names.add(bracket(entry.address));
    }
  }
  for (const name of names) {
    if (name === '0.0.0.0' || name === '[::]') continue;
    hosts.add(`${name.toLowerCase()}:${port}`);
    if (port === 80) hosts.add(name);
  }
  return hosts;
}

/**
 * Whether a request needs the access token. The health check, the OAuth callback (bound by its
 * single-use state and a browser cookie) and the sign-in calls are public, as are the static files of
 * the web UI, which hold no data.
 */
export function needsToken(method: string, path: string): boolean {
  if (path === '/mcp' || path.startsWith('/mcp/')) return true;
  if (!path.startsWith('/api/') && path !== '/api') return false;
  if (path === '/api/session') return method !== 'POST' && method !== 'DELETE';
  return !PUBLIC_API.has(path);
}

/** The bearer token of an `Authorization` header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
