import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { type ErrorJson, ValidationError } from '@c/core';
import type { Host } from '../host.js';
import type { CheckedRun } from '../run/runner.js';
import { type RunEvent, RunService } from '../runs/run-service.js';
import type { RunRecord } from '../store/run-store.js';
import { cliHost, type GlobalFlags } from './context.js';
import { note, printJson } from './output.js';
import { progressReporter } from './progress.js';

/** The flags of `c-host run` that an async run reads. */
export interface AsyncRunFlags {
  connection?: string | undefined;
  idempotencyKey?: string | undefined;
  output?: string | undefined;
  dryRun?: boolean | undefined;
  /** Follow the run to its end (`--wait`), or not (`--no-wait`); unset: on a terminal only. */
  wait?: boolean | undefined;
}

/**
 * Starts `c-host runs work` in the background, detached from this process: it runs the queued runs
 * of this store and exits once there are none. Started when a run is queued and no server (nor
 * another worker) runs them, so `run --async` works without `serve`, and the run outlives the CLI.
 */
function startWorker(host: Host): void {
  const script = process.argv[1];
  if (!script) return;
  const child = spawn(process.execPath, [...process.execArgv, script, 'runs', 'work'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      C_HOST_DATA_DIR: host.config.dataDir,
      ...(host.config.databaseUrl ? { C_HOST_DATABASE_URL: host.config.databaseUrl } : {}),
    },
  });
  child.unref();
}

/** Prints a failed run's error as a failing command's: `{"error": …}` on stderr, exit code 2 or 1. */
function printRunError(error: ErrorJson): void {
  process.stderr.write(`${JSON.stringify({ error })}\n`);
  process.exitCode = error.kind === 'validation' ? 2 : 1;
}

/**
 * Prints a run: its JSON on stdout (indented, as `printJson` prints, but written as it is read, so a
 * big result is never held whole), or its result's list as NDJSON in `output` (and a count).
 */
async function printRun(runs: RunService, run: RunRecord, output: string | undefined): Promise<void> {
  if (!output) {
    for await (const piece of runs.viewJsonIndented(run)) {
      if (!process.stdout.write(piece)) await once(process.stdout, 'drain');
    }
    process.stdout.write('\n');
    return;
  }
  const lines = runs.resultText(run, 'ndjson');
  // Read before the file is made: a run without a result leaves no empty file behind.
  const first = await lines.next();
  const stream = createWriteStream(output, { encoding: 'utf8' });
  const write = async (text: string) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  if (!first.done) await write(first.value);
  for await (const piece of lines) await write(piece);
  stream.end();
  await once(stream, 'finish');
  const count = run.result?.tail === undefined ? 1 : (run.result?.count ?? 0);
  note(`Wrote ${count} line(s) to ${output}`);
  printJson({ output, count });
}

/**
 * `c-host run <id> --async`: queues the run and prints `{id, status}` at once. On a terminal (or
 * with `--wait`) it then follows the run, with its progress on stderr, and prints it when it ends
 * (`--output` writes its list as NDJSON instead); Ctrl-C stops the following, never the run.
 */
export async function runInBackground(host: Host, checked: CheckedRun, flags: AsyncRunFlags): Promise<void> {
  const follow = checkAsyncFlags(flags);
  const runs = await RunService.open(host, { work: false, startWorker: () => startWorker(host) });
  try {
    const accepted = await runs.submitChecked(checked);
    printJson(accepted);
    if (follow) await followRun(runs, accepted.id, flags.output);
  } finally {
    // In a fleet the queue's connections would keep the CLI alive.
    await runs.stop();
  }
}

/**
 * Refuses flags `--async` cannot honour, before the run is even checked (nothing is queued), and
 * says whether the CLI follows the run.
 */
export function checkAsyncFlags(flags: AsyncRunFlags): boolean {
  if (flags.dryRun) {
    throw new ValidationError(
      'Invalid parameter "dryRun": a dry run sends nothing and answers at once; run it without --async',
      { parameter: 'dryRun' },
    );
  }
  const follow = flags.wait ?? Boolean(process.stdout.isTTY && process.stderr.isTTY);
  if (flags.output && !follow) {
    throw new ValidationError(
      'Invalid parameter "output": with --no-wait the CLI returns before there is a result to write. Drop --no-wait, or write it later with `c-host runs get <id> --output <file>`.',
      { parameter: 'output' },
    );
  }
  return follow;
}

/** Follows a run to its end with its progress on stderr, then prints it (or its error). */
async function followRun(runs: RunService, id: string, output: string | undefined): Promise<void> {
  const controller = new AbortController();
  const stopFollowing = () => controller.abort();
  process.once('SIGINT', stopFollowing);
  const progress = progressReporter();
  let end: Extract<RunEvent, { type: 'end' }> | undefined;
  try {
    note(`Following run ${id} (Ctrl-C stops following; the run goes on).`);
    for await (const event of runs.follow(id, controller.signal)) {
      if (event.type === 'progress') progress.update(event.progress);
      if (event.type === 'end') end = event;
    }
  } finally {
    process.off('SIGINT', stopFollowing);
    if (!end) progress.stop();
  }
  if (!end) {
    note(`Stopped following. The run goes on: \`c-host runs get ${id}\` shows it.`);
    process.exitCode = 130;
    return;
  }
  const run = await runs.get(id);
  if (end.status === 'failed') {
    progress.stop();
    printRunError(run.error as unknown as ErrorJson);
    return;
  }
  if (end.status === 'canceled') {
    // Canceled elsewhere (the web UI, `c-host runs cancel`, the API): no result to print or write.
    progress.stop();
    note(`Run ${id} was canceled before it ended.`);
    await printRun(runs, run, undefined);
    process.exitCode = 1;
    return;
  }
  progress.finish(run.result?.tail === undefined ? undefined : run.result.count);
  await printRun(runs, run, output);
}

/** `c-host runs get <id>`: the run as JSON (its result once it has one), or its list as NDJSON with `--output`. */
export async function getRunCommand(id: string, flags: GlobalFlags & { output?: string }): Promise<void> {
  const host = await cliHost(flags, []);
  try {
    const runs = await RunService.open(host, { work: false });
    await printRun(runs, await runs.get(id), flags.output);
  } finally {
    await host.close();
  }
}

/**
 * `c-host runs cancel <id>`: a queued run ends `canceled` at once; a running one is `canceling` until
 * its worker, wherever it runs, stops it. Prints the run as it now is.
 */
export async function cancelRunCommand(id: string, flags: GlobalFlags): Promise<void> {
  const host = await cliHost(flags, []);
  try {
    const runs = await RunService.open(host, { work: false });
    await printRun(runs, await runs.cancel(id), undefined);
  } finally {
    await host.close();
  }
}

/**
 * `c-host runs work` (started by `run --async`): runs this store's queued runs until none is left,
 * then exits. A run queued while it was stopping gets a new worker.
 */
export async function workCommand(flags: GlobalFlags): Promise<void> {
  const host = await cliHost(flags);
  try {
    const runs = await RunService.open(host, { work: true });
    const stopped = new Promise<'stopped'>((resolve) => {
      process.once('SIGTERM', () => resolve('stopped'));
      process.once('SIGINT', () => resolve('stopped'));
    });
    const why = await Promise.race([runs.idle().then(() => 'idle' as const), stopped]);
    await runs.stop();
    // Queued after the last look but before this worker said it was gone: a CLI counted on it.
    if (why === 'idle' && (await host.store.runs.listRuns({ status: 'queued', limit: 1 })).length > 0) {
      startWorker(host);
    }
  } finally {
    await host.close();
  }
}
