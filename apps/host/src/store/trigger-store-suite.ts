import { expect, it } from 'vitest';
import type { HostStore } from './host-store.js';
import type { FreshLocation } from './store-suite-support.js';

const WHSEC = 'whsec_0123456789abcdefSIGNINGSECRET';

/**
 * The trigger cases of the shared store suite (subscriptions, events stored once per provider id,
 * deliveries in order per subscription), run inside `storeSuite`'s describe for every store.
 */
export function triggerStoreCases(location: FreshLocation, [keyA, keyB]: readonly [string, string]): void {
  const subscription = (id: string, deliverTo?: string) => ({
    id,
    trigger: 'payments.event',
    connection: 'sandbox-payments',
    input: { events: ['customer.created'] },
    state: { endpointId: 'we_1', secret: WHSEC },
    deliverSecret: deliverTo ? `c_whsec_${id}_DELIVERSECRET` : undefined,
    deliverTo: deliverTo ? { url: deliverTo } : undefined,
  });
  const event = (id: string, type = 'customer.created') => ({
    id,
    type,
    occurredAt: '2026-11-24T10:00:00.000Z',
    data: { id, object: 'event', type },
  });

  it('keeps subscriptions with their state sealed, and their events each once per provider id', async () => {
    const { place, open } = await location();
    const store = await open();
    const created = await store.triggers.createSubscription(subscription('sub_a'));
    expect(created).toMatchObject({ id: 'sub_a', status: 'active', state: { secret: WHSEC } });
    const first = await store.triggers.addEvents('sub_a', [event('evt_1'), event('evt_2')]);
    expect(first?.map((stored) => stored.id)).toEqual(['evt_1', 'evt_2']);
    // The provider delivers evt_2 again, with a new one: only the new one is stored.
    const again = await store.triggers.addEvents('sub_a', [event('evt_2'), event('evt_3')]);
    expect(again?.map((stored) => stored.id)).toEqual(['evt_3']);
    expect(await store.triggers.addEvents('sub_unknown', [event('evt_9')])).toBeUndefined();
    // Another handle (another process, another instance) reads the same events, in arrival order.
    const other = await open();
    const all = await other.triggers.listEvents({ subscription: 'sub_a' });
    expect(all.map((stored) => [stored.id, stored.trigger, stored.subscription])).toEqual([
      ['evt_1', 'payments.event', 'sub_a'],
      ['evt_2', 'payments.event', 'sub_a'],
      ['evt_3', 'payments.event', 'sub_a'],
    ]);
    expect(all[0]?.data).toEqual(event('evt_1').data);
    const after = await other.triggers.listEvents({ after: all[0]?.seq, limit: 1 });
    expect(after.map((stored) => stored.id)).toEqual(['evt_2']);
    await store.close();
    await other.close();
    const raw = await place.rawContent();
    expect(raw.includes(Buffer.from(WHSEC))).toBe(false);
  });

  it('finds where a reader without a cursor starts: before the newest events, of one subscription or all', async () => {
    const { open } = await location();
    const store = await open();
    await store.triggers.createSubscription(subscription('sub_n'));
    await store.triggers.createSubscription(subscription('sub_m'));
    expect(await store.triggers.cursorBeforeNewest({ newest: 2 })).toBe(0);
    await store.triggers.addEvents('sub_n', [event('evt_n1'), event('evt_n2'), event('evt_n3')]);
    await store.triggers.addEvents('sub_m', [event('evt_m1')]);
    const all = await store.triggers.listEvents({});
    const seqOf = (id: string) => all.find((stored) => stored.id === id)!.seq;
    const newestTwo = await store.triggers.listEvents({
      after: await store.triggers.cursorBeforeNewest({ newest: 2 }),
    });
    expect(newestTwo.map((stored) => stored.id)).toEqual(['evt_n3', 'evt_m1']);
    expect(await store.triggers.cursorBeforeNewest({ subscription: 'sub_n', newest: 1 })).toBe(
      seqOf('evt_n2'),
    );
    expect(await store.triggers.cursorBeforeNewest({ subscription: 'sub_n', newest: 3 })).toBe(0);
  });

  it('re-seals subscription secrets and events on key rotation, so they read under the new key alone', async () => {
    const { open } = await location();
    const before = await open({ secretKey: keyA });
    await before.triggers.createSubscription(subscription('sub_r', 'https://example.com/in'));
    await before.triggers.addEvents('sub_r', [event('evt_r')]);
    await before.close();
    const rotating = await open({ secretKey: keyB, oldKeys: keyA });
    const report = await rotating.reseal();
    expect(report.ephemerals).toBeGreaterThanOrEqual(3);
    await rotating.close();
    const after = await open({ secretKey: keyB });
    expect((await after.triggers.getSubscription('sub_r'))?.state).toEqual({
      endpointId: 'we_1',
      secret: WHSEC,
    });
    expect((await after.triggers.getSubscription('sub_r'))?.deliverSecret).toBe(
      'c_whsec_sub_r_DELIVERSECRET',
    );
    expect((await after.triggers.listEvents({ subscription: 'sub_r' }))[0]?.data).toEqual(
      event('evt_r').data,
    );
  });

  it('updates and deletes a subscription with its events', async () => {
    const { open } = await location();
    const store = await open();
    await store.triggers.createSubscription(subscription('sub_b'));
    await store.triggers.addEvents('sub_b', [event('evt_1')]);
    const updated = await store.triggers.updateSubscription('sub_b', {
      state: { endpointId: 'we_2', secret: 'whsec_new' },
      cursor: 'c1',
      status: 'failed',
      error: { kind: 'auth', message: 'revoked' },
    });
    expect(updated).toMatchObject({ state: { endpointId: 'we_2' }, cursor: 'c1', status: 'failed' });
    expect(updated?.hookUrl).toBeUndefined();
    const moved = await store.triggers.updateSubscription('sub_b', {
      hookUrl: 'https://b.example/hooks/sub_b',
    });
    expect(moved).toMatchObject({ hookUrl: 'https://b.example/hooks/sub_b', cursor: 'c1', status: 'failed' });
    await store.triggers.createSubscription({
      ...subscription('sub_h'),
      hookUrl: 'https://a.example/hooks/sub_h',
    });
    expect((await store.triggers.getSubscription('sub_h'))?.hookUrl).toBe('https://a.example/hooks/sub_h');
    await store.triggers.deleteSubscription('sub_h');
    expect(updated?.error).toEqual({ kind: 'auth', message: 'revoked' });
    expect(await store.triggers.updateSubscription('sub_none', { cursor: 'x' })).toBeUndefined();
    expect(await store.triggers.deleteSubscription('sub_b')).toBe(true);
    expect(await store.triggers.deleteSubscription('sub_b')).toBe(false);
    expect(await store.triggers.listEvents({ subscription: 'sub_b' })).toEqual([]);
    expect(await store.triggers.listSubscriptions()).toEqual([]);
  });

  it('stores one event per replay key and subscription, across instances, until the key expires', async () => {
    let clock = Date.parse('2026-11-24T10:00:00.000Z');
    const { open } = await location();
    const store = await open({ now: () => new Date(clock) });
    const other = await open({ now: () => new Date(clock) });
    await store.triggers.createSubscription(subscription('sub_e', 'https://example.com/in'));
    await store.triggers.createSubscription(subscription('sub_f'));
    // Linear's shape: the id from an unsigned header, the key from the signed body, kept 60 s.
    const until = new Date(clock + 60_000).toISOString();
    const signed = (id: string, key: string) => ({ ...event(id, 'Issue.update'), replay: { key, until } });
    const stored = async (handle: HostStore, sub: string, id: string, key: string) =>
      ((await handle.triggers.addEvents(sub, [signed(id, key)])) ?? []).map((kept) => kept.id);

    expect(await stored(store, 'sub_e', 'dlv_1', 'sig_1')).toEqual(['dlv_1']);
    // The captured delivery resent under another id, to another instance: nothing stored.
    expect(await stored(other, 'sub_e', 'dlv_forged', 'sig_1')).toEqual([]);
    // The provider's own retry (same id, same body): acknowledged once, as before.
    expect(await stored(store, 'sub_e', 'dlv_1', 'sig_1')).toEqual([]);
    // Two copies arriving at two instances at once: one is stored.
    const raced = await Promise.all([
      stored(store, 'sub_e', 'dlv_2', 'sig_2'),
      stored(other, 'sub_e', 'dlv_2_forged', 'sig_2'),
    ]);
    expect(raced.flat()).toHaveLength(1);
    // Keys are per subscription: another subscription's webhook may sign the same bytes.
    expect(await stored(other, 'sub_f', 'dlv_1', 'sig_1')).toEqual(['dlv_1']);
    const events = await other.triggers.listEvents({ subscription: 'sub_e' });
    expect(events.map((kept) => kept.id)).toEqual(['dlv_1', raced.flat()[0]]);
    const deliveries = await other.triggers.listDeliveries('sub_e');
    expect(deliveries.map((delivery) => delivery.eventId)).toEqual(['dlv_1', raced.flat()[0]]);

    // Once no copy could pass verification any more (and past the clock margin), the key is let go.
    clock += 60_000 + 5 * 60_000 + 1;
    expect(await stored(store, 'sub_e', 'dlv_late', 'sig_1')).toEqual(['dlv_late']);
    // A removed subscription takes its keys along.
    expect(await stored(store, 'sub_f', 'dlv_3', 'sig_3')).toEqual(['dlv_3']);
    await store.triggers.deleteSubscription('sub_f');
    await store.triggers.createSubscription(subscription('sub_f'));
    expect(await stored(store, 'sub_f', 'dlv_3_again', 'sig_3')).toEqual(['dlv_3_again']);
    await store.close();
    await other.close();
  });

  it('queues deliveries in order per subscription, one at a time, leased to one claimer', async () => {
    const { open } = await location();
    const store = await open();
    const other = await open();
    await store.triggers.createSubscription(subscription('sub_c', 'https://example.com/in'));
    await store.triggers.createSubscription(subscription('sub_d'));
    await store.triggers.addEvents('sub_c', [event('evt_1'), event('evt_2')]);
    await store.triggers.addEvents('sub_d', [event('evt_3')]);
    const [claimed, ...rest] = await store.triggers.claimDueDeliveries({ leaseMs: 60_000 });
    // Only sub_c delivers (sub_d has no deliverTo), and only its oldest event until that one is done.
    expect(rest).toEqual([]);
    expect(claimed).toMatchObject({
      subscription: 'sub_c',
      eventId: 'evt_1',
      status: 'pending',
      attempts: 0,
    });
    // Leased: another instance does not take it at the same time.
    expect(await other.triggers.claimDueDeliveries({ leaseMs: 60_000 })).toEqual([]);
    await store.triggers.recordDeliveryAttempt('sub_c', claimed!.seq, {
      status: 'pending',
      lastStatus: 500,
      nextAttemptAt: 0,
    });
    const retried = await other.triggers.claimDueDeliveries({ leaseMs: 60_000 });
    expect(retried.map((delivery) => [delivery.eventId, delivery.attempts, delivery.lastStatus])).toEqual([
      ['evt_1', 1, 500],
    ]);
    await other.triggers.recordDeliveryAttempt('sub_c', claimed!.seq, {
      status: 'delivered',
      lastStatus: 200,
    });
    const next = await store.triggers.claimDueDeliveries({ leaseMs: 60_000 });
    expect(next.map((delivery) => delivery.eventId)).toEqual(['evt_2']);
    const history = await store.triggers.listDeliveries('sub_c');
    expect(history.map((delivery) => [delivery.eventId, delivery.status, delivery.attempts])).toEqual([
      ['evt_1', 'delivered', 2],
      ['evt_2', 'pending', 0],
    ]);
    expect(history[0]?.deliveredAt).toBeDefined();
  });
}
