import { signTimestamped } from '@c/core';
import type { HostStore } from '../store/host-store.js';
import { type EventView, eventView } from './trigger-views.js';

// Delivery of stored events to callers' URLs (`deliverTo`): signed, retried with backoff for a day.

/** How long a delivery to a caller's URL keeps being retried. */
export const DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The first retry's wait; it doubles up to `MAX_BACKOFF_MS`. */
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** The wait before delivery attempt `attempts + 1`: 1 s, 2 s, 4 s… at most an hour. */
export function deliveryBackoff(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the deliveries due now: each subscription's oldest pending event, signed with its secret,
 * until none is due or `stopped` aborts.
 */
export async function deliverDue(store: Pick<HostStore, 'triggers'>, stopped: AbortSignal): Promise<void> {
  for (;;) {
    const due = await store.triggers.claimDueDeliveries({ leaseMs: 30_000 });
    if (due.length === 0 || stopped.aborted) return;
    let progressed = false;
    await Promise.all(
      due.map(async (delivery) => {
        const record = await store.triggers.getSubscription(delivery.subscription);
        const [event] = await store.triggers.listEvents({
          subscription: delivery.subscription,
          after: delivery.seq - 1,
          limit: 1,
        });
        if (!record?.deliverTo || !record.deliverSecret || !event || event.seq !== delivery.seq) {
          await store.triggers.recordDeliveryAttempt(delivery.subscription, delivery.seq, {
            status: 'failed',
            lastError: 'the subscription or event is gone',
          });
          return;
        }
        const outcome = await sendDelivery(
          record.deliverTo.url,
          record.deliverSecret,
          eventView(event),
          stopped,
        );
        const attempts = delivery.attempts + 1;
        const expired = Date.now() - Date.parse(delivery.createdAt) > DELIVERY_WINDOW_MS;
        if (outcome.ok) progressed = true;
        await store.triggers.recordDeliveryAttempt(delivery.subscription, delivery.seq, {
          status: outcome.ok ? 'delivered' : expired ? 'failed' : 'pending',
          lastStatus: outcome.status,
          ...(outcome.error ? { lastError: outcome.error } : {}),
          nextAttemptAt: Date.now() + deliveryBackoff(attempts),
        });
      }),
    );
    // Only delivered ones make the next event of a subscription due at once.
    if (!progressed) return;
  }
}

/**
 * POSTs one event to a caller's URL, signed like Stripe signs: `C-Signature: t=<unix>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>">` with the subscription's secret. Never follows a redirect.
 */
export async function sendDelivery(
  url: string,
  secret: string,
  event: EventView,
  signal?: AbortSignal,
): Promise<{ ok: boolean; status: number; error?: string }> {
  const body = JSON.stringify(event);
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'c-host',
        'c-signature': signTimestamped(secret, body),
        'c-event-id': event.id,
      },
      body,
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(15_000)]) : AbortSignal.timeout(15_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { ok: response.status >= 200 && response.status < 300, status: response.status };
  } catch (error) {
    return { ok: false, status: 0, error: error instanceof Error ? error.message : String(error) };
  }
}
