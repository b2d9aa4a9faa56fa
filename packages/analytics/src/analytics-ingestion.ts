import { registerSecret } from '@c/core';
import type { AnalyticsContext } from './analytics-client.js';
import type { SendEventStreamOptions } from './analytics-ingestion-parts.js';
import { Upload, type UploadSettings } from './analytics-ingestion-upload.js';
import type { SendEventsResult } from './analytics-schemas.js';

/** Amplitude's HTTP V2 limits per request: events, and bytes of JSON body (documented as "under 1 MB"). */
export const ANALYTICS_INGESTION_LIMITS = { maxEventsPerBatch: 2000, maxBatchBytes: 1_000_000 } as const;

/** How long a throttled device or user is paused: Amplitude asks senders to wait 30 s. */
export const THROTTLE_PAUSE_MS = 30_000;

/** Pauses one event may wait through before it is reported as rejected (10 × 30 s = 5 minutes). */
const MAX_THROTTLE_PAUSES = 10;

/** Requests in flight at once: one per lane, each lane keeping its devices' events in order. */
const DEFAULT_LANES = 4;

/**
 * Retries of one ingestion request by core: 5xx, and a 429 that names no device or user, with
 * full-jitter backoff. Every event carries an `insert_id`, so a repeated request is deduplicated by
 * Amplitude rather than counted twice. (A 429 that names devices or users is not retried whole:
 * only their events are paused.)
 */
const INGESTION_RETRY = { maxRetries: 5, baseDelayMs: 1000, maxDelayMs: 30_000, maxTotalWaitMs: 120_000 };

/**
 * Sends events to Amplitude's HTTP V2 API (`POST /2/httpapi`) without losing or duplicating any,
 * and without rejecting any event for another event's fault:
 *
 * - batches within Amplitude's limits (events and bytes per request); a 413 splits the batch;
 * - sets an `insert_id` on every event that has none, so that a repeated request is deduplicated;
 * - on a 429 that names throttled devices or users, pauses only their events (30 s, as Amplitude
 *   asks; later events of the same device or user wait behind them, in order) and sends the other
 *   events of the request at once; events of devices or users over their daily quota are reported;
 * - on a 400 that names events (Amplitude names the first bad event per field; also short ids and
 *   silenced devices), reports those and sends the others again, until none is named;
 * - retries 5xx and a 429 that names nobody with backoff (the whole request);
 * - consumes `events` lazily (an array, any iterable or async iterable), holding a few batches only.
 *
 * Every event is accounted for: `ingested + rejected.length` equals the number of events read.
 * Invalid events (see `eventProblem`) are reported as rejected without being sent. An event still
 * throttled after `maxThrottlePauses` pauses is reported as rejected. When a request still fails
 * after its retries (5xx, network, a 429 naming nobody), its events and all events not yet sent are
 * reported as rejected with the reason. A refused key (`AuthError`) or a refused request shape throws.
 */
export async function ingestEvents(
  ctx: AnalyticsContext,
  events: Iterable<unknown> | AsyncIterable<unknown>,
  options: SendEventStreamOptions = {},
): Promise<SendEventsResult> {
  const release = registerSecret(options.apiKey);
  try {
    const settings: UploadSettings = {
      maxEvents: Math.min(options.maxEventsPerBatch ?? ANALYTICS_INGESTION_LIMITS.maxEventsPerBatch, 2000),
      maxBytes: options.maxBatchBytes ?? ANALYTICS_INGESTION_LIMITS.maxBatchBytes,
      laneCount: Math.max(1, options.lanes ?? DEFAULT_LANES),
      pauseMs: options.throttlePauseMs ?? THROTTLE_PAUSE_MS,
      maxPauses: options.maxThrottlePauses ?? MAX_THROTTLE_PAUSES,
      apiKey: options.apiKey ?? ctx.apiKey.reveal(),
      retry: { ...INGESTION_RETRY, ...ctx.retry, ...options.retry },
    };
    return await new Upload(ctx, settings, options).run(events);
  } finally {
    release();
  }
}
