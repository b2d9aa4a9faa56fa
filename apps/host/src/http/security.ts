import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';

const bracket = (address: string) =>
  address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;

/**
 * The `Host` values this server answers to (DNS rebinding defence): loopback names and the bound
 * address, with the port; a wildcard bind adds this machine's interface addresses, and
 * `extraNames` (from `C_HOST_ALLOWED_HOSTS`) any name a proxy or DNS gives it: `name:port` as is, a
 * bare name both with this server's port and without one (as a TLS terminator on 443 forwards it).
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
    if (/^(\[[^\]]+\]|[^:]+):\d+$/.test(extra)) hosts.add(extra.toLowerCase());
    else {
      names.add(bracket(extra));
      hosts.add(bracket(extra).toLowerCase());
    }
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

/** Whether an `Origin` header is one of this server's own origins (plain HTTP, or HTTPS through a proxy). */
export function originAllowed(origin: string, hosts: ReadonlySet<string>): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && hosts.has(url.host);
}

/** The bearer token of an `Authorization` header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** A control character (C0 or DEL) or a backslash. */
function hasControlOrBackslash(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * Where `/auth?next=` may send the browser: a path of this server, or `/`. Browsers drop tabs and
 * newlines inside a URL and read `\` as `/`, so `/\t/evil.example` or `/\evil.example` would leave
 * the site: any control character or backslash (also once percent-decoded), a leading `//`, a scheme
 * or anything but printable ASCII (which a `Location` header could not carry) gives `/`.
 */
export function safeNextPath(next: string | undefined): string {
  if (typeof next !== 'string' || !/^\/[\x21-\x7e]*$/.test(next)) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(next);
  } catch {
    return '/';
  }
  for (const candidate of [next, decoded]) {
    if (candidate.startsWith('//') || hasControlOrBackslash(candidate)) return '/';
  }
  const base = 'http://c-host.invalid';
  return new URL(next, base).origin === base ? next : '/';
}
