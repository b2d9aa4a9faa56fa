import type { AmplitudeSandbox } from '@c/analytics/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorOf, withRequestContext } from '../observability/request-context.js';
import { hostWithAmplitude } from '../test-support/runs.js';
import type { tempHost } from '../test-support/temp-host.js';
import { RunService } from './run-service.js';

// An async run acts for whoever submitted it. The worker that runs it is often not the process that
// accepted it (a `serve` working runs a CLI or another instance queued, a run taken up again after
// a crash): the audit log must still name the submitter, not `cli`.

let amplitude: AmplitudeSandbox;
let host: Awaited<ReturnType<typeof tempHost>>;

beforeAll(async () => {
  ({ amplitude, host } = await hostWithAmplitude({}));
});

afterAll(async () => {
  await host.cleanup();
  await amplitude.close();
});

describe('an async run', () => {
  it('is audited as the caller that submitted it, when another worker runs it', async () => {
    const actor = actorOf('token', 'runs-actor-token-0123456789abcdef');
    // Accepted in a request by a process that runs nothing itself.
    const accepting = await RunService.open(host, { work: false });
    const { id } = await withRequestContext({ actor }, () =>
      accepting.submit({
        command: 'analytics.sendEvents',
        connection: 'amp',
        input: { events: [{ event_type: 'signed_up', user_id: 'u-1' }] },
        idempotencyKey: 'actor-k-1',
      }),
    );
    // Run by a worker outside any request.
    const worker = await RunService.open(host, { work: true });
    try {
      await worker.idle();
      expect((await worker.get(id)).status).toBe('succeeded');
    } finally {
      await worker.stop();
      await accepting.stop();
    }
    const entries = (await host.store.audit.listAudit({ limit: 10 })).filter(
      (entry) => entry.action === 'command.run' && entry.target === 'analytics.sendEvents',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor, outcome: 'ok', connection: 'amp' });
  });
});
