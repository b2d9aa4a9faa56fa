import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connector } from '@c/core';
import { resolveConfig } from '../config.js';
import { type Host, openHost } from '../host.js';

/** A fresh data directory under the system temp folder. */
export function tempDir(prefix = 'c-host-test-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A host on a temp data directory with the given connectors and environment. */
export async function tempHost(
  connectors: Connector[],
  options: { env?: NodeJS.ProcessEnv; token?: string; dataDir?: string } = {},
): Promise<Host & { dataDir: string; cleanup(): Promise<void> }> {
  const dir = options.dataDir ? undefined : tempDir();
  const dataDir = options.dataDir ?? dir!.path;
  const env = options.env ?? {};
  const host = await openHost({
    config: resolveConfig({ dataDir, token: options.token }, env),
    env,
    connectors,
  });
  return Object.assign(host, {
    dataDir,
    async cleanup() {
      await host.close();
      dir?.remove();
    },
  });
}
