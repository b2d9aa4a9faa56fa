import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { JsonSchema } from '@c/core';
import type { Host } from '../host.js';
import { listItems } from '../result-list.js';
import { confirmationFor, confirmQuestion } from '../run/confirm-policy.js';
import type { CheckedRun } from '../run/runner.js';
import type { ConnectionRecord } from '../store/connection-store.js';
import { commandDetail, commandSummary } from '../views.js';
import { checkConnectorId, cliHost, connectorOfCommand, type GlobalFlags } from './context.js';
import {
  colourful,
  forPerson,
  interactive,
  note,
  type OutputFlags,
  printJson,
  terminalWidth,
} from './output.js';
import { checkOutputFile } from './output-file.js';
import { applyParams, readInput } from './params.js';
import { progressReporter } from './progress.js';
import { confirm, isPromptExit, promptMissing } from './prompts.js';

/** Options of `c-host run`. */
export interface RunFlags extends GlobalFlags, OutputFlags {
  input?: string;
  param?: string[];
  connection?: string;
  output?: string;
  prompt?: boolean;
  idempotencyKey?: string;
  dryRun?: boolean;
  /** Run a command that changes or deletes data without asking first, on a terminal. */
  yes?: boolean;
  /** Run in the background (`c-host runs get` reads it); see `runInBackground`. */
  async?: boolean;
  /** With `async`: follow the run to its end, or return at once; unset: on a terminal only. */
  wait?: boolean;
}

const terminal = () => ({ width: terminalWidth(), colour: colourful(process.stdout) });

/**
 * `c-host list [query]`: on a terminal the areas folded (each with its count and commands' keys), or
 * the commands of a connector, an area or a search (`--all`: every one); else JSON of those commands.
 */
export async function listCommand(
  words: string[] | undefined,
  flags: GlobalFlags & OutputFlags & { connector?: string; all?: boolean },
): Promise<void> {
  if (flags.connector) checkConnectorId(flags.connector);
  const host = await cliHost(flags, flags.connector ? [flags.connector] : undefined);
  try {
    const titles = Object.fromEntries(host.registry.connectors().map((entry) => [entry.id, entry.title]));
    const { commandsTable, foldedTable, foldsOf, selectCommands } = await import('./list.js');
    const all = host.registry.commands().map(commandSummary);
    const query = words?.join(' ').trim();
    const commands = query ? selectCommands(all, query, titles) : all;
    if (!forPerson(flags)) {
      printJson(commands);
      return;
    }
    process.stdout.write(
      query || flags.all || flags.connector
        ? commandsTable(commands, terminal(), query)
        : foldedTable(foldsOf(commands, titles), terminal()),
    );
  } finally {
    await host.close();
  }
}

/** `c-host describe <id>`: what it does and its parameters on a terminal, else JSON with its schemas. */
export async function describeCommand(id: string, flags: GlobalFlags & OutputFlags): Promise<void> {
  const host = await cliHost(flags, connectorOfCommand(id));
  try {
    const detail = commandDetail(host.registry.require(id));
    if (!forPerson(flags)) {
      printJson(detail);
      return;
    }
    const { describeText } = await import('./terminal.js');
    process.stdout.write(describeText(detail, terminal()));
  } finally {
    await host.close();
  }
}

/** Prints a result: a document's text or a table for a list on a terminal, else JSON. */
async function printResult(result: unknown, flags: OutputFlags, outputSchema?: JsonSchema): Promise<void> {
  if (forPerson(flags)) {
    const { documentText, resultTable } = await import('./terminal.js');
    const text = documentText(result, outputSchema);
    if (text !== undefined) {
      process.stdout.write(text);
      return;
    }
    const table = resultTable(result, terminal(), outputSchema);
    if (table !== undefined) {
      process.stdout.write(table);
      return;
    }
  }
  printJson(result);
}

/**
 * Asks before a command that changes or deletes existing data (`confirmationFor`, the rule the web
 * UI and MCP follow too), on a terminal. Scripts (no terminal) are not asked: a person's own script
 * runs what they typed, and `--yes` skips the question on a terminal too.
 */
