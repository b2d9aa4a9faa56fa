import { createServer } from 'node:net';
import { verifyTimestamped } from '@c/core';
import { startWebhookReceiver, type WebhookReceiver } from '@c/core/testing';
import type { RunningDocsSimulator } from '@c/docs/testing';
import type { RunningIssuesSimulator } from '@c/issues/testing';
import type { PaymentsSandbox } from '@c/payments/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { createHttpServer } from '../http/server.js';
import { type Sandbox, startSandbox } from '../sandbox/sandbox.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import { TriggerService } from './trigger-service.js';

// A host behind a tunnel gets a new public URL at each restart (ngrok, cloudflared quick tunnels).
// Here the subscriptions are made by the trigger service of a host at URL A; the host then starts
// at URL B (its own, reachable address) and must move each provider's side there: Stripe's webhook
// endpoint, Linear's webhook and Drive's push channel, against the sandbox's simulators.

const TOKEN = 'test-access-token-trigger-move-01';
const auth = { authorization: `Bearer ${TOKEN}` };

/** A loopback port free now: where nobody answers (URL A), or where the host will listen (URL B). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let host: Awaited<ReturnType<typeof tempHost>>;
let sandbox: Sandbox;
let app: FastifyInstance | undefined;
let receiver: WebhookReceiver;
let urlA: string;
let urlB: string;
let portB: number;

beforeAll(async () => {
  urlA = `http://127.0.0.1:${await freePort()}`;
  portB = await freePort();
  urlB = `http://127.0.0.1:${portB}`;
  host = await tempHost(await loadConnectors(['payments', 'issues', 'docs']), {
    token: TOKEN,
    env: { C_HOST_PUBLIC_URL: urlB },
  });
  await host.access.init();
  sandbox = await startSandbox(host);
  receiver = await startWebhookReceiver();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  await host?.cleanup();
  await receiver?.close();
});

const stripe = () => sandbox.simulators.payments as PaymentsSandbox;
const linear = () => sandbox.simulators.issues as RunningIssuesSimulator;
const drive = () => sandbox.simulators.docs as RunningDocsSimulator;

/** The host's trigger service as it ran before the restart, at URL A, on the same store. */
const serviceAtA = () =>
  new TriggerService({
    registry: host.registry,
    store: host.store,
    connections: host.connections,
    publicUrl: urlA,
  });

async function run(command: string, input: Record<string, unknown>) {
  const response = await call(urlB, 'POST', `/api/commands/${command}/run`, {
    headers: auth,
    body: { input },
  });
  expect(response.status).toBe(200);
  return response.json.result;
}

/** Reads the events API at URL B until `count` events of the subscription are there. */
async function eventsOf(subscription: string, count: number) {
  for (;;) {
    const response = await call(urlB, 'GET', `/api/events?subscription=${subscription}`, { headers: auth });
    expect(response.status).toBe(200);
    if (response.json.events.length >= count) return response.json.events as Record<string, any>[];
    await host.triggers.waitForEvents(200);
  }
}

