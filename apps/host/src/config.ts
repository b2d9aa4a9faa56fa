import { isIP } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ValidationError } from '@c/core';
import { RUN_RESULT_BYTES_RANGE } from './run/bounded-result.js';

/** The default port of `c-host serve`. */
export const DEFAULT_PORT = 8787;

/** Flags that override the environment. */
export interface HostFlags {
  dataDir?: string | undefined;
  port?: string | number | undefined;
  bind?: string | undefined;
  token?: string | undefined;
  databaseUrl?: string | undefined;
  publicUrl?: string | undefined;
  trustProxy?: string | undefined;
  maxResultBytes?: string | number | undefined;
}

/** The host's resolved settings. */
export interface HostConfig {
  dataDir: string;
  port: number;
  bind: string;
  /** The access token set explicitly (flag or `C_HOST_TOKEN`), if any. */
  token: string | undefined;
  /**
   * `C_HOST_DATABASE_URL` (or `--database-url`): a PostgreSQL database shared by a fleet of
   * instances. Unset: the embedded SQLite store in the data directory.
   */
  databaseUrl: string | undefined;
  /**
   * `C_HOST_PUBLIC_URL` (or `--public-url`): the address providers reach this host at, for webhook
   * triggers. `https://`, or plain `http://` for a loopback address (tests, local tunnels).
   */
  publicUrl: string | undefined;
  /**
   * `C_HOST_TRUST_PROXY` (or `--trust-proxy`): the addresses (and CIDR ranges) of the proxies in front
   * of the host. Only a request whose direct peer is one of them has its client address read from
   * `X-Forwarded-For`, as far back as the header's entries are themselves trusted proxies. Empty: the
   * header is ignored and the client is the connection's peer.
   */
  trustProxy: string[];
  /**
   * `C_HOST_MAX_RESULT_BYTES` (or `--max-result-bytes`): the largest result a run keeps, in bytes of
   * JSON (default 8 MiB). A larger one has its largest list cut at a whole item and says so
   * (`truncated`, `truncation`); one with no list to cut is an error that names the bound.
   */
  maxResultBytes?: number | undefined;
}

/** `$XDG_DATA_HOME/c-host`, else `~/.local/share/c-host`. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'c-host');
}

/** Flags win over `C_HOST_*` variables, which win over the defaults. */
export function resolveConfig(flags: HostFlags = {}, env: NodeJS.ProcessEnv = process.env): HostConfig {
  const rawPort = flags.port ?? env.C_HOST_PORT ?? DEFAULT_PORT;
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ValidationError(`Invalid port "${String(rawPort)}": use a number from 0 to 65535`, {
      parameter: 'port',
    });
  }
  const databaseUrl = flags.databaseUrl || env.C_HOST_DATABASE_URL || undefined;
  if (databaseUrl !== undefined) checkDatabaseUrl(databaseUrl);
  return {
    dataDir: flags.dataDir || env.C_HOST_DATA_DIR || defaultDataDir(env),
    port,
    bind: flags.bind || env.C_HOST_BIND || '127.0.0.1',
    token: flags.token || env.C_HOST_TOKEN || undefined,
    databaseUrl,
    publicUrl: checkPublicUrl(flags.publicUrl || env.C_HOST_PUBLIC_URL || undefined),
    trustProxy: parseTrustProxy(flags.trustProxy || env.C_HOST_TRUST_PROXY || undefined),
    maxResultBytes: parseMaxResultBytes(flags.maxResultBytes ?? (env.C_HOST_MAX_RESULT_BYTES || undefined)),
  };
}

/** Reads `C_HOST_MAX_RESULT_BYTES`: a whole number of bytes within `RUN_RESULT_BYTES_RANGE`. */
export function parseMaxResultBytes(raw: string | number | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  const { min, max } = RUN_RESULT_BYTES_RANGE;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ValidationError(
      `Invalid parameter "max-result-bytes": "${String(raw)}" is not a whole number of bytes from ${min} (64 KiB) to ${max} (256 MiB); C_HOST_MAX_RESULT_BYTES or --max-result-bytes sets the largest result a run keeps`,
      { parameter: 'max-result-bytes' },
    );
  }
  return value;
}

