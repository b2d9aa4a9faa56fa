/** Recent runs, kept in this browser's localStorage so they can be run again. */

/** One remembered run. Its result is not kept (it may be large or private); its input is. */
export interface RecentRun {
  id: string;
  commandId: string;
  title: string;
  connection?: string | undefined;
  input: Record<string, unknown>;
  at: string;
  ok: boolean;
  errorKind?: string | undefined;
  durationMs: number;
  /** Its line in the host's run history (`GET /api/runs`), when the host named it. */
  runId?: string | undefined;
}

const storageKey = 'c-host.recentRuns';
const maxRuns = 30;
const secretKey = /(api[-_]?key|secret|token|password|authorization)/i;

/** The input without values whose key names a credential (e.g. Send Events' `apiKey`). */
export function withoutSecrets(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([key]) => !secretKey.test(key)));
}

/** The remembered runs, newest first. */
export function loadRecentRuns(): RecentRun[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed) ? (parsed as RecentRun[]) : [];
  } catch {
    return [];
  }
}

function save(runs: RecentRun[]): void {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(runs));
  } catch {
    // Storage full or disabled: recent runs are a convenience, the run itself succeeded.
  }
}

/** Remembers a run (credentials left out) and returns the updated list. */
export function recordRun(run: Omit<RecentRun, 'id' | 'at'>): RecentRun[] {
  const entry: RecentRun = {
    ...run,
    input: withoutSecrets(run.input),
    id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    at: new Date().toISOString(),
  };
  const runs = [entry, ...loadRecentRuns()].slice(0, maxRuns);
  save(runs);
  return runs;
}

/** Forgets one run, or all of them. */
export function forgetRuns(id?: string): RecentRun[] {
  const runs = id ? loadRecentRuns().filter((run) => run.id !== id) : [];
  save(runs);
  return runs;
}

/** A run to prefill (and maybe start) when its command's screen opens. */
export interface PendingRun {
  commandId: string;
  input: Record<string, unknown>;
  connection?: string | undefined;
  autorun: boolean;
}

let pending: PendingRun | undefined;

/** Hands a run to the command screen that opens next. */
export function setPendingRun(run: PendingRun): void {
  pending = run;
}

/** Takes the pending run for a command, if any. */
export function takePendingRun(commandId: string): PendingRun | undefined {
  if (pending?.commandId !== commandId) return undefined;
  const run = pending;
  pending = undefined;
  return run;
}
