import type { HistoryRun } from '../types';
import type { RecentRun } from './recent-runs';

/** One line of the Recent runs screen: the host's record of a run, this browser's, or both. */
export interface RunLine {
  key: string;
  at: string;
  commandId: string;
  /** The host's history line (every surface's runs). */
  host?: HistoryRun | undefined;
  /** This browser's record of the same run: its input, to open or run again. */
  local?: RecentRun | undefined;
}

/** How close in time a browser record and a host line of the same command must be to be one run. */
const SAME_RUN_MS = 15_000;

/**
 * The host's history with this browser's runs among it, newest first: a browser run is matched to
 * its host line by id (the `c-run-id` the host answered), or, for one recorded without it, by
 * command, connection and time. A browser run the host has no line for (run before the host kept a
 * history, or older than the page) is shown on its own when it falls within the page's span and
 * no filter is on.
 */
export function mergeRuns(
  host: readonly HistoryRun[],
  local: readonly RecentRun[],
  options: { complete: boolean; filtered: boolean },
): RunLine[] {
  const unmatched = new Set(local);
  const lines: RunLine[] = host.map((run) => {
    let mine = local.find((entry) => entry.runId === run.id);
    if (!mine && run.surface === 'web') {
      mine = [...unmatched].find(
        (entry) =>
          !entry.runId &&
          entry.commandId === run.command &&
          (entry.connection === undefined || entry.connection === run.connection) &&
          Math.abs(Date.parse(entry.at) - Date.parse(run.at)) < SAME_RUN_MS,
      );
    }
    if (mine) unmatched.delete(mine);
    return { key: run.id, at: run.at, commandId: run.command, host: run, local: mine };
  });
  // Past the page's oldest line, the next page may hold the match: only a complete list shows them.
  // A filtered list shows only what the host says matches.
  const oldest = options.complete ? Number.NEGATIVE_INFINITY : Date.parse(host.at(-1)?.at ?? '');
  for (const entry of options.filtered ? [] : unmatched) {
    if (Number.isNaN(oldest) || Date.parse(entry.at) >= oldest) {
      lines.push({ key: entry.id, at: entry.at, commandId: entry.commandId, local: entry });
    }
  }
  return lines.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

/** `customerId` → `Customer id`. */
function label(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value in a few words: text as it is (cut), a list by its length, an object by its fields. */
function valueWords(value: unknown): string {
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`;
  if (value !== null && typeof value === 'object') {
    const count = Object.keys(value).length;
    return count === 1 ? '1 field' : `${count} fields`;
  }
  const text = String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** A run's input as labelled fields (`Customer id: cus_1`), empty ones left out. */
export function inputWords(input: Record<string, unknown>): { label: string; value: string }[] {
  return Object.entries(input)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => ({ label: label(key), value: valueWords(value) }));
}

/** Where a run came from, in the screen's words. */
export function surfaceWords(line: RunLine): string {
  if (!line.host || line.local) return 'This browser';
  return { web: 'Web UI', cli: 'CLI', mcp: 'MCP', http: 'API', async: 'Background' }[line.host.surface];
}
