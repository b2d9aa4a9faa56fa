/**
 * The API version the simulator speaks: the one `stripe` 23.1.0 pins and the payments connector sends
 * by default. Its response shapes are checked against the types of that package.
 */
export const SIMULATED_API_VERSION = '2026-10-28.endive';

/**
 * The first version with the `basil` subscription shape: billing periods on the items
 * (`items.data[].current_period_start/end`) instead of the subscription, `discounts` instead of
 * `discount` (stripe-node 18.0.0's changelog).
 */
const BASIL = '2025-03-31';

/** A well-formed Stripe version: a date, optionally with its release name (`2026-10-28.endive`). */
export function isApiVersion(version: string): boolean {
  return /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(version);
}

/** True when `version` predates the `basil` release. */
function beforeBasil(version: string): boolean {
  return version.slice(0, 10) < BASIL;
}

/**
 * Renders a response for the version the request asked for. The simulator keeps objects in the
 * pinned version's shape; for a version before `basil` it renders the subscription change that
 * integrations notice first (top-level billing period and `discount`), so a client that does not pin
 * its version sees why it should. Every other field keeps the pinned shape.
 */
export function renderForVersion(body: unknown, version: string): unknown {
  if (!beforeBasil(version)) return body;
  return legacy(body);
}

function legacy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(legacy);
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = legacy(value);
  if (record.object === 'subscription') {
    const items = (record.items as { data?: Record<string, unknown>[] } | undefined)?.data ?? [];
    const first = items[0];
    out.current_period_start = first?.current_period_start ?? record.start_date;
    out.current_period_end = first?.current_period_end ?? record.start_date;
    out.discount = null;
    out.items = {
      ...(out.items as object),
      data: ((out.items as { data?: Record<string, unknown>[] }).data ?? []).map(
        ({ current_period_start: _start, current_period_end: _end, ...item }) => item,
      ),
    };
  }
  return out;
}
