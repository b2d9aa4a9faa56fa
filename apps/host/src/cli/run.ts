import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { JsonSchema, Progress } from '@c/core';
import { commandDetail, commandSummary } from '../views.js';
import { cliHost, connectorOfCommand, type GlobalFlags } from './context.js';
import { interactive, note, printJson } from './output.js';
import { applyParams, coerce, listItems, readInput } from './params.js';

/** Options of `c-host run`. */
export interface RunFlags extends GlobalFlags {
  input?: string;
  param?: string[];
  connection?: string;
  output?: string;
  prompt?: boolean;
  idempotencyKey?: string;
  dryRun?: boolean;
  /** Run in the background (`c-host runs get` reads it); see `runInBackground`. */
  async?: boolean;
  /** With `async`: follow the run to its end, or return at once; unset: on a terminal only. */
  wait?: boolean;
}

/** `c-host list [--connector id]` */
export async function listCommand(flags: GlobalFlags & { connector?: string }): Promise<void> {
  const host = await cliHost(flags, flags.connector ? [flags.connector] : undefined);
  try {
    printJson(host.registry.commands().map(commandSummary));
  } finally {
    await host.close();
  }
}

/** `c-host describe <id>` */
export async function describeCommand(id: string, flags: GlobalFlags): Promise<void> {
  const host = await cliHost(flags, connectorOfCommand(id));
  try {
    printJson(commandDetail(host.registry.require(id)));
  } finally {
    await host.close();
  }
}

/** Asks for each required parameter that is missing, with a prompt fitting its schema. */
async function promptMissing(input: Record<string, unknown>, schema: JsonSchema): Promise<void> {
  const required = (schema.required ?? []) as string[];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const missing = required.filter((key) => input[key] === undefined);
  if (missing.length === 0) return;
  const prompts = await import('@inquirer/prompts');
  const context = { output: process.stderr };
  for (const key of missing) {
    const property = properties[key] ?? {};
    const message = `${String(property.title ?? key)}${property.description ? ` (${String(property.description)})` : ''}`;
    if (Array.isArray(property.enum)) {
      input[key] = await prompts.select(
        { message, choices: property.enum.map((value) => ({ name: String(value), value })) },
        context,
      );
    } else if (property.type === 'boolean') {
      input[key] = await prompts.confirm({ message }, context);
    } else {
      const text = await prompts.input({ message, required: true }, context);
      input[key] = coerce(text, property);
    }
  }
}

/** Shows progress on stderr: a bar when the total is known, else the latest message. */
function progressReporter(): { update(progress: Progress): void; stop(): void } {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  let bar: import('cli-progress').SingleBar | undefined;
  let loading = false;
  let latest: Progress | undefined;
  const draw = () => {
    if (!bar || !latest) return;
    const total = latest.total ?? Math.max(latest.current ?? 0, 1);
    bar.setTotal(total);
    bar.update(latest.current ?? 0, { message: latest.message ?? '' });
  };
  return {
    update(progress) {
      latest = progress;
      if (!loading) {
        loading = true;
        void import('cli-progress').then(({ default: cliProgress }) => {
          bar = new cliProgress.SingleBar(
            { stream: process.stderr, format: ' {bar} {value}/{total} {message}', hideCursor: true },
            cliProgress.Presets.shades_classic,
          );
          bar.start(latest?.total ?? 1, 0, { message: '' });
          draw();
        });
      }
      draw();
    },
    stop() {
      bar?.stop();
    },
  };
}

/** `c-host run <id>`: result JSON on stdout, or NDJSON of its list in `--output`. */
export async function runCommand(id: string, flags: RunFlags): Promise<void> {
  const host = await cliHost(flags, connectorOfCommand(id));
  const progress = progressReporter();
  try {
    const entry = host.registry.require(id);
    const schema = entry.command.inputSchema;
    const input = applyParams(readInput(flags.input), flags.param ?? [], schema);
    if (flags.prompt !== false && interactive()) await promptMissing(input, schema);
    if (flags.async) {
      await (await import('./runs.js')).runInBackground(host, entry, input, flags);
      return;
    }
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    const result = await host.connections.run(entry, input, {
      connection: flags.connection,
      signal: controller.signal,
      onProgress: (update) => progress.update(update),
      idempotencyKey: flags.idempotencyKey,
      dryRun: flags.dryRun,
      onReplay: (firstRunAt) =>
        note(`The idempotency key was used at ${firstRunAt} for this same call: its result, nothing sent.`),
    });
    progress.stop();
    // A dry run's requests are the output, whatever --output says.
    if (!flags.output || flags.dryRun) {
      printJson(result);
      return;
    }
    const items = listItems(result) ?? [result];
    const stream = createWriteStream(flags.output, { encoding: 'utf8' });
    for (const item of items) {
      if (!stream.write(`${JSON.stringify(item)}\n`)) await once(stream, 'drain');
    }
    stream.end();
    await once(stream, 'finish');
    note(`Wrote ${items.length} line(s) to ${flags.output}`);
    printJson({ output: flags.output, count: items.length });
  } finally {
    progress.stop();
    await host.close();
  }
}
