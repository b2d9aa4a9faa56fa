import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Whether a missing system service (PostgreSQL, nginx) fails the tests that need it. In CI it does:
 * the bootstrap installs both, so their absence is a broken machine, not a reason to skip.
 */
export const servicesRequired = process.env.CI === 'true' || process.env.CI === '1';

/** The account system services run as in tests: never root (initdb and pg_ctl refuse it). */
export interface ServiceUser {
  /** The user name, or undefined when the tests already run unprivileged (as themselves). */
  name: string | undefined;
  uid: number;
  gid: number;
}

/**
 * The unprivileged account for services: the tests' own when they do not run as root; as root, the
 * `postgres` account Debian's package creates, else `nobody`.
 */
export function serviceUser(): ServiceUser {
  const uid = process.getuid?.() ?? 0;
  if (uid !== 0) return { name: undefined, uid, gid: process.getgid?.() ?? 0 };
  for (const name of ['postgres', 'nobody']) {
    const found = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (found.status !== 0) continue;
    const gid = execFileSync('id', ['-g', name], { encoding: 'utf8' });
    return { name, uid: Number(found.stdout.trim()), gid: Number(gid.trim()) };
  }
  throw new Error('Running as root and neither a postgres nor a nobody account exists to run services as');
}

/** The command line that runs `command` as the service user (`runuser` when the tests are root). */
export function asServiceUser(user: ServiceUser, command: string, args: string[]): [string, string[]] {
  return user.name ? ['runuser', ['-u', user.name, '--', command, ...args]] : [command, args];
}

/** A temporary folder the service user owns (short, so a Unix socket path inside it fits). */
export function serviceDir(user: ServiceUser, prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  chownSync(path, user.uid, user.gid);
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A TCP port free on `host` right now (the kernel's choice; a caller retries if it is taken meanwhile). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The first of `candidates` that exists as an executable, or on PATH. */
export function findExecutable(candidates: string[]): string | undefined {
  for (const candidate of candidates) {
    const found = spawnSync('sh', ['-c', `command -v "${candidate}"`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return undefined;
}
