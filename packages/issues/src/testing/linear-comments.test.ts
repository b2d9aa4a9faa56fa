import { describe, expect, it } from 'vitest';
import { LINEAR_SEED, useIssuesSimulator } from './linear-test-helpers.js';

const h = useIssuesSimulator();

async function graphql(query: string, variables: Record<string, unknown> = {}, authorization = h.sim.apiKey) {
  const response = await fetch(h.sim.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { data: any; errors?: { message: string; extensions: any }[] };
}

const CREATE = `mutation Comment($input: CommentCreateInput!) {
  commentCreate(input: $input) {
    success
    comment { id body url editedAt user { name } issue { identifier } parent { id } }
  }
}`;
const UPDATE = `mutation Edit($id: String!, $body: String!) {
  commentUpdate(id: $id, input: { body: $body }) { comment { body editedAt } }
}`;

async function comment(input: Record<string, unknown>, authorization?: string) {
  const { data, errors } = await graphql(CREATE, { input }, authorization);
  if (errors) throw new Error(errors[0]!.message);
  return data.commentCreate.comment;
}

describe('comments in the simulator', () => {
  it('comments on an issue by identifier, links the comment, and subscribes its author', async () => {
    const issue = h.sim.workspace.findIssue('OPS-1')!;
    expect(issue.subscriberIds).not.toContain(LINEAR_SEED.users.grace);
    const graceKey = h.sim.workspace.addApiKey(LINEAR_SEED.users.grace);
    const made = await comment({ issueId: 'OPS-1', body: 'Rotated on **staging**.' }, graceKey);
    expect(made).toMatchObject({
      body: 'Rotated on **staging**.',
      editedAt: null,
      user: { name: 'Grace Hopper' },
      issue: { identifier: 'OPS-1' },
      parent: null,
      url: `https://linear.app/acme/issue/OPS-1/rotate-the-database-credentials#comment-${made.id.slice(0, 8)}`,
    });
    expect(issue.subscriberIds).toContain(LINEAR_SEED.users.grace);
    const katherineKey = h.sim.workspace.addApiKey(LINEAR_SEED.users.katherine);
    const quiet = await comment(
      { issueId: issue.id, body: 'FYI', doNotSubscribeToIssue: true },
      katherineKey,
    );
    expect(quiet.user.name).toBe('Katherine Johnson');
    expect(issue.subscriberIds).not.toContain(LINEAR_SEED.users.katherine);

    const { data } = await graphql(
      'query Thread($id: String!) { issue(id: $id) { comments { nodes { body } } } }',
      { id: 'OPS-1' },
    );
    expect(data.issue.comments.nodes.map((node: { body: string }) => node.body).sort()).toEqual([
      'FYI',
      'Rotated on **staging**.',
    ]);
  });

  it('refuses what Linear refuses: an unknown issue, an empty body, a reply across issues', async () => {
    const missing = await graphql(CREATE, { input: { issueId: 'ENG-999', body: 'hi' } });
    expect(missing.errors?.[0]).toMatchObject({
      message: 'Entity not found: Issue',
      extensions: { code: 'INPUT_ERROR' },
    });
    const empty = await graphql(CREATE, { input: { issueId: 'ENG-1', body: '  ' } });
    expect(empty.errors?.[0]?.extensions.code).toBe('INPUT_ERROR');
    const first = await comment({ issueId: 'ENG-1', body: 'On ENG-1' });
    const across = await graphql(CREATE, { input: { issueId: 'ENG-2', body: 'reply', parentId: first.id } });
    expect(across.errors?.[0]?.extensions.code).toBe('INPUT_ERROR');
    expect(h.sim.workspace.comments.size).toBe(1);
  });

  it('lets only the author edit a comment, stamping editedAt', async () => {
    const made = await comment({ issueId: 'ENG-1', body: 'Frist' });
    const edited = await graphql(UPDATE, { id: made.id, body: 'First' });
    expect(edited.data.commentUpdate.comment).toEqual({ body: 'First', editedAt: expect.any(String) });
    const alanKey = h.sim.workspace.addApiKey(LINEAR_SEED.users.alan);
    const refused = await graphql(UPDATE, { id: made.id, body: 'Hijacked' }, alanKey);
    expect(refused.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(h.sim.workspace.comments.get(made.id)?.body).toBe('First');
  });

  it('deletes a comment with its replies, and lists comments by filter', async () => {
    const root = await comment({ issueId: 'ENG-2', body: 'Root' });
    await comment({ issueId: 'ENG-2', body: 'Reply', parentId: root.id });
    await comment({ issueId: 'ENG-3', body: 'Elsewhere' });
    const onEng2 = await graphql(
      'query Comments($id: ID!) { comments(filter: { issue: { id: { eq: $id } } }) { nodes { body parent { id } } } }',
      { id: h.sim.workspace.findIssue('ENG-2')!.id },
    );
    expect(onEng2.data.comments.nodes).toEqual(
      expect.arrayContaining([
        { body: 'Root', parent: null },
        { body: 'Reply', parent: { id: root.id } },
      ]),
    );
    expect(onEng2.data.comments.nodes).toHaveLength(2);
    const deleted = await graphql(
      'mutation Delete($id: String!) { commentDelete(id: $id) { success entityId } }',
      {
        id: root.id,
      },
    );
    expect(deleted.data.commentDelete).toEqual({ success: true, entityId: root.id });
    expect([...h.sim.workspace.comments.values()].map((item) => item.body)).toEqual(['Elsewhere']);
  });

  it('lets a comments:create token comment but not change the issue', async () => {
    const grant = h.sim.state.oauth.issueGrant({
      clientId: h.sim.oauth.clientId,
      userId: h.sim.viewerId,
      scopes: ['read', 'comments:create'],
    });
    const bearer = `Bearer ${grant.accessToken}`;
    expect((await comment({ issueId: 'ENG-1', body: 'Allowed' }, bearer)).body).toBe('Allowed');
    const update = await graphql(
      'mutation Rename { issueUpdate(id: "ENG-1", input: { title: "Renamed" }) { success } }',
      {},
      bearer,
    );
    expect(update.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  });
});
