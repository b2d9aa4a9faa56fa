import { randomUUID } from 'node:crypto';
import { ValidationError } from '@c/core';
import type { HostStore } from '../store/host-store.js';
import type { SettingStore } from '../store/setting-store.js';

// Who runs the sandbox of a data directory: apart from the sandbox itself, so that connections
// can ask whether it runs without importing (and starting) simulators.

/** The setting naming the process whose sandbox the data directory's sandbox connections point at. */
const SANDBOX_OWNER = 'sandbox_owner';

/** The part of the store that records the sandbox's owner. */
export type SandboxOwnerStore = Pick<HostStore, 'settings' | 'locks'>;

/** Whether a process of this machine is running (one owned by another user counts). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes this process the one whose simulators the sandbox connections point at, and returns how to
 * let go. Those simulators live in the memory of the process that started them: while it runs,
 * another `serve --sandbox` on the same data directory is refused rather than re-pointing its
 * connections (and breaking it). A process that died without letting go (kill -9) is passed over.
 */
export async function claimSandbox(store: SandboxOwnerStore, dataDir: string): Promise<() => Promise<void>> {
  const instance = randomUUID();
  await store.locks.withLock('sandbox', async () => {
    const owner = parseOwner(await store.settings.getSetting(SANDBOX_OWNER));
    if (owner && owner.pid !== process.pid && processAlive(owner.pid)) {
      throw new ValidationError(
        `Invalid parameter "sandbox": another c-host (pid ${owner.pid}, \`serve --sandbox\` or \`mcp --sandbox\`) runs the sandbox of the data directory ${dataDir}. Stop it first, or give this one a data directory of its own (--data-dir or C_HOST_DATA_DIR).`,
        { parameter: 'sandbox', details: { sandboxOwner: owner.pid } },
      );
    }
    await store.settings.setSetting(SANDBOX_OWNER, JSON.stringify({ pid: process.pid, instance }));
  });
  return () =>
    store.locks.withLock('sandbox', async () => {
      if (parseOwner(await store.settings.getSetting(SANDBOX_OWNER))?.instance === instance) {
        await store.settings.deleteSetting(SANDBOX_OWNER);
      }
    });
}

/**
 * Whether the sandbox connections of a store point at running simulators: a process that claimed
 * the sandbox is alive. Once it has stopped, they point at nothing.
 */
export async function sandboxRunning(settings: Pick<SettingStore, 'getSetting'>): Promise<boolean> {
  return (await sandboxOwner(settings)) !== undefined;
}

/** The process running the sandbox of a store, while it runs. */
export async function sandboxOwner(settings: Pick<SettingStore, 'getSetting'>): Promise<number | undefined> {
  const owner = parseOwner(await settings.getSetting(SANDBOX_OWNER));
  return owner !== undefined && processAlive(owner.pid) ? owner.pid : undefined;
}

function parseOwner(value: string | undefined): { pid: number; instance: string } | undefined {
  if (!value) return undefined;
  const owner = JSON.parse(value) as { pid?: unknown; instance?: unknown };
  return typeof owner.pid === 'number' && typeof owner.instance === 'string'
    ? { pid: owner.pid, instance: owner.instance }
    : undefined;
}
