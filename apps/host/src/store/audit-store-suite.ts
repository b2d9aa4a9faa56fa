import { expect, it } from 'vitest';
import type { FreshLocation } from './store-suite-support.js';

/**
 * The audit log cases of the shared store suite.
 */
export function auditStoreCases(location: FreshLocation): void {
  it('keeps entries from every handle, newest first, limited and filtered by time', async () => {
    const { open } = await location();
    const [one, two] = [await open(), await open()];
    const base = Date.parse('2026-03-01T10:00:00.000Z');
    await one.audit.appendAudit({
      at: new Date(base),
      actor: 'cli',
      action: 'connection.create',
      target: 'live',
      connection: 'live',
      outcome: 'ok',
    });
    await two.audit.appendAudit({
      at: new Date(base + 60_000),
      actor: 'token:0123456789ab',
      action: 'command.run',
      target: 'payments.createCustomer',
      connection: 'live',
      outcome: 'rate_limit',
      requestId: 'req_123',
    });
    await one.audit.appendAudit({
      at: new Date(base + 120_000),
      actor: 'session:ba9876543210',
      action: 'connection.remove',
      target: 'live',
      connection: 'live',
      outcome: 'ok',
    });
    const all = await two.audit.listAudit({ limit: 10 });
    expect(all.map((entry) => [entry.action, entry.at])).toEqual([
      ['connection.remove', '2026-03-01T10:02:00.000Z'],
      ['command.run', '2026-03-01T10:01:00.000Z'],
      ['connection.create', '2026-03-01T10:00:00.000Z'],
    ]);
    expect(all[1]).toEqual({
      id: expect.any(Number),
      at: '2026-03-01T10:01:00.000Z',
      actor: 'token:0123456789ab',
      action: 'command.run',
      target: 'payments.createCustomer',
      connection: 'live',
      outcome: 'rate_limit',
      requestId: 'req_123',
    });
    expect(all[0]!.id).toBeGreaterThan(all[1]!.id);
    expect(all[2]).not.toHaveProperty('requestId');
    expect((await one.audit.listAudit({ limit: 2 })).map((entry) => entry.action)).toEqual([
      'connection.remove',
      'command.run',
    ]);
    const since = await one.audit.listAudit({ limit: 10, since: new Date(base + 60_000) });
    expect(since.map((entry) => entry.action)).toEqual(['connection.remove', 'command.run']);
    expect(await one.audit.listAudit({ limit: 10, since: new Date(base + 180_000) })).toEqual([]);
  });

  it('keeps every entry of several handles writing at once, each with its own id', async () => {
    const { open } = await location();
    const handles = [await open(), await open(), await open()];
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        handles[index % 3]!.audit.appendAudit({
          at: new Date(),
          actor: 'cli',
          action: 'command.run',
          target: `payments.command${index}`,
          outcome: 'ok',
        }),
      ),
    );
    const entries = await (await open()).audit.listAudit({ limit: 100 });
    expect(new Set(entries.map((entry) => entry.target)).size).toBe(30);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(30);
  });
}
