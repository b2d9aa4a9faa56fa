import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';

const OWNER_ONLY = 0o600;
const windows = process.platform === 'win32';

/**
 * Creates the data directory owner-only when it does not exist. An existing directory keeps its mode
 * (the user chose it): the files inside are made owner-only one by one instead.
 */
export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/**
 * Writes a file readable by its owner only, whatever the umask or the mode of a file already there
 * (a mode given to open applies only when it creates the file). `exclusive` leaves an existing file
 * untouched, so two processes creating it at once agree on one content.
 */
export function writeOwnerOnly(file: string, content: string, options: { exclusive?: boolean } = {}): void {
  let fd: number;
  try {
    fd = openSync(file, options.exclusive ? 'wx' : 'w', OWNER_ONLY);
  } catch (error) {
    if (!options.exclusive || (error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    restrict(file);
    return;
  }
  try {
    if (!windows) fchmodSync(fd, OWNER_ONLY);
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
}

/**
 * Creates an empty file owner-only if it is missing, and makes an existing one owner-only. SQLite
 * gives the journal files it creates later (`-wal`, `-shm`) the mode of the database file, so
 * creating the database this way covers them too.
 */
export function touchOwnerOnly(file: string): void {
  const fd = openSync(file, 'a', OWNER_ONLY);
  try {
    if (!windows) fchmodSync(fd, OWNER_ONLY);
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes an existing file owner-only; a missing one is left missing, and one this user may not
 * change (a key file mounted read-only by an administrator) is left as it is.
 */
export function restrict(file: string): void {
  if (windows) return;
  try {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, OWNER_ONLY);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM' && code !== 'EROFS') throw error;
  }
}