describe('a host restarted at another public URL', () => {
  const ids = { payments: '', issues: '', docs: '' };
  let whsec: string;
  let deliverSecret: string;
  let docsCursor: string | undefined;

  it('starts with every provider delivering to URL A', async () => {
    const old = serviceAtA();
    const payments = await old.subscribe({
      trigger: 'payments.event',
      connection: 'sandbox-payments',
      input: { events: ['customer.created'] },
      deliverTo: { url: receiver.url },
    });
    const issues = await old.subscribe({
      trigger: 'issues.event',
      connection: 'sandbox-issues',
      input: { resourceTypes: ['Issue'] },
    });
    const docs = await old.subscribe({
      trigger: 'docs.fileChanged',
      connection: 'sandbox-docs',
      input: { documentId: drive().seeded!.meetingNotesId },
    });
    ids.payments = payments.subscription.id;
    ids.issues = issues.subscription.id;
    ids.docs = docs.subscription.id;
    deliverSecret = payments.deliverSecret!;
    whsec = ((await host.store.triggers.getSubscription(ids.payments))!.state as { secret: string }).secret;
    docsCursor = (await host.store.triggers.getSubscription(ids.docs))!.cursor;
    expect(
      stripe()
        .state.webhookEndpoints.list()
        .map((endpoint) => endpoint.url),
    ).toEqual([`${urlA}/hooks/${ids.payments}`]);
    expect([...linear().workspace.webhooks.values()].map((webhook) => webhook.url)).toEqual([
      `${urlA}/hooks/${ids.issues}`,
    ]);
    expect([...drive().changes.channels.values()].map((channel) => channel.address)).toEqual([
      `${urlA}/hooks/${ids.docs}`,
    ]);
    expect((await host.store.triggers.getSubscription(ids.payments))!.hookUrl).toBe(
      `${urlA}/hooks/${ids.payments}`,
    );
  });

  it('moves each provider’s side to URL B when it starts there, keeping ids, secrets and cursor', async () => {
    app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
    await app.listen({ port: portB, host: '127.0.0.1' });
    // Listening starts the trigger service, which moves them without being asked: the hook URL is
    // stored last, once the provider has the new one.
    for (;;) {
      const stored = await Promise.all(
        Object.values(ids).map((id) => host.store.triggers.getSubscription(id)),
      );
      if (stored.every((record) => record?.hookUrl === `${urlB}/hooks/${record?.id}`)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const endpoints = stripe().state.webhookEndpoints.list();
    expect(endpoints.map((endpoint) => endpoint.url)).toEqual([`${urlB}/hooks/${ids.payments}`]);
    // The same endpoint, updated in place: its secret is still the one the host holds.
    expect(endpoints[0]!.secret).toBe(whsec);
    expect([...linear().workspace.webhooks.values()].map((webhook) => webhook.url)).toEqual([
      `${urlB}/hooks/${ids.issues}`,
    ]);
    const linearState = (await host.store.triggers.getSubscription(ids.issues))!.state as {
      webhookId: string;
    };
    expect([...linear().workspace.webhooks.keys()]).toEqual([linearState.webhookId]);
    const docsState = (await host.store.triggers.getSubscription(ids.docs))!.state as { channelId: string };
    expect([...drive().changes.channels.values()].map((channel) => [channel.id, channel.address])).toEqual([
      [docsState.channelId, `${urlB}/hooks/${ids.docs}`],
    ]);

    const listed = await call(urlB, 'GET', '/api/subscriptions', { headers: auth });
    expect(
      (listed.json as Record<string, unknown>[]).map((view) => [view.id, view.hookUrl, view.status]),
    ).toEqual([
      [ids.payments, `${urlB}/hooks/${ids.payments}`, 'active'],
      [ids.issues, `${urlB}/hooks/${ids.issues}`, 'active'],
      [ids.docs, `${urlB}/hooks/${ids.docs}`, 'active'],
    ]);
    const payments = (await host.store.triggers.getSubscription(ids.payments))!;
    expect([payments.deliverSecret, payments.input]).toEqual([
      deliverSecret,
      { events: ['customer.created'] },
    ]);
    expect((await host.store.triggers.getSubscription(ids.docs))!.cursor).toBe(docsCursor);
  }, 30_000);

  it('stores what each provider now delivers to URL B, and delivers it with the same secret', async () => {
    const customer = await run('payments.createCustomer', { email: 'moved@example.com' });
    const [created] = await eventsOf(ids.payments, 1);
    expect(created).toMatchObject({
      type: 'customer.created',
      data: { data: { object: { id: customer.id } } },
    });
    await stripe().webhooks.idle();
    expect(stripe().webhooks.log.map((delivery) => [delivery.url, delivery.delivered])).toEqual([
      [`${urlB}/hooks/${ids.payments}`, true],
    ]);

    const issueId = [...linear().workspace.issues.keys()][0]!;
    await run('issues.updateIssue', { issueId, title: 'Seen after the move' });
    const [updated] = await eventsOf(ids.issues, 1);
    expect(updated).toMatchObject({ type: 'Issue.update', data: { data: { id: issueId } } });

    await run('docs.updateDocumentContent', {
      documentId: drive().seeded!.meetingNotesId,
      requests: [{ insertText: { location: { index: 1 }, text: 'Moved. ' } }],
    });
    const [changed] = await eventsOf(ids.docs, 1);
    expect(changed).toMatchObject({ type: 'file.changed', data: { fileId: drive().seeded!.meetingNotesId } });
    await drive().changes.idle();
    expect(drive().changes.notifications.at(-1)).toMatchObject({ state: 'change', status: 200 });

    // The caller's receiver gets it signed with the secret shown at subscribe, before the move.
    for (;;) {
      if (receiver.received.length > 0) break;
      await host.triggers.waitForEvents(100);
    }
    expect(receiver.received[0]!.body.id).toBe(created!.id);
    const [delivered] = receiver.received;
    expect(() =>
      verifyTimestamped({
        header: delivered!.headers['c-signature'],
        rawBody: delivered!.rawBody,
        secret: deliverSecret,
      }),
    ).not.toThrow();
  }, 30_000);

  it('records a failed move on the subscription and moves it on a later run', async () => {
    const old = serviceAtA();
    const { subscription } = await old.subscribe({
      trigger: 'payments.event',
      connection: 'sandbox-payments',
      input: { events: ['invoice.paid'] },
    });
    // Stripe refuses the key's access to webhook endpoints for one request.
    stripe().server.fault({
      type: 'status',
      status: 403,
      body: JSON.stringify({ error: { type: 'invalid_request_error', message: 'Forbidden for this key' } }),
      headers: { 'content-type': 'application/json' },
      match: (request) => request.path.startsWith('/v1/webhook_endpoints'),
    });
    await host.triggers.renewDue();
    const failed = (await host.store.triggers.getSubscription(subscription.id))!;
    expect([failed.status, failed.error?.kind, failed.hookUrl]).toEqual([
      'failed',
      'permission',
      `${urlA}/hooks/${subscription.id}`,
    ]);
    const shown = await call(urlB, 'GET', `/api/subscriptions/${subscription.id}`, { headers: auth });
    expect([shown.json.status, shown.json.hookUrl]).toEqual(['failed', `${urlA}/hooks/${subscription.id}`]);

    await host.triggers.renewDue();
    const moved = (await host.store.triggers.getSubscription(subscription.id))!;
    expect([moved.status, moved.error, moved.hookUrl]).toEqual([
      'active',
      undefined,
      `${urlB}/hooks/${subscription.id}`,
    ]);
    expect(
      stripe()
        .state.webhookEndpoints.list()
        .map((endpoint) => endpoint.url)
        .sort(),
    ).toEqual([`${urlB}/hooks/${ids.payments}`, `${urlB}/hooks/${subscription.id}`].sort());
  }, 30_000);

  it('is moved by one instance of a fleet: two at URL B leave one Linear webhook, nothing at A', async () => {
    const { subscription } = await serviceAtA().subscribe({
      trigger: 'issues.event',
      connection: 'sandbox-issues',
      input: { resourceTypes: ['Comment'] },
    });
    const other = new TriggerService({
      registry: host.registry,
      store: host.store,
      connections: host.connections,
      publicUrl: urlB,
    });
    await Promise.all([host.triggers.renewDue(), other.renewDue()]);
    const { webhookId } = (await host.store.triggers.getSubscription(subscription.id))!.state as {
      webhookId: string;
    };
    const hooks = [...linear().workspace.webhooks.values()].filter((webhook) =>
      webhook.url.endsWith(`/hooks/${subscription.id}`),
    );
    expect(hooks.map((webhook) => [webhook.id, webhook.url])).toEqual([
      [webhookId, `${urlB}/hooks/${subscription.id}`],
    ]);
  }, 30_000);

  it('moves once a subscription stored before hook URLs were, then leaves it be', async () => {
    // As an older host left it: no hook URL recorded.
    await host.store.triggers.updateSubscription(ids.payments, { hookUrl: undefined });
    const before = stripe()
      .state.webhookEndpoints.list()
      .find((endpoint) => String(endpoint.url).endsWith(ids.payments));
    await host.triggers.renewDue();
    const record = (await host.store.triggers.getSubscription(ids.payments))!;
    expect([record.hookUrl, record.status, (record.state as { secret: string }).secret]).toEqual([
      `${urlB}/hooks/${ids.payments}`,
      'active',
      whsec,
    ]);
    const after = stripe()
      .state.webhookEndpoints.list()
      .filter((endpoint) => String(endpoint.url).endsWith(ids.payments));
    expect(after.map((endpoint) => [endpoint.id, endpoint.url])).toEqual([[before!.id, before!.url]]);
    // Recorded now: the next run sends nothing.
    const updatedAt = record.updatedAt;
    await host.triggers.renewDue();
    expect((await host.store.triggers.getSubscription(ids.payments))!.updatedAt).toBe(updatedAt);
  });
});
