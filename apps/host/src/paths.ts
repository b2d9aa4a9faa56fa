import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// This file sits at the root of src/, and its bundle at the root of dist/, so the same relative
// paths hold whether the host runs from source or from its build.

/** The host's version, from its package.json. */
export const hostVersion: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The built web UI of apps/web, unless `C_HOST_WEB_DIR` points elsewhere. */
export function webDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.C_HOST_WEB_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/**
 * The `c-host` script at the root of the checkout this host runs from (absolute), which runs it on
 * the project's own Node; undefined for an installed package, whose bin is `c-host` on the PATH.
 */
export function checkoutCli(): string | undefined {
  const script = fileURLToPath(new URL('../../../c-host', import.meta.url));
  return existsSync(script) ? script : undefined;
}
