import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from '../sandbox/sandbox-owner.js';
import { writeOwnerOnly } from '../store/owner-only.js';

// `server.json` in the data directory: which `c-host serve` is listening, for `c-host connect`
// and `c-host link` to reach it. Apart from both the server and its readers, which import it.

/** The file `serve` writes so that the CLI can find a running server for the OAuth flow. */
export const SERVER_FILE = 'server.json';

/** The server `server.json` records. */
export interface RunningServer {
  url: string;
  pid: number;
}

/** The server recorded in the data directory, when its process still runs. */
export function runningServer(dataDir: string): RunningServer | undefined {
  let server: RunningServer;
  try {
    server = JSON.parse(readFileSync(join(dataDir, SERVER_FILE), 'utf8')) as RunningServer;
  } catch {
    return undefined;
  }
  return typeof server.pid === 'number' && processAlive(server.pid) ? server : undefined;
}

/**
 * Records a listening server in `server.json` (owner-only) so `c-host connect` finds it, unless
 * another live server is recorded there already: that one keeps its record. Returns what removes
 * the record when this server stops, only if it is still this server's.
 */
export function recordServer(dataDir: string, url: string): () => void {
  const file = join(dataDir, SERVER_FILE);
  const other = runningServer(dataDir);
  if (other && other.pid !== process.pid) return () => {};
  writeOwnerOnly(file, JSON.stringify({ url, pid: process.pid }));
  return () => {
    const recorded = runningServer(dataDir);
    if (recorded?.pid === process.pid && recorded.url === url) rmSync(file, { force: true });
  };
}
