import { describe, expect, it } from 'vitest';
import type { FailureStore } from '../store/failure-store.js';
import { clientKey, GuessThrottle, MemoryFailureStore } from './throttle.js';

function throttleAt(start = 1_000_000) {
  const clock = { now: start };
  const throttle = new GuessThrottle({ limit: 3, windowMs: 60_000, now: () => clock.now });
  return { clock, throttle };
}

const wrong = async () => false;
const right = async () => true;

describe('GuessThrottle', () => {
  it('refuses a client after `limit` wrong checks, without even trying the right token, until the window ends', async () => {
    const { clock, throttle } = throttleAt();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await throttle.check('192.0.2.1', wrong)).toEqual({ ok: false });
    }
    let tried = false;
    const outcome = await throttle.check('192.0.2.1', async () => {
      tried = true;
      return true;
    });
    expect(outcome).toEqual({ ok: false, retryAfterMs: 60_000 });
    expect(tried).toBe(false);
    clock.now += 45_000;
    expect(await throttle.waitFor('192.0.2.1')).toBe(15_000);
    clock.now += 15_000;
    expect(await throttle.check('192.0.2.1', right)).toEqual({ ok: true });
  });

  it('checks a burst of parallel guesses one after another, so no more than `limit` are answered', async () => {
    // A store that answers late, as a database does: parallel checks used to read the count before
    // any of them had recorded a failure.
    const memory = new MemoryFailureStore();
    const slow: FailureStore = {
      get: async (key, now) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return memory.get(key, now);
      },
      add: async (key, now, windowMs) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return memory.add(key, now, windowMs);
      },
      clear: (key) => memory.clear(key),
    };
    const throttle = new GuessThrottle({ limit: 3, windowMs: 60_000, store: slow, now: () => 1_000_000 });
    let verified = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () =>
        throttle.check('192.0.2.9', async () => {
          verified += 1;
          return false;
        }),
      ),
    );
    expect(verified).toBe(3);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.retryAfterMs === undefined)).toHaveLength(3);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.retryAfterMs === 60_000)).toHaveLength(9);
    // Another client is not held behind the first one's queue.
    expect(await throttle.check('192.0.2.10', right)).toEqual({ ok: true });
  });

  it('answers a wrong guess counted past the limit elsewhere (another instance) with the wait', async () => {
    const memory = new MemoryFailureStore();
    const throttle = new GuessThrottle({ limit: 3, windowMs: 60_000, store: memory, now: () => 1_000_000 });
    // Three failures recorded between this instance's read and its add, by other instances.
    const racing: FailureStore = {
      get: (key, now) => memory.get(key, now),
      add: async (key, now, windowMs) => {
        for (let other = 0; other < 3; other += 1) await memory.add(key, now, windowMs);
        return memory.add(key, now, windowMs);
      },
      clear: (key) => memory.clear(key),
    };
    const raced = new GuessThrottle({ limit: 3, windowMs: 60_000, store: racing, now: () => 1_000_000 });
    expect(await raced.check('192.0.2.11', wrong)).toEqual({ ok: false, retryAfterMs: 60_000 });
    expect(await throttle.check('192.0.2.11', right)).toEqual({ ok: false, retryAfterMs: 60_000 });
  });

  it('keeps clients apart', async () => {
    const { throttle } = throttleAt();
    for (let attempt = 0; attempt < 3; attempt += 1) await throttle.check('192.0.2.1', wrong);
    expect(await throttle.check('192.0.2.2', right)).toEqual({ ok: true });
    expect((await throttle.check('192.0.2.1', right)).ok).toBe(false);
  });

  it('forgets earlier mistakes after a right token', async () => {
    const { throttle } = throttleAt();
    await throttle.check('192.0.2.1', wrong);
    await throttle.check('192.0.2.1', wrong);
    await throttle.check('192.0.2.1', right);
    await throttle.check('192.0.2.1', wrong);
    await throttle.check('192.0.2.1', wrong);
    expect(await throttle.waitFor('192.0.2.1')).toBe(0);
  });

  it('counts every address of one IPv6 /64, and a mapped IPv4 address as the IPv4 one', async () => {
    const { throttle } = throttleAt();
    await throttle.check('2001:db8:1:2::1', wrong);
    await throttle.check('2001:db8:1:2:ffff:0:0:2', wrong);
    await throttle.check('2001:0db8:0001:0002:0000:0000:0000:0003', wrong);
    expect(await throttle.waitFor('2001:db8:1:2::99')).toBeGreaterThan(0);
    expect(await throttle.waitFor('2001:db8:1:3::1')).toBe(0);
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('writes nothing to its store for a right token from a client with no failures on record', async () => {
    const memory = new MemoryFailureStore();
    const writes: string[] = [];
    const store: FailureStore = {
      get: (key, now) => memory.get(key, now),
      add: (key, now, windowMs) => {
        writes.push(`add ${key}`);
        return memory.add(key, now, windowMs);
      },
      clear: (key) => {
        writes.push(`clear ${key}`);
        return memory.clear(key);
      },
    };
    const throttle = new GuessThrottle({ limit: 3, store });
    expect(await throttle.check('192.0.2.1', right)).toEqual({ ok: true });
    expect(writes).toEqual([]);
    await throttle.check('192.0.2.1', wrong);
    await throttle.check('192.0.2.1', right);
    await throttle.check('192.0.2.1', right);
    expect(writes).toEqual(['add 192.0.2.1', 'clear 192.0.2.1']);
    expect(await memory.get('192.0.2.1', Date.now())).toBeUndefined();
  });
});

describe('MemoryFailureStore', () => {
  it('holds at most maxKeys clients, dropping the stalest', async () => {
    const store = new MemoryFailureStore({ maxKeys: 2 });
    await store.add('a', 0, 1000);
    await store.add('b', 1, 1000);
    await store.add('c', 2, 1000);
    expect(await store.get('a', 3)).toBeUndefined();
    expect(await store.get('b', 3)).toEqual({ count: 1, resetAt: 1001 });
    expect(await store.get('c', 3)).toEqual({ count: 1, resetAt: 1002 });
  });
});
