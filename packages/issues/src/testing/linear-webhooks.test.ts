import { createHmac } from 'node:crypto';
import { startWebhookReceiver, type WebhookReceiver } from '@c/core/testing';
import { LinearWebhookClient } from '@linear/sdk/webhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINEAR_SEED, useIssuesSimulator } from './linear-test-helpers.js';

const h = useIssuesSimulator({ start: { webhookRetryDelaysMs: [0] } });
const SECRET = 'lin_wh_test_secret_0123456789abcdef';
const ENG = LINEAR_SEED.teams.eng;

let receiver: WebhookReceiver;
let refuse = 0;
beforeEach(async () => {
  refuse = 0;
  receiver = await startWebhookReceiver({ status: () => (refuse-- > 0 ? 500 : 200) });
});
afterEach(() => receiver.close());

async function graphql(query: string, variables: Record<string, unknown> = {}, authorization = h.sim.apiKey) {
  const response = await fetch(h.sim.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { data: any; errors?: { message: string; extensions: any }[] };
}

const CREATE_WEBHOOK = `mutation Hook($input: WebhookCreateInput!) {
  webhookCreate(input: $input) {
    success
    webhook { id url label resourceTypes allPublicTeams enabled secret team { key } }
  }
}`;

async function webhook(input: Record<string, unknown>): Promise<{ id: string }> {
  const { data, errors } = await graphql(CREATE_WEBHOOK, {
    input: { url: receiver.url, secret: SECRET, label: 'test', ...input },
  });
  expect(errors).toBeUndefined();
  return data.webhookCreate.webhook;
}

async function createIssue(teamId: string, title: string): Promise<{ id: string; identifier: string }> {
  const { data, errors } = await graphql(
    'mutation($input: IssueCreateInput!) { issueCreate(input: $input) { issue { id identifier } } }',
    { input: { teamId, title } },
  );
  expect(errors).toBeUndefined();
  return data.issueCreate.issue;
}

describe('webhooks in the Linear simulator', () => {
  it('creates a webhook as an admin and lists it; webhookDelete removes it', async () => {
    const made = await webhook({ teamId: 'ENG', resourceTypes: ['Issue', 'Comment'] });
    expect(made).toMatchObject({
      url: receiver.url,
      label: 'test',
      resourceTypes: ['Issue', 'Comment'],
      allPublicTeams: false,
      enabled: true,
      team: { key: 'ENG' },
    });
    const list = await graphql('{ webhooks { nodes { id url resourceTypes } } }');
    expect(list.data.webhooks.nodes).toEqual([
      { id: made.id, url: receiver.url, resourceTypes: ['Issue', 'Comment'] },
    ]);
    const deleted = await graphql('mutation($id: String!) { webhookDelete(id: $id) { success entityId } }', {
      id: made.id,
    });
    expect(deleted.data.webhookDelete).toEqual({ success: true, entityId: made.id });
    await createIssue(ENG.id, 'Nobody listens');
    await h.sim.webhooks.idle();
    expect(receiver.received).toEqual([]);
    expect(h.sim.server.violations).toEqual([]);
  });

  it('refuses webhooks to a non-admin and bad input, creating nothing', async () => {
    const graceKey = h.sim.workspace.addApiKey(LINEAR_SEED.users.grace);
    const input = { url: receiver.url, resourceTypes: ['Issue'], allPublicTeams: true };
    const refused = await graphql(CREATE_WEBHOOK, { input }, graceKey);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ type: 'forbidden', code: 'FORBIDDEN' });
    const noTeam = await graphql(CREATE_WEBHOOK, { input: { url: receiver.url, resourceTypes: ['Issue'] } });
    expect(noTeam.errors?.[0]?.message).toBe('teamId or allPublicTeams must be set');
    const badType = await graphql(CREATE_WEBHOOK, { input: { ...input, resourceTypes: ['Isue'] } });
    expect(badType.errors?.[0]?.message).toBe('Invalid resource type: Isue');
    expect(h.sim.workspace.webhooks.size).toBe(0);
  });

  it('POSTs a signed create delivery that @linear/sdk’s LinearWebhookClient accepts', async () => {
    const hook = await webhook({ teamId: ENG.id, resourceTypes: ['Issue'] });
    const issue = await createIssue(ENG.id, 'Webhook me');
    await h.sim.webhooks.idle();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'linear-event': 'Issue',
      'linear-signature': createHmac('sha256', SECRET).update(delivery!.rawBody).digest('hex'),
    });
    expect(delivery!.headers['linear-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(delivery!.body).toMatchObject({
      action: 'create',
      type: 'Issue',
      data: {
        id: issue.id,
        identifier: issue.identifier,
        title: 'Webhook me',
        teamId: ENG.id,
        team: { key: 'ENG' },
      },
      url: expect.stringContaining(`/issue/${issue.identifier}/webhook-me`),
      webhookId: hook.id,
      organizationId: h.sim.workspace.organization.id,
      actor: { id: LINEAR_SEED.users.ada, type: 'user' },
    });
    expect(delivery!.body.updatedFrom).toBeUndefined();
    expect(Math.abs(Date.now() - delivery!.body.webhookTimestamp)).toBeLessThan(60_000);
    const client = new LinearWebhookClient(SECRET);
    const parsed = client.parseData(
      Buffer.from(delivery!.rawBody),
      delivery!.headers['linear-signature']!,
      delivery!.body.webhookTimestamp,
    );
    expect(parsed).toMatchObject({ type: 'Issue', action: 'create' });
    expect(() =>
      new LinearWebhookClient('another secret').parseData(
        Buffer.from(delivery!.rawBody),
        delivery!.headers['linear-signature']!,
      ),
    ).toThrow();
  });

  it('reports an update with the previous values of the changed fields only, and a deletion as remove', async () => {
    await webhook({ teamId: ENG.id, resourceTypes: ['Issue'] });
    const issue = await createIssue(ENG.id, 'Before');
    const before = h.sim.workspace.issues.get(issue.id)!;
    const updatedAt = before.updatedAt;
    await graphql(
      'mutation($id: String!) { issueUpdate(id: $id, input: { title: "After", priority: 2 }) { success } }',
      {
        id: issue.id,
      },
    );
    await graphql('mutation($id: String!) { issueDelete(id: $id) { success } }', { id: issue.id });
    await h.sim.webhooks.idle();
    const [, update, remove] = receiver.received.map((delivery) => delivery.body);
    expect(update).toMatchObject({ action: 'update', data: { id: issue.id, title: 'After', priority: 2 } });
    expect(Object.keys(update.updatedFrom).sort()).toEqual(['priority', 'title', 'updatedAt']);
    expect(update.updatedFrom).toMatchObject({ title: 'Before', priority: 0, updatedAt });
    expect(remove).toMatchObject({ action: 'remove', type: 'Issue', data: { id: issue.id, trashed: true } });
  });

  it('delivers only what a webhook listens to: its resource types and its team', async () => {
    await webhook({ teamId: ENG.id, resourceTypes: ['Comment'] });
    const other = await createIssue(LINEAR_SEED.teams.ops.id, 'Elsewhere');
    const eng = await createIssue(ENG.id, 'Here');
    await graphql('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', {
      input: { issueId: other.id, body: 'not for ENG' },
    });
    await graphql('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', {
      input: { issueId: eng.id, body: 'for ENG' },
    });
    await h.sim.webhooks.idle();
    expect(receiver.received.map((delivery) => [delivery.body.type, delivery.body.data.body])).toEqual([
      ['Comment', 'for ENG'],
    ]);
    expect(receiver.received[0]!.headers['linear-event']).toBe('Comment');
  });

  it('delivers reactions and resolved comment threads', async () => {
    await webhook({ teamId: ENG.id, resourceTypes: ['Reaction', 'Comment'] });
    const eng = await createIssue(ENG.id, 'Reacted to');
    const { data } = await graphql(
      'mutation($input: CommentCreateInput!) { commentCreate(input: $input) { comment { id } } }',
      { input: { issueId: eng.id, body: 'Thread' } },
    );
    const commentId = data.commentCreate.comment.id;
    await graphql('mutation($input: ReactionCreateInput!) { reactionCreate(input: $input) { success } }', {
      input: { issueId: eng.id, emoji: '+1' },
    });
    await graphql('mutation($id: String!) { commentResolve(id: $id) { success } }', { id: commentId });
    await h.sim.webhooks.idle();
    const seen = receiver.received.map((delivery) => [delivery.body.type, delivery.body.action]);
    expect(seen).toEqual([
      ['Comment', 'create'],
      ['Reaction', 'create'],
      ['Comment', 'update'],
    ]);
    expect(receiver.received[1]!.body.data).toMatchObject({ emoji: '+1', issueId: eng.id });
    expect(receiver.received[2]!.body.updatedFrom).toMatchObject({ resolvedAt: null });
  });

  it('delivers attachments: a create, the same URL again as an update, and the removal', async () => {
    await webhook({ teamId: ENG.id, resourceTypes: ['Attachment'] });
    const eng = await createIssue(ENG.id, 'Linked');
    const create = `mutation($input: AttachmentCreateInput!) { attachmentCreate(input: $input) { attachment { id } } }`;
    const input = { issueId: eng.id, url: 'https://github.com/acme/app/pull/7', title: 'PR #7' };
    const { data } = await graphql(create, { input });
    await graphql(create, { input: { ...input, title: 'PR #7 merged' } });
    await graphql('mutation($id: String!) { attachmentDelete(id: $id) { success } }', {
      id: data.attachmentCreate.attachment.id,
    });
    await h.sim.webhooks.idle();
    const seen = receiver.received.map((delivery) => [delivery.body.type, delivery.body.action]);
    expect(seen).toEqual([
      ['Attachment', 'create'],
      ['Attachment', 'update'],
      ['Attachment', 'remove'],
    ]);
    expect(receiver.received[0]!.body.data).toMatchObject({
      url: input.url,
      issue: { id: eng.id, identifier: eng.identifier },
    });
    expect(receiver.received[1]!.body.updatedFrom).toMatchObject({ title: 'PR #7' });
  });

  it('retries a refused delivery under the same Linear-Delivery id, signed anew', async () => {
    refuse = 1;
    await webhook({ allPublicTeams: true, resourceTypes: ['Issue'] });
    await createIssue(ENG.id, 'Retry me');
    await vi.waitFor(() => expect(receiver.received).toHaveLength(2));
    await h.sim.webhooks.idle();
    const [first, second] = receiver.received;
    expect(second!.headers['linear-delivery']).toBe(first!.headers['linear-delivery']);
    expect(second!.headers['linear-signature']).toBe(
      createHmac('sha256', SECRET).update(second!.rawBody).digest('hex'),
    );
    expect(h.sim.webhooks.attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [0, 500],
      [1, 200],
    ]);
  });

  it('answers the mutation without waiting for a slow receiver', async () => {
    const { createServer } = await import('node:http');
    const stalled: { end(): void }[] = [];
    const slow = createServer((_req, res) => stalled.push(res));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(slow.address() as { port: number }).port}/`;
    await webhook({ url, allPublicTeams: true, resourceTypes: ['Issue'] });
    const issue = await createIssue(ENG.id, 'Fast answer');
    expect(issue.identifier).toMatch(/^ENG-\d+$/);
    await vi.waitFor(() => expect(stalled).toHaveLength(1));
    for (const res of stalled) res.end();
    await h.sim.webhooks.idle();
    slow.close();
  });
});