/** The named ranges `proxy-addr` (Fastify's `trustProxy`) knows, besides addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Parses `C_HOST_TRUST_PROXY`: comma-separated IP addresses, CIDR ranges (`10.0.0.0/8`, `fd00::/8`)
 * or the names `loopback`, `linklocal` and `uniquelocal`. Anything else is refused, naming the
 * entry, rather than read as "trust every peer", which would let any client choose its address.
 */
export function parseTrustProxy(text: string | undefined): string[] {
  if (text === undefined) return [];
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    const bits = version === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (NAMED_RANGES.has(entry.toLowerCase()) || (version !== 0 && prefixOk && rest.length === 0)) continue;
    throw new ValidationError(
      `Invalid parameter "trust-proxy": "${entry}" is not an IP address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal; C_HOST_TRUST_PROXY or --trust-proxy lists the proxies in front of the host, comma-separated`,
      { parameter: 'trust-proxy' },
    );
  }
  return entries.map((entry) => (NAMED_RANGES.has(entry.toLowerCase()) ? entry.toLowerCase() : entry));
}

/**
 * Checks `C_HOST_PUBLIC_URL`: an `https://` origin (with an optional path prefix), or `http://` on a
 * loopback address only, since providers send signed but readable events to it.
 */
export function checkPublicUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  const loopback = url !== undefined && /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname);
  if (
    !url ||
    url.search ||
    url.hash ||
    !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback))
  ) {
    throw new ValidationError(
      'Invalid parameter "publicUrl": C_HOST_PUBLIC_URL must be an https:// URL (plain http:// only for a loopback address), without query or fragment',
      { parameter: 'publicUrl' },
    );
  }
  return url.toString().replace(/\/+$/, '');
}

/**
 * Refuses a database URL that is not a PostgreSQL one. The URL usually holds a password: the
 * refusal never repeats it.
 */
function checkDatabaseUrl(value: string): void {
  let protocol: string | undefined;
  let hostname = '';
  try {
    ({ protocol, hostname } = new URL(value));
  } catch {
    protocol = undefined;
  }
  if ((protocol !== 'postgres:' && protocol !== 'postgresql:') || !hostname) {
    throw new ValidationError(
      'Invalid parameter "database-url": C_HOST_DATABASE_URL or --database-url must be a PostgreSQL URL such as postgres://user:password@host:5432/database (unset, the host uses its embedded store)',
      { parameter: 'database-url' },
    );
  }
}

/** True for addresses only this machine can reach. */
export function isLoopback(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The shortest access token accepted when serving beyond loopback. */
export const MIN_REMOTE_TOKEN_LENGTH = 32;

const MAKE_ONE = 'make one with `openssl rand -base64 32`';

/**
 * Refuses an access token that cannot protect the server: one that could never travel in an
 * `Authorization` header (spaces, control or non-ASCII characters), and, beyond loopback, a missing
 * one or one shorter than `MIN_REMOTE_TOKEN_LENGTH` or made of a handful of characters, which a
 * guesser could find.
 */
export function checkServeToken(bind: string, token: string | undefined): void {
  if (token !== undefined && !/^[\x21-\x7e]+$/.test(token)) {
    throw new ValidationError(
      'Invalid parameter "token": C_HOST_TOKEN or --token must be printable ASCII without spaces (it is sent in an Authorization header)',
      { parameter: 'token' },
    );
  }
  if (isLoopback(bind)) return;
  if (!token) {
    throw new ValidationError(
      `Invalid parameter "bind": refusing to listen on ${bind} without an access token set explicitly: set C_HOST_TOKEN or pass --token, at least ${MIN_REMOTE_TOKEN_LENGTH} random characters (${MAKE_ONE})`,
      { parameter: 'bind' },
    );
  }
  if (token.length < MIN_REMOTE_TOKEN_LENGTH || new Set(token).size < 8) {
    throw new ValidationError(
      `Invalid parameter "token": listening on ${bind} needs an access token (C_HOST_TOKEN or --token) of at least ${MIN_REMOTE_TOKEN_LENGTH} random characters; this one has ${token.length} characters, ${new Set(token).size} of them different (${MAKE_ONE})`,
      { parameter: 'token' },
    );
  }
}
