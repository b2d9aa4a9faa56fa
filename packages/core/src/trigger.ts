import type { z } from 'zod';
import { type JsonSchema, jsonSchemaOf, parseWith } from './command.js';
import { lazySchema, type SchemaSource } from './zod-lazy.js';

/**
 * How a trigger learns of events: `webhook`, the provider pushes signed HTTP requests to a hook URL;
 * `polling`, the host asks the provider on a schedule from a saved cursor. A trigger may do both.
 */
export type TriggerKind = 'webhook' | 'polling';

/** One provider event, as a trigger's `verify` or `poll` returns it. */
export interface TriggerEvent<D = unknown> {
  /**
   * Stable per provider event (Stripe's `evt_…`): a receiver stores each id once per subscription, so
   * a provider's repeated delivery is acknowledged without being stored again.
   */
  id: string;
  /** The provider's event type, such as `customer.created` or `Issue.update`. */
  type: string;
  /** When it happened at the provider (ISO 8601). */
  occurredAt: string;
  /** The provider's object, as the trigger's `output` schema describes it. */
  data: D;
  /**
   * Webhook events whose `id` is not covered by the signature (Linear's comes from the unsigned
   * `Linear-Delivery` header): what identifies the signed delivery itself, so that a captured copy
   * resent under another id is recognised. Omitted where the id is signed (Stripe's `evt_…` is in
   * the body) or nothing is signed (a Drive notification).
   */
  replay?: ReplayGuard | undefined;
}

/**
 * How a receiver recognises a replayed delivery: it keeps `key` per subscription until `until`, and
 * stores no second event with the same key meanwhile. After `until` the delivery's signed timestamp
 * is too old for `verify` to accept it at all.
 */
export interface ReplayGuard {
  /**
   * Derived from the signed bytes only (a keyed digest such as the signature, which reveals nothing
   * of the body): the same for every copy of one signed delivery, different for any other (and
   * for each event, when one delivery carries several).
   */
  key: string;
  /** Until when a copy would still pass `verify` (ISO 8601): the signed timestamp plus the tolerance. */
  until: string;
}

/**
 * An incoming webhook delivery exactly as received: header names in lower case (as Node gives them)
 * and the body's raw bytes, since signatures are computed over the bytes, never over re-serialised JSON.
 */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string | Uint8Array;
}

/** What `subscribe` is given. */
export interface SubscribeArgs<Input, State = unknown> {
  /** The URL the provider must deliver to (the host's `/hooks/{subscriptionId}`). */
  hookUrl: string;
  /** The parsed filters. */
  input: Input;
  /**
   * A fresh random secret from the host, for providers that sign with a secret the caller chooses
   * (Linear). Providers that issue their own (Stripe's `whsec_…`) ignore it.
   */
  secret?: string | undefined;
  /**
   * The state of an earlier `subscribe` of this subscription (a retry after a failed renewal or a
   * crash, or a move to a new hook URL when the host's public URL changed): update or replace the
   * provider's side, pointing it at `hookUrl`, instead of leaving a second one behind.
   */
  previous?: State | undefined;
  signal?: AbortSignal | undefined;
}

/** What `subscribe` and `renew` return. */
export interface Subscription<State> {
  /**
   * Everything `verify`, `renew` and `unsubscribe` need later (provider ids, the signing secret),
   * JSON-serialisable. A host stores it encrypted, since it holds secrets.
   */
  state: State;
  /** For triggers that also poll: where polling starts (e.g. Drive's start page token). */
  cursor?: string | undefined;
  /**
   * When to renew the provider's side (a Drive channel): some time before it expires, leaving room
   * for a late renewal. The host calls `renew` once this time has come, not earlier.
   */
  renewAt?: string | undefined;
}

/** What `poll` is given. */
export interface PollArgs<Input, State> {
  input: Input;
  /** The cursor the previous poll (or `subscribe`) returned; undefined on the very first poll. */
  cursor: string | undefined;
  /** The subscription's state, when the trigger was subscribed (a webhook + polling trigger). */
  state?: State | undefined;
  signal?: AbortSignal | undefined;
}

/** What `poll` returns: the events since the cursor, oldest first, and the cursor to resume from. */
export interface PollResult<D> {
  events: TriggerEvent<D>[];
  cursor: string;
}

