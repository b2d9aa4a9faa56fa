import { createHmac, randomUUID } from 'node:crypto';
import { contextOf, SignatureError } from '@c/core';
import { type ReceivedDelivery, startWebhookReceiver, type WebhookReceiver } from '@c/core/testing';
import { LinearWebhookClient } from '@linear/sdk/webhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IssuesContext } from '../issues-client.js';
import { issues } from '../issues-connector.js';
import { LINEAR_SEED, useIssuesSimulator } from '../testing/linear-test-helpers.js';
import { type IssueEventState, issueEvent, verifyLinearWebhook } from './issue-event.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;
const eng1 = () => h.sim.workspace.findIssue('ENG-1')!.id;
const SECRET = 'host-generated-secret-0123456789abcdef';

let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.close());

const ctx = () => contextOf<IssuesContext>(h.client);

async function subscribe(filters: Record<string, unknown> = {}): Promise<IssueEventState> {
  const input = issueEvent.parse(filters);
  const { state } = await issueEvent.subscribe!(ctx(), { hookUrl: receiver.url, input, secret: SECRET });
  return state as IssueEventState;
}

const request = (delivery: ReceivedDelivery) => ({ headers: delivery.headers, rawBody: delivery.rawBody });

describe('issues.event', () => {
  it('is registered on the connector as a webhook trigger with titled, described filters', () => {
    expect(issues.triggers?.event).toBe(issueEvent);
    expect(issueEvent.kinds).toEqual(['webhook']);
    const properties = issueEvent.inputSchema.properties as Record<
      string,
      { title?: string; description?: string }
    >;
    expect(Object.keys(properties).sort()).toEqual(['actions', 'changedFields', 'resourceTypes', 'teamId']);
    for (const field of Object.values(properties)) expect(field.title && field.description).toBeTruthy();
    expect(() => issueEvent.parse({ resourceTypes: ['Isue'] })).toThrow(/resourceTypes/);
  });

  it('subscribes with webhookCreate (the hook URL, the host’s secret, the team) and unsubscribes with webhookDelete', async () => {
    const state = await subscribe({ teamId: 'ENG', resourceTypes: ['Issue', 'Comment'] });
    const webhook = h.sim.workspace.webhooks.get(state.webhookId)!;
    expect(webhook).toMatchObject({
      url: receiver.url,
      secret: SECRET,
      teamId: ENG.id,
      allPublicTeams: false,
      resourceTypes: ['Issue', 'Comment'],
      label: 'c-host issues.event',
    });
    expect(state).toEqual({ webhookId: webhook.id, secret: SECRET });
    await issueEvent.unsubscribe!(ctx(), state);
    expect(h.sim.workspace.webhooks.size).toBe(0);
    // Already gone counts as done.
    await expect(issueEvent.unsubscribe!(ctx(), state)).resolves.toBeUndefined();
    expect(h.sim.server.violations).toEqual([]);
  });

  it('moves to a new hook URL given the previous state: a new webhook there, the previous one deleted', async () => {
    const previous = await subscribe({ teamId: 'ENG' });
    const moved = await startWebhookReceiver();
    try {
      const { state } = await issueEvent.subscribe!(ctx(), {
        hookUrl: moved.url,
        input: issueEvent.parse({ teamId: 'ENG' }),
        secret: 'another-host-secret-0123456789abcdef',
        previous,
      });
      expect([...h.sim.workspace.webhooks.values()].map((webhook) => [webhook.id, webhook.url])).toEqual([
        [state.webhookId, moved.url],
      ]);
      await h.client.run('updateIssue', { issueId: eng1(), title: 'Seen at the new URL' });
      await h.sim.webhooks.idle();
      expect(receiver.received).toEqual([]);
      const [delivery] = moved.received;
      const events = await issueEvent.verify!(request(delivery!), state, issueEvent.parse({}));
      expect(events.map((event) => event.type)).toEqual(['Issue.update']);
      // A previous webhook already deleted in Linear's settings is no obstacle.
      const again = await issueEvent.subscribe!(ctx(), {
        hookUrl: moved.url,
        input: issueEvent.parse({}),
        secret: SECRET,
        previous,
      });
      expect([...h.sim.workspace.webhooks.keys()]).toEqual([state.webhookId, again.state.webhookId]);
      expect(h.sim.server.violations).toEqual([]);
    } finally {
      await moved.close();
    }
  });

  it('keeps nothing new when the previous webhook cannot be deleted: the new one goes, the error is thrown', async () => {
    const previous = await subscribe();
    h.sim.failNext({ kind: 'forbidden', operationName: 'DeleteWebhook' });
    await expect(
      issueEvent.subscribe!(ctx(), {
        hookUrl: `${receiver.url}-moved`,
        input: issueEvent.parse({}),
        secret: SECRET,
        previous,
      }),
    ).rejects.toMatchObject({ kind: 'permission' });
    // As before the attempt: the caller still holds the state of the only webhook there is.
    expect([...h.sim.workspace.webhooks.values()].map((webhook) => [webhook.id, webhook.url])).toEqual([
      [previous.webhookId, receiver.url],
    ]);
  });

  it('subscribes to all public teams when no team is given', async () => {
    const state = await subscribe();
    expect(h.sim.workspace.webhooks.get(state.webhookId)).toMatchObject({
      allPublicTeams: true,
      teamId: null,
      resourceTypes: ['Issue'],
    });
  });

  it('verifies the simulator’s delivery of an issue update into the typed event, id from Linear-Delivery', async () => {
    const state = await subscribe();
    const input = issueEvent.parse({});
    await h.client.run('updateIssue', { issueId: eng1(), title: 'Renamed by the test' });
    await h.sim.webhooks.idle();
    const [delivery] = receiver.received;
    const events = await issueEvent.verify!(request(delivery!), state, input);
    expect(events).toEqual([
      {
        id: delivery!.headers['linear-delivery'],
        type: 'Issue.update',
        occurredAt: delivery!.body.createdAt,
        data: delivery!.body,
        replay: {
          key: delivery!.headers['linear-signature'],
          until: new Date(delivery!.body.webhookTimestamp + 60_000).toISOString(),
        },
      },
    ]);
    expect(events[0]!.data).toMatchObject({ data: { identifier: 'ENG-1', title: 'Renamed by the test' } });
    expect(events[0]!.data.updatedFrom).toHaveProperty('title');
    expect(issueEvent.output.safeParse(events[0]!.data).success).toBe(true);
    // The SDK's own verifier accepts what ours accepts.
    expect(
      new LinearWebhookClient(SECRET).parseData(
        Buffer.from(delivery!.rawBody),
        delivery!.headers['linear-signature']!,
        delivery!.body.webhookTimestamp,
      ),
    ).toEqual(delivery!.body);
  });

  it('delivers initiatives (workspace-wide) to a webhook of all public teams, not to a team’s', async () => {
    const state = await subscribe({ resourceTypes: ['Initiative'] });
    const team = await startWebhookReceiver();
    try {
      await issueEvent.subscribe!(ctx(), {
        hookUrl: team.url,
        input: issueEvent.parse({ teamId: 'ENG', resourceTypes: ['Initiative'] }),
        secret: SECRET,
      });
      const made = await h.client.run('createInitiative', { name: 'Heard by webhooks' });
      await h.client.run('updateInitiative', { initiativeId: made.id, status: 'Active' });
      await h.sim.webhooks.idle();
      expect(team.received).toEqual([]);
    } finally {
      await team.close();
    }
    const events = (
      await Promise.all(
        receiver.received.map((delivery) =>
          issueEvent.verify!(request(delivery), state, issueEvent.parse({ resourceTypes: ['Initiative'] })),
        ),
      )
    ).flat();
    expect(events.map((event) => event.type)).toEqual(['Initiative.create', 'Initiative.update']);
    expect(events[0]!.data).toMatchObject({ type: 'Initiative', data: { name: 'Heard by webhooks' } });
    expect(events[1]!.data.updatedFrom).toMatchObject({ status: 'Planned', startedAt: null });
  });

  it('refuses a tampered body, a forged or missing signature, and a stale timestamp with SignatureError', async () => {
    const state = await subscribe();
    await h.client.run('updateIssue', { issueId: eng1(), priority: 1 });
    await h.sim.webhooks.idle();
    const delivery = receiver.received[0]!;
    const refusal = (req: { headers: Record<string, string>; rawBody: string }, options = {}) => {
      try {
        verifyLinearWebhook(req, state.secret, options);
      } catch (error) {
        expect(SignatureError.isInstance(error)).toBe(true);
        return (error as SignatureError).reason;
      }
      return 'accepted';
    };
    expect(refusal(request(delivery))).toBe('accepted');
    const tampered = delivery.rawBody.replace('"priority":1', '"priority":4');
    expect(tampered).not.toBe(delivery.rawBody);
    expect(refusal({ headers: delivery.headers, rawBody: tampered })).toBe('mismatch');
    const forged = createHmac('sha256', 'not the secret').update(delivery.rawBody).digest('hex');
    expect(
      refusal({ headers: { ...delivery.headers, 'linear-signature': forged }, rawBody: delivery.rawBody }),
    ).toBe('mismatch');
    const { 'linear-signature': _, ...unsigned } = delivery.headers;
    expect(refusal({ headers: unsigned, rawBody: delivery.rawBody })).toBe('missing');
    // A replay two minutes later, correctly signed, is still refused.
    expect(refusal(request(delivery), { now: delivery.body.webhookTimestamp + 120_000 })).toBe('stale');
    const old = { ...delivery.body, webhookTimestamp: Date.now() - 61_000 };
    const oldBody = JSON.stringify(old);
    const resigned = createHmac('sha256', SECRET).update(oldBody).digest('hex');
    expect(
      refusal({ headers: { ...delivery.headers, 'linear-signature': resigned }, rawBody: oldBody }),
    ).toBe('stale');
  });

  it('names the signed delivery with a replay key that another Linear-Delivery header does not change', async () => {
    const state = await subscribe();
    await h.client.run('updateIssue', { issueId: eng1(), title: 'One' });
    await h.client.run('updateIssue', { issueId: eng1(), title: 'Two' });
    await h.sim.webhooks.idle();
    const [first, second] = receiver.received;
    const genuine = verifyLinearWebhook(request(first!), state.secret);
    // The captured delivery resent at once under a made-up delivery id: a new id (the header is
    // unsigned, and the spec takes the id from it), but the same replay key, so a receiver stores it once.
    const resent = verifyLinearWebhook(
      { headers: { ...first!.headers, 'linear-delivery': randomUUID() }, rawBody: first!.rawBody },
      state.secret,
    );
    expect(resent.id).not.toBe(genuine.id);
    expect(resent.replay).toEqual(genuine.replay);
    // The key is the body's HMAC (it reveals nothing of the body), whatever case the header was sent in.
    const upper = verifyLinearWebhook(
      {
        headers: { ...first!.headers, 'linear-signature': first!.headers['linear-signature']!.toUpperCase() },
        rawBody: first!.rawBody,
      },
      state.secret,
    );
    expect(upper.replay?.key).toBe(createHmac('sha256', SECRET).update(first!.rawBody).digest('hex'));
    // Kept as long as a copy could pass: the signed timestamp plus the tolerance, the option's too.
    expect(genuine.replay?.until).toBe(new Date(first!.body.webhookTimestamp + 60_000).toISOString());
    const wider = verifyLinearWebhook(request(first!), state.secret, { toleranceMs: 300_000 });
    expect(wider.replay?.until).toBe(new Date(first!.body.webhookTimestamp + 300_000).toISOString());
    // Another delivery, another key.
    expect(verifyLinearWebhook(request(second!), state.secret).replay?.key).not.toBe(genuine.replay?.key);
  });

  it('without Linear-Delivery, the id is the webhook, action, entity and updatedAt (two updates, two ids)', async () => {
    const state = await subscribe();
    await h.client.run('updateIssue', { issueId: eng1(), title: 'One' });
    await h.client.run('updateIssue', { issueId: eng1(), title: 'Two' });
    await h.sim.webhooks.idle();
    const ids = receiver.received.map((delivery) => {
      const { 'linear-delivery': _, ...headers } = delivery.headers;
      return verifyLinearWebhook({ headers, rawBody: delivery.rawBody }, state.secret).id;
    });
    const issue = h.sim.workspace.findIssue('ENG-1')!;
    expect(ids[1]).toBe(`${state.webhookId}:update:${issue.id}:${issue.updatedAt}`);
    expect(new Set(ids).size).toBe(2);
  });

  it('filters by action and by changed fields: a sortOrder change alone is not an event', async () => {
    const state = await subscribe({ resourceTypes: ['Issue', 'Comment'] });
    await h.client.run('createIssue', { teamId: ENG.id, title: 'Filter me' });
    const issue = [...h.sim.workspace.issues.values()].find((i) => i.title === 'Filter me')!;
    await h.client.run('customGraphqlAction', {
      query: 'mutation M($id: String!) { issueUpdate(id: $id, input: { sortOrder: -5 }) { success } }',
      variables: { id: issue.id },
    });
    await h.client.run('updateIssue', {
      issueId: issue.id,
      additionalFields: { assigneeId: LINEAR_SEED.users.grace },
    });
    await h.sim.webhooks.idle();
    const verified = (filters: Record<string, unknown>) =>
      receiver.received.flatMap(
        (delivery) => issueEvent.verify!(request(delivery), state, issueEvent.parse(filters)) as unknown[],
      ) as { type: string; data: { updatedFrom?: Record<string, unknown> } }[];
    expect(verified({}).map((event) => event.type)).toEqual(['Issue.create', 'Issue.update', 'Issue.update']);
    expect(verified({ actions: ['create'] }).map((event) => event.type)).toEqual(['Issue.create']);
    const assigned = verified({ actions: ['update'], changedFields: ['assigneeId', 'stateId'] });
    expect(assigned).toHaveLength(1);
    expect(assigned[0]!.data.updatedFrom).toHaveProperty('assigneeId', null);
    expect(verified({ resourceTypes: ['Comment'] })).toEqual([]);
  });
});
