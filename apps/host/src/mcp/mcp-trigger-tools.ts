import { toErrorJson, ValidationError } from '@c/core';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { TriggerService } from '../triggers/trigger-service.js';

/** The longest an agent may wait in one `read_events` call. */
const MAX_WAIT_SECONDS = 60;

/** A subscription as `list_subscriptions` gives it (`SubscriptionView`); more fields may follow. */
const SUBSCRIPTION_SCHEMA = {
  type: 'object',
  required: ['id', 'trigger', 'connection', 'status', 'createdAt'],
  properties: {
    id: { type: 'string' },
    trigger: { type: 'string' },
    connection: { type: 'string' },
    input: { type: 'object' },
    hookUrl: { type: 'string' },
    deliverTo: { type: 'object', properties: { url: { type: 'string' } } },
    status: { type: 'string' },
    error: { type: 'object' },
    createdAt: { type: 'string' },
  },
};

/** An event as `read_events` gives it (`EventView`). */
const EVENT_SCHEMA = {
  type: 'object',
  required: ['id', 'trigger', 'subscription', 'type', 'occurredAt', 'receivedAt'],
  properties: {
    id: { type: 'string' },
    trigger: { type: 'string' },
    subscription: { type: 'string' },
    type: { type: 'string' },
    occurredAt: { type: 'string' },
    receivedAt: { type: 'string' },
    data: {},
  },
};

/**
 * Tools over the host's trigger subscriptions, beside the command tools: list what is watched, and
 * read events after a cursor, optionally waiting for the next one, so an agent can wait for
 * something to happen at a provider.
 */
export const TRIGGER_TOOLS: readonly Tool[] = [
  {
    name: 'list_subscriptions',
    title: 'List Subscriptions',
    description:
      'Lists the trigger subscriptions of this host (what it watches at the providers: id, trigger such as payments.event, connection, filters, status). Read their events with read_events.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: {
      type: 'object',
      required: ['subscriptions'],
      properties: { subscriptions: { type: 'array', items: SUBSCRIPTION_SCHEMA } },
    },
    annotations: {
      title: 'List Subscriptions',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  },
  {
    name: 'read_events',
    title: 'Read Events',
    description:
      'Reads received events in arrival order after a cursor: {events: [{id, trigger, subscription, type, occurredAt, receivedAt, data}], nextCursor}. Pass nextCursor back as after to read only newer ones; with waitSeconds it waits (up to 60 s) for the next event when none is there yet.',
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        subscription: {
          type: 'string',
          title: 'Subscription',
          description: 'Only this subscription (sub_…).',
        },
        after: {
          type: 'string',
          title: 'After',
          description: 'The nextCursor of an earlier call: only newer events.',
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 100,
          title: 'Limit',
          description: 'At most this many (default 20).',
        },
        waitSeconds: {
          type: 'integer',
          minimum: 0,
          maximum: MAX_WAIT_SECONDS,
          title: 'Wait Seconds',
          description: 'When no event is there yet, wait up to this long for one (default 0).',
        },
      },
    },
    outputSchema: {
      type: 'object',
      required: ['events', 'nextCursor'],
      properties: {
        events: { type: 'array', items: EVENT_SCHEMA },
        nextCursor: { type: ['string', 'null'] },
      },
    },
    annotations: {
      title: 'Read Events',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  },
];

const text = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: Array.isArray(value) ? { subscriptions: value } : (value as Record<string, unknown>),
});

function integer(args: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const value = args[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ValidationError(`Invalid parameter "${name}": expected an integer from ${min} to ${max}`, {
      parameter: name,
    });
  }
  return value;
}

/** Answers a call to one of `TRIGGER_TOOLS` (an error is a tool result with `isError`). */
export async function callTriggerTool(
  triggers: TriggerService,
  name: string,
  args: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<CallToolResult> {
  try {
    if (name === 'list_subscriptions') {
      const records = await triggers.subscriptions();
      return text(records);
    }
    const subscription = typeof args.subscription === 'string' ? args.subscription : undefined;
    const after = typeof args.after === 'string' ? args.after : undefined;
    const limit = integer(args, 'limit', 1, 100) ?? 20;
    const wait = integer(args, 'waitSeconds', 0, MAX_WAIT_SECONDS) ?? 0;
    const deadline = Date.now() + wait * 1000;
    for (;;) {
      const { events, nextCursor } = await triggers.events({ subscription, after, limit });
      const remaining = deadline - Date.now();
      if (events.length > 0 || remaining <= 0 || signal?.aborted) return text({ events, nextCursor });
      await triggers.waitForEvents(Math.min(1000, remaining), signal);
    }
  } catch (error) {
    return {
      content: [{ type: 'text', text: JSON.stringify({ error: toErrorJson(error) }) }],
      isError: true,
    };
  }
}
