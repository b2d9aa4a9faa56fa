import { EVENT_TYPES } from './amplitude-synthetic.js';

/** Options of `syntheticEvents`. */
export interface SyntheticEventOptions {
  /** Distinct devices the events are spread over (default: one per 10 events, at least 1). */
  devices?: number;
  /** Time of the first event (ms); each next one is a millisecond later. */
  startTime?: number;
}

/**
 * Valid Send Events records generated lazily: `count` events spread over many devices (so that no
 * device is throttled), for benchmarks and bulk tests.
 *
 * ```ts
 * const result = await sendEventStream(amplitude, syntheticEvents(1_000_000));
 * ```
 */
export function* syntheticEvents(
  count: number,
  options: SyntheticEventOptions = {},
): Generator<Record<string, unknown>> {
  const devices = Math.max(1, options.devices ?? Math.ceil(count / 10));
  const start = options.startTime ?? Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i += 1) {
    const device = i % devices;
    yield {
      event_type: EVENT_TYPES[i % EVENT_TYPES.length],
      device_id: `device-${device.toString(36).padStart(6, '0')}`,
      ...(device % 3 === 0 ? {} : { user_id: `user-${device.toString(36).padStart(6, '0')}` }),
      time: start + i,
      event_properties: { sequence: i, source: i % 2 === 0 ? 'search' : 'playlist' },
    };
  }
}
