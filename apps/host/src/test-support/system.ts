import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, chownSync, constants, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';

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

/**
 * The command line that runs `command` as the service user (`runuser` when the tests are root, found
 * in /usr/sbin even when the caller's PATH lacks it, as a non-login root shell's often does).
 */
export function asServiceUser(user: ServiceUser, command: string, args: string[]): [string, string[]] {
  if (!user.name) return [command, args];
  const runuser = findExecutable(['runuser']);
  if (!runuser) throw new Error('runuser is not installed (Debian’s util-linux): it starts services as root');
  return [runuser, ['-u', user.name, '--', command, ...args]];
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

/**
 * Where Debian installs system tools (`runuser` and `nginx` in /usr/sbin, `chromium` in /usr/bin),
 * searched after PATH: the tests find them whatever PATH their caller has.
 */
export const SYSTEM_DIRS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The absolute path of the first of `candidates` that is an executable file: a path as given, a name
 * in a folder of PATH, else in one of Debian's system folders (`SYSTEM_DIRS`).
 */
export function findExecutable(candidates: string[], path = process.env.PATH ?? ''): string | undefined {
  const dirs = [...path.split(delimiter).filter((dir) => isAbsolute(dir)), ...SYSTEM_DIRS];
  for (const candidate of candidates) {
    const paths = candidate.includes('/') ? [candidate] : dirs.map((dir) => join(dir, candidate));
    const found = paths.find(isExecutableFile);
    if (found) return found;
  }
  return undefined;
}