async function confirmed(checked: CheckedRun, flags: RunFlags): Promise<boolean> {
  const decision = confirmationFor(checked.entry.command.annotations, {
    caller: 'person',
    canAsk: interactive(),
    allowed: flags.yes,
    dryRun: flags.dryRun,
  });
  if (decision.action !== 'ask') return decision.action === 'run';
  // Checked already: bad input or no connection failed before the question, not after a "yes".
  const title = checked.entry.command.title;
  return confirm(confirmQuestion(decision.level, title, `"${checked.connection.name}"`));
}

/**
 * The run checked (the pipeline's `check`), after the questions for missing parameters on a
 * terminal and before the question of `confirmed`; undefined when the person cancelled.
 */
async function checkedRun(host: Host, id: string, flags: RunFlags): Promise<CheckedRun | undefined> {
  const entry = host.registry.require(id);
  const schema = entry.command.inputSchema;
  const input = applyParams(readInput(flags.input), flags.param ?? [], schema);
  try {
    let connection: string | ConnectionRecord | undefined = flags.connection;
    if (flags.prompt !== false && interactive()) {
      // A connection that does not resolve fails before the questions, not after them; resolved
      // once, it is the one the lookups and the run use.
      connection = await host.connections.resolve(entry.connectorId, flags.connection);
      const { lookupChoiceLister } = await import('./lookup-choices.js');
      await promptMissing(input, entry.command, schema, {
        // A dry run sends nothing at all, not even the reads that list choices: ids are typed.
        listChoices: flags.dryRun ? undefined : lookupChoiceLister(host, entry, connection),
      });
    }
    const checked = await host.runner.check({
      command: entry,
      input,
      connection,
      idempotencyKey: flags.idempotencyKey,
      dryRun: flags.dryRun,
    });
    if (await confirmed(checked, flags)) return checked;
    note('Cancelled: nothing was sent.');
    process.exitCode = 1;
    return undefined;
  } catch (error) {
    if (!isPromptExit(error)) throw error;
    note('Cancelled: nothing was sent.');
    process.exitCode = 130;
    return undefined;
  }
}

/** `c-host run <id>`: result JSON on stdout, or NDJSON of its list in `--output`. */
export async function runCommand(id: string, flags: RunFlags): Promise<void> {
  // Before the host opens: a result that cannot be kept must not be fetched (or written) at all.
  if (flags.output && !flags.dryRun) checkOutputFile(flags.output);
  const host = await cliHost(flags, connectorOfCommand(id));
  const progress = progressReporter();
  try {
    if (flags.async) (await import('./runs.js')).checkAsyncFlags(flags);
    const checked = await checkedRun(host, id, flags);
    if (!checked) return;
    if (flags.async) {
      await (await import('./runs.js')).runInBackground(host, checked, flags);
      return;
    }
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    const result = await host.runner.run(checked, {
      signal: controller.signal,
      onProgress: (update) => progress.update(update),
      onReplay: (firstRunAt) =>
        note(`The idempotency key was used at ${firstRunAt} for this same call: its result, nothing sent.`),
    });
    const items = listItems(result) ?? [result];
    progress.finish(items.length);
    // A dry run's requests are the output, whatever --output says.
    if (!flags.output || flags.dryRun) {
      // A dry run prints the requests it would send, never the command's own view.
      await printResult(result, flags, flags.dryRun ? undefined : checked.entry.command.outputSchema);
      return;
    }
    const stream = createWriteStream(flags.output, { encoding: 'utf8' });
    for (const item of items) {
      if (!stream.write(`${JSON.stringify(item)}\n`)) await once(stream, 'drain');
    }
    stream.end();
    await once(stream, 'finish');
    note(`Wrote ${items.length} line(s) to ${flags.output}`);
    if (!forPerson(flags)) printJson({ output: flags.output, count: items.length });
  } finally {
    progress.stop();
    await host.close();
  }
}
