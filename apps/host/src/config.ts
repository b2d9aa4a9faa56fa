import { homedir } from 'node:os';
import { join } from 'node:path';
import { ValidationError } from '@c/core';

/** The default port of `c-host serve`. */
export const DEFAULT_PORT = 8787;

/** Flags that override the environment. */
export interface HostFlags {
  dataDir?: string | undefined;
  port?: string | number | undefined;
  bind?: string | undefined;
  token?: string | undefined;
}

/** The host's resolved settings. */
export interface HostConfig {
  dataDir: string;
  port: number;
  bind: string;
  /** The access token set explicitly (flag or `C_HOST_TOKEN`), if any. */
  token: string | undefined;
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
  return {
    dataDir: flags.dataDir || env.C_HOST_DATA_DIR || defaultDataDir(env),
    port,
    bind: flags.bind || env.C_HOST_BIND || '127.0.0.1',
    token: flags.token || env.C_HOST_TOKEN || undefined,
  };
}

/** True for addresses only this machine can reach. */
export function isLoopback(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
