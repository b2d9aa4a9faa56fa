import type { RunningIssuesSimulator } from '@c/issues/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { type Sandbox, startSandbox } from '../sandbox/sandbox.js';
import { tempHost } from '../test-support/temp-host.js';
import { TriggerService } from './trigger-service.js';

// Two servers on one data directory without a public URL: each serves at its own local address,
// and sandbox subscriptions take their hook URL from it. Both run the move every minute; if each
// moved the subscriptions to itself, they would be re-subscribed back and forth for ever.

let host: Awaited<ReturnType<typeof tempHost>>;
let sandbox: Sandbox;
const urlA = 'http://127.0.0.1:1';
const urlB = 'http://127.0.0.1:2';

beforeAll(async () => {
  host = await tempHost(await loadConnectors(['issues']), { token: 'test-access-token-sandbox-move-01' });
  await host.access.init();
  sandbox = await startSandbox(host);
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  await host?.cleanup();
});

it('moves a sandbox subscription once to the server started last, not back and forth between two servers', async () => {
  const service = () =>
    new TriggerService({ registry: host.registry, store: host.store, connections: host.connections });
  const [a, b] = [service(), service()];
  try {
    await a.start(urlA);
    await b.start(urlB);
    const { subscription } = await a.subscribe({
      trigger: 'issues.event',
      connection: 'sandbox-issues',
      input: { resourceTypes: ['Issue'] },
    });
    const record = () => host.store.triggers.getSubscription(subscription.id);
    expect((await record())!.hookUrl).toBe(`${urlA}/hooks/${subscription.id}`);

    await a.renewDue();
    await b.renewDue();
    const moved = (await record())!;
    expect([moved.hookUrl, moved.status]).toEqual([`${urlB}/hooks/${subscription.id}`, 'active']);
    // Further rounds on both servers send the provider nothing more.
    for (let round = 0; round < 2; round += 1) {
      await a.renewDue();
      expect((await record())!.hookUrl).toBe(`${urlB}/hooks/${subscription.id}`);
      await b.renewDue();
    }
    expect((await record())!.updatedAt).toBe(moved.updatedAt);
    const linear = sandbox.simulators.issues as RunningIssuesSimulator;
    const hooks = [...linear.workspace.webhooks.values()].filter((webhook) =>
      webhook.url.endsWith(`/hooks/${subscription.id}`),
    );
    expect(hooks.map((webhook) => webhook.url)).toEqual([`${urlB}/hooks/${subscription.id}`]);
  } finally {
    a.stop();
    b.stop();
  }
});