/** What a connector author writes for one trigger. */
export interface TriggerDefinition<I extends z.ZodObject, O, Ctx, State = unknown> {
  /** The key after the connector's id: `event` in `payments.event`. */
  key: string;
  title: string;
  /** What it watches, through which provider mechanism, and how late events can be. */
  description: string;
  /** The filters: a zod object (or `(z) => z.object(…)`), every field titled and described. */
  input: SchemaSource<I>;
  /** The event's `data`, described like a command's output. */
  output: SchemaSource<z.ZodType<O>>;
  kinds: readonly TriggerKind[];
  /** For polling: how often a host polls, in ms (default 60 000). */
  pollIntervalMs?: number;
  /** Webhook: registers `hookUrl` with the provider. Required for `webhook`. */
  subscribe?(ctx: Ctx, args: SubscribeArgs<z.output<I>, State>): Promise<Subscription<State>>;
  /** Extends the provider's side before `renewAt` (a new Drive channel); the old state is replaced. */
  renew?(ctx: Ctx, args: { hookUrl: string; input: z.output<I>; state: State }): Promise<Subscription<State>>;
  /** Removes what `subscribe` registered. A provider's "already gone" counts as done. */
  unsubscribe?(ctx: Ctx, state: State): Promise<void>;
  /**
   * Webhook: checks a delivery against the state's secret and returns its events (filtered by
   * `input`), or throws a `SignatureError`. Pure: no network, so a receiver can answer at once.
   * An empty list from a trigger that also polls means "something changed": the host polls now.
   */
  verify?(
    request: WebhookRequest,
    state: State,
    input: z.output<I>,
  ): TriggerEvent<O>[] | Promise<TriggerEvent<O>[]>;
  /** Polling: the events since `cursor`. Required for `polling`. */
  poll?(ctx: Ctx, args: PollArgs<z.output<I>, State>): Promise<PollResult<O>>;
}

/** A defined trigger: its definition plus validation and JSON Schema. */
export interface Trigger<I extends z.ZodObject = z.ZodObject, O = unknown, Ctx = any, State = any>
  extends Omit<TriggerDefinition<I, O, Ctx, State>, 'input' | 'output'> {
  /** The strict zod input schema (built on first access). */
  readonly input: I;
  readonly output: z.ZodType<O>;
  /** Validates filters; throws a `ValidationError` naming the parameter. */
  parse(input: unknown): z.output<I>;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
}

/**
 * Defines a trigger. A `webhook` trigger must have `subscribe`, `unsubscribe` and `verify`; a
 * `polling` one must have `poll`. Unknown filters are refused, like a command's parameters.
 */
export function defineTrigger<I extends z.ZodObject, O, Ctx, State = unknown>(
  definition: TriggerDefinition<I, O, Ctx, State>,
): Trigger<I, O, Ctx, State> {
  const { input: inputSource, output: outputSource, ...rest } = definition;
  if (definition.kinds.length === 0) throw new Error(`Trigger "${definition.key}" declares no kind`);
  if (definition.kinds.includes('webhook')) {
    for (const method of ['subscribe', 'unsubscribe', 'verify'] as const) {
      if (typeof definition[method] !== 'function') {
        throw new Error(`Webhook trigger "${definition.key}" has no ${method}()`);
      }
    }
  }
  if (definition.kinds.includes('polling') && typeof definition.poll !== 'function') {
    throw new Error(`Polling trigger "${definition.key}" has no poll()`);
  }
  const loose = lazySchema(inputSource);
  const output = lazySchema(outputSource);
  let strict: I | undefined;
  let inputSchema: JsonSchema | undefined;
  let outputSchema: JsonSchema | undefined;
  const input = () => {
    strict ??= loose().strict() as unknown as I;
    return strict;
  };
  return {
    ...rest,
    get input() {
      return input();
    },
    get output() {
      return output();
    },
    parse: (value: unknown) => parseWith(input(), value ?? {}),
    get inputSchema() {
      inputSchema ??= jsonSchemaOf(input(), 'input');
      return inputSchema;
    },
    get outputSchema() {
      outputSchema ??= jsonSchemaOf(output(), 'output');
      return outputSchema;
    },
  };
}
