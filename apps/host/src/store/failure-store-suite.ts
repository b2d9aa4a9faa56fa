import { expect, it } from 'vitest';
import { FAILURE_PRUNE_BATCH } from './failure-store.js';
import type { FreshLocation } from './store-suite-support.js';

/**
 * The failure counts cases of the shared store suite (the guessing throttle).
 */
export function failureStoreCases(location: FreshLocation): void {
  const MINUTE = 60_000;

  it('opens a window, counts in it, ends it on time, and forgets a key cleared; every handle sees the same counts', async () => {
    const { open } = await location();
    const [one, two] = [await open(), await open()];
    const t = Date.now();
    expect(await one.failures.get('203.0.113.7', t)).toBeUndefined();
    expect(await one.failures.add('203.0.113.7', t, MINUTE)).toEqual({ count: 1, resetAt: t + MINUTE });
    // Another handle (process, instance) counts in the same window, which later failures do not extend.
    expect(await two.failures.add('203.0.113.7', t + 10, MINUTE)).toEqual({
      count: 2,
      resetAt: t + MINUTE,
    });
    expect(await one.failures.add('203.0.113.7', t + 20, MINUTE)).toEqual({
      count: 3,
      resetAt: t + MINUTE,
    });
    expect(await two.failures.get('203.0.113.7', t + MINUTE - 1)).toEqual({
      count: 3,
      resetAt: t + MINUTE,
    });
    // Another client has a window of its own.
    expect(await two.failures.add('2001:db8:1:2::/64', t, MINUTE)).toEqual({
      count: 1,
      resetAt: t + MINUTE,
    });
    expect(await one.failures.get('2001:db8:1:2::/64', t + 1)).toEqual({ count: 1, resetAt: t + MINUTE });
    // Ended: as good as none, and the next failure opens a new window from 1.
    expect(await one.failures.get('203.0.113.7', t + MINUTE)).toBeUndefined();
    expect(await two.failures.add('203.0.113.7', t + MINUTE, MINUTE)).toEqual({
      count: 1,
      resetAt: t + 2 * MINUTE,
    });
    await one.failures.clear('203.0.113.7');
    expect(await two.failures.get('203.0.113.7', t + MINUTE)).toBeUndefined();
    expect(await two.failures.add('203.0.113.7', t + MINUTE, MINUTE)).toEqual({
      count: 1,
      resetAt: t + 2 * MINUTE,
    });
  });

  it('counts every one of many failures added at once from several handles exactly once', async () => {
    const { open } = await location();
    const handles = [await open(), await open(), await open()];
    const t = Date.now();
    const added = await Promise.all(
      Array.from({ length: 60 }, (_, index) => handles[index % 3]!.failures.add('198.51.100.9', t, MINUTE)),
    );
    // Each add saw its own count: no two read the same count and wrote the same next one.
    expect(added.map((window) => window.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, index) => index + 1),
    );
    expect(new Set(added.map((window) => window.resetAt))).toEqual(new Set([t + MINUTE]));
    expect(await handles[0]!.failures.get('198.51.100.9', t)).toEqual({ count: 60, resetAt: t + MINUTE });
  });

  it('prunes ended windows a batch per failure, so a flood of addresses does not stay behind; open windows stay', async () => {
    const { place, open } = await location();
    const store = await open();
    const t = Date.now();
    const flood = FAILURE_PRUNE_BATCH + 50;
    for (let index = 0; index < flood; index += 1) {
      await store.failures.add(`192.0.2.${index % 250}/${index}`, t, 1000);
    }
    await store.failures.add('203.0.113.1', t + 500, MINUTE);
    expect(await place.failureKeys()).toHaveLength(flood + 1);
    // Once the flood's windows have ended, each new failure clears a batch of them.
    await store.failures.add('203.0.113.2', t + 1000, MINUTE);
    expect(await place.failureKeys()).toHaveLength(flood + 2 - FAILURE_PRUNE_BATCH);
    await store.failures.add('203.0.113.2', t + 1001, MINUTE);
    expect((await place.failureKeys()).sort()).toEqual(['203.0.113.1', '203.0.113.2']);
    expect(await store.failures.get('203.0.113.1', t + 1001)).toEqual({
      count: 1,
      resetAt: t + 500 + MINUTE,
    });
  });
}
