import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { NewHistoryEntry } from './history-store.js';
import type { FreshLocation } from './store-suite-support.js';

const BASE = Date.parse('2026-03-01T10:00:00.000Z');

/** A history line `minutes` after the base time, with what the test sets. */
function line(minutes: number, fields: Partial<NewHistoryEntry> = {}): NewHistoryEntry {
  return {
    id: randomUUID(),
    at: new Date(BASE + minutes * 60_000),
    command: 'payments.listCustomers',
    connection: 'live',
    surface: 'cli',
    actor: 'cli',
    outcome: 'ok',
    durationMs: 12.4,
    dryRun: false,
    ...fields,
  };
}

/**
 * The run history cases of the shared store suite.
 */
export function historyStoreCases(location: FreshLocation): void {
  it('keeps every line of every handle, newest first, each as it was written', async () => {
    const { open } = await location();
    const [one, two] = [await open(), await open()];
    const failed = line(1, {
      command: 'payments.createCustomer',
      surface: 'web',
      actor: 'session:ba9876543210',
      outcome: 'rate_limit',
      message: 'x'.repeat(900),
      requestId: 'req_123',
    });
    await one.history.appendHistory(line(0));
    await two.history.appendHistory(failed);
    await one.history.appendHistory(line(2, { surface: 'mcp', dryRun: true }));
    const all = await two.history.listHistory({ limit: 10 });
    expect(all.map((entry) => entry.at)).toEqual([
      '2026-03-01T10:02:00.000Z',
      '2026-03-01T10:01:00.000Z',
      '2026-03-01T10:00:00.000Z',
    ]);
    expect(all[1]).toEqual({
      id: failed.id,
      at: '2026-03-01T10:01:00.000Z',
      command: 'payments.createCustomer',
      connection: 'live',
      surface: 'web',
      actor: 'session:ba9876543210',
      outcome: 'rate_limit',
      // A provider's long message is cut, not refused: the run happened.
      message: 'x'.repeat(500),
      durationMs: 12,
      dryRun: false,
      requestId: 'req_123',
    });
    expect(all[0]).toMatchObject({ surface: 'mcp', dryRun: true });
    expect(all[0]).not.toHaveProperty('message');
    expect(all[0]).not.toHaveProperty('requestId');
  });

  it('filters by command, connection, surface and status, and pages with the last id', async () => {
    const { open } = await location();
    const store = await open();
    const lines = [
      line(0),
      line(1, { outcome: 'replayed', command: 'payments.createRefund' }),
      line(2, { outcome: 'not_found', connection: 'other' }),
      line(3, { surface: 'web' }),
      line(4, { outcome: 'validation', surface: 'web' }),
    ];
    for (const entry of lines) await store.history.appendHistory(entry);
    const ids = async (query: Parameters<typeof store.history.listHistory>[0]) =>
      (await store.history.listHistory(query)).map((entry) => lines.findIndex((one) => one.id === entry.id));
    expect(await ids({ limit: 10, status: 'succeeded' })).toEqual([3, 1, 0]);
    expect(await ids({ limit: 10, status: 'failed' })).toEqual([4, 2]);
    expect(await ids({ limit: 10, surface: 'web' })).toEqual([4, 3]);
    expect(await ids({ limit: 10, connection: 'other' })).toEqual([2]);
    expect(await ids({ limit: 10, command: 'payments.createRefund' })).toEqual([1]);
    expect(await ids({ limit: 10, surface: 'web', status: 'failed' })).toEqual([4]);
    expect(await ids({ limit: 2 })).toEqual([4, 3]);
    expect(await ids({ limit: 2, before: lines[3]!.id })).toEqual([2, 1]);
    expect(await ids({ limit: 2, before: lines[1]!.id })).toEqual([0]);
    expect(await ids({ limit: 2, before: lines[0]!.id })).toEqual([]);
    // Lines of one instant still page in a fixed order (by id after time).
    const same = [line(9), line(9), line(9)];
    for (const entry of same) await store.history.appendHistory(entry);
    const first = await store.history.listHistory({ limit: 2 });
    const next = await store.history.listHistory({ limit: 2, before: first[1]!.id });
    expect(new Set([...first, next[0]!].map((entry) => entry.id))).toEqual(
      new Set(same.map((one) => one.id)),
    );
  });

  it('prunes the lines of runs that started before a time', async () => {
    const { open } = await location();
    const store = await open();
    for (const minutes of [0, 1, 2]) await store.history.appendHistory(line(minutes));
    expect(await store.history.pruneHistory(new Date(BASE + 90_000))).toBe(2);
    expect((await store.history.listHistory({ limit: 10 })).map((entry) => entry.at)).toEqual([
      '2026-03-01T10:02:00.000Z',
    ]);
  });
}
