import { ValidationError } from '@c/core';
import type { EventView } from '../triggers/trigger-service.js';
import { cliHost, connectorOfCommand, type GlobalFlags, selfCommand } from './context.js';
import { forPerson, note, type OutputFlags, printJson } from './output.js';
import { applyParams, readInput } from './params.js';

/** `c-host triggers`: every trigger with its kinds (a list on a terminal, else JSON). */
export async function triggersCommand(flags: GlobalFlags & OutputFlags): Promise<void> {
  const host = await cliHost(flags);
  try {
    const entries = host.triggers.list().map((entry) => ({
      id: entry.id,
      kinds: entry.trigger.kinds,
      title: entry.trigger.title,
      description: entry.trigger.description,
      inputSchema: entry.trigger.inputSchema,
    }));
    if (!forPerson(flags)) return printJson(entries);
    const width = Math.max(...entries.map((entry) => entry.id.length), 2);
    for (const entry of entries) {
      process.stdout.write(
        `${entry.id.padEnd(width)}  ${entry.kinds.join('+').padEnd(15)}  ${entry.title}\n`,
      );
    }
  } finally {
    await host.close();
  }
}

/**
 * `c-host subscribe <trigger> [-c <connection>] [-p k=v]… [--deliver-to <url>]`: registers the hook
 * with the provider and prints the subscription (with its delivery secret, shown this once).
 */
export async function subscribeCommand(
  trigger: string,
  flags: GlobalFlags &
    OutputFlags & { connection?: string; param?: string[]; input?: string; deliverTo?: string },
): Promise<void> {
  const host = await cliHost(flags, connectorOfCommand(trigger));
  try {
    const entry = host.triggers.require(trigger);
    const input = applyParams(readInput(flags.input), flags.param ?? [], entry.trigger.inputSchema);
    const { subscription, deliverSecret } = await host.triggers.subscribe({
      trigger,
      connection: flags.connection,
      input,
      deliverTo: flags.deliverTo ? { url: flags.deliverTo } : undefined,
    });
    if (!forPerson(flags)) return printJson({ ...subscription, ...(deliverSecret ? { deliverSecret } : {}) });
    process.stdout.write(
      `Subscribed ${subscription.id} to ${subscription.trigger} on ${subscription.connection}.\n`,
    );
    if (subscription.hookUrl) process.stdout.write(`Hook URL: ${subscription.hookUrl}\n`);
    if (deliverSecret) {
      process.stdout.write(`Delivery secret (shown once; verify C-Signature with it): ${deliverSecret}\n`);
    }
    note(`Watch the events with \`c-host events --subscription ${subscription.id} --follow\`.`);
  } finally {
    await host.close();
  }
}

/** `c-host subscriptions [list|remove <id>]`. */
export async function subscriptionsCommand(
  action: string | undefined,
  id: string | undefined,
  flags: GlobalFlags & OutputFlags,
): Promise<void> {
  if (action !== undefined && action !== 'list' && action !== 'remove') {
    throw new ValidationError(`Invalid parameter "action": expected list or remove, got "${action}"`, {
      parameter: 'action',
    });
  }
  if (action === 'remove' && !id) {
    throw new ValidationError('Missing required parameter "id": c-host subscriptions remove <id>', {
      parameter: 'id',
    });
  }
  const host = await cliHost(flags);
  try {
    if (action === 'remove') {
      await host.triggers.unsubscribe(id as string);
      if (forPerson(flags)) process.stdout.write(`Removed ${id} and its provider webhook.\n`);
      else printJson({ removed: id });
      return;
    }
    const views = await Promise.all(
      (await host.store.triggers.listSubscriptions()).map((record) => host.triggers.view(record)),
    );
    if (!forPerson(flags)) return printJson(views);
    if (views.length === 0)
      process.stdout.write('No subscriptions yet: add one with `c-host subscribe <trigger>`.\n');
    for (const view of views) {
      process.stdout.write(
        `${view.id}  ${view.trigger}  ${view.connection}  ${view.status}  ${JSON.stringify(view.input)}\n`,
      );
    }
  } finally {
    await host.close();
  }
}

/**
 * `c-host events [--subscription <id>] [--after <cursor>] [--follow]`: events in arrival order. Not
 * following: `{events, nextCursor}` as JSON (one line per event on a terminal). Following: one JSON
 * line per event as it arrives (NDJSON), until interrupted.
 */
export async function eventsCommand(
  flags: GlobalFlags &
    OutputFlags & { subscription?: string; after?: string; limit?: string; follow?: boolean },
): Promise<void> {
  const limit = flags.limit === undefined ? 100 : Number(flags.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new ValidationError('Invalid parameter "limit": expected an integer from 1 to 1000', {
      parameter: 'limit',
    });
  }
  const host = await cliHost(flags);
  const person = forPerson(flags);
  const line = (event: EventView) =>
    person
      ? `${event.receivedAt}  ${event.type}  ${event.id}  ${event.subscription}\n`
      : `${JSON.stringify(event)}\n`;
  try {
    if (!flags.follow) {
      const { events, nextCursor } = await host.triggers.events({
        subscription: flags.subscription,
        after: flags.after,
        limit,
      });
      if (!person) return printJson({ events, nextCursor });
      if (events.length === 0) {
        // A blank screen reads as broken: say there are none, and how events come in.
        process.stdout.write(noEventsText(flags));
        return;
      }
      for (const event of events) process.stdout.write(line(event));
      return;
    }
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    let after = flags.after;
    try {
      while (!stop.signal.aborted) {
        const { events, nextCursor } = await host.triggers.events({
          subscription: flags.subscription,
          after,
          limit,
        });
        for (const event of events) process.stdout.write(line(event));
        after = nextCursor ?? after;
        // Events come in through a server (another process): the store is read again each second.
        if (events.length < limit) await host.triggers.waitForEvents(1000, stop.signal);
      }
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  } finally {
    await host.close();
  }
}

/** What `events` says on a terminal when there are none: why, and how to get some. */
export function noEventsText(flags: {
  subscription?: string | undefined;
  after?: string | undefined;
}): string {
  const cli = selfCommand();
  if (flags.after) return 'No events after that cursor yet. `--follow` waits for new ones.\n';
  const which = flags.subscription ? `for subscription ${flags.subscription} ` : '';
  return `No events ${which}yet. Events arrive while \`${cli} serve\` runs and a subscription exists (\`${cli} subscriptions\` lists them; \`${cli} subscribe <trigger>\` adds one, \`${cli} triggers\` lists the triggers). \`--follow\` waits for them.\n`;
}
