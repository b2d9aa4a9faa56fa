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

const CREATE = `mutation Create($input: IssueLabelCreateInput!) {
  issueLabelCreate(input: $input) {
    success
    lastSyncId
    issueLabel { id name color description isGroup team { key } parent { name } creator { name } }
  }
}`;
const { eng, des } = LINEAR_SEED.teams;

describe('issue labels in the simulator', () => {
  it('creates a team label with a palette colour when none is given', async () => {
    const before = h.sim.workspace.lastSyncId;
    const { data } = await graphql(CREATE, { input: { name: 'Regression', teamId: eng.id } });
    expect(data.issueLabelCreate).toMatchObject({
      success: true,
      lastSyncId: before + 1,
      issueLabel: {
        name: 'Regression',
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
        description: null,
        isGroup: false,
        team: { key: 'ENG' },
        parent: null,
        creator: { name: 'Ada Lovelace' },
      },
    });
    expect(h.sim.workspace.labels.get(data.issueLabelCreate.issueLabel.id)?.teamId).toBe(eng.id);
  });

  it('refuses a name another label an issue could carry already has, ignoring case, and creates nothing', async () => {
    const size = h.sim.workspace.labels.size;
    for (const input of [{ name: 'bug', teamId: eng.id }, { name: 'BUG' }]) {
      const { data, errors } = await graphql(CREATE, { input });
      expect(data).toBeNull();
      expect(errors?.[0]?.extensions).toMatchObject({ code: 'INPUT_ERROR', type: 'invalid input' });
    }
    await graphql(CREATE, { input: { name: 'Spike', teamId: eng.id } });
    // Another team may have its own label of that name.
    expect((await graphql(CREATE, { input: { name: 'spike', teamId: des.id } })).errors).toBeUndefined();
    expect(h.sim.workspace.labels.size).toBe(size + 2);
  });

  it('refuses a colour that is not hex, and an unknown team', async () => {
    const color = await graphql(CREATE, { input: { name: 'Red', color: 'red' } });
    expect(color.errors?.[0]?.extensions.userPresentableMessage).toMatch(/hex color/);
    const team = await graphql(CREATE, { input: { name: 'Red', teamId: LINEAR_SEED.projects.billing } });
    expect(team.errors?.[0]?.message).toBe('Entity not found: Team');
  });

  it('puts labels in a group, and applies the labels of a group but never the group itself', async () => {
    const group = (await graphql(CREATE, { input: { name: 'Platform', teamId: eng.id, isGroup: true } })).data
      .issueLabelCreate.issueLabel;
    const child = (await graphql(CREATE, { input: { name: 'iOS', teamId: eng.id, parentId: group.id } })).data
      .issueLabelCreate.issueLabel;
    expect(child.parent).toEqual({ name: 'Platform' });
    const outside = await graphql(CREATE, { input: { name: 'Web', teamId: des.id, parentId: group.id } });
    expect(outside.errors?.[0]?.extensions.code).toBe('INPUT_ERROR');

    const update = `mutation Label($id: String!, $labelIds: [String!]) {
      issueUpdate(id: $id, input: { labelIds: $labelIds }) { success issue { labels { nodes { name } } } }
    }`;
    const refused = await graphql(update, { id: 'ENG-1', labelIds: [group.id] });
    expect(refused.errors?.[0]?.extensions.code).toBe('INPUT_ERROR');
    const applied = await graphql(update, { id: 'ENG-1', labelIds: [child.id] });
    expect(applied.data.issueUpdate.issue.labels.nodes).toEqual([{ name: 'iOS' }]);
  });

  it('renames a label and deletes one, taking it off the issues that carried it', async () => {
    const renamed = await graphql(
      `mutation Rename($id: String!) { issueLabelUpdate(id: $id, input: { name: "Defect" }) { issueLabel { name } } }`,
      { id: LINEAR_SEED.labels.bug },
    );
    expect(renamed.data.issueLabelUpdate.issueLabel.name).toBe('Defect');
    const carriers = () =>
      [...h.sim.workspace.issues.values()].filter((issue) => issue.labelIds.includes(LINEAR_SEED.labels.bug));
    expect(
      carriers()
        .map((issue) => issue.identifier)
        .sort(),
    ).toEqual(['ENG-2', 'ENG-6']);
    const deleted = await graphql(
      `mutation Delete($id: String!) { issueLabelDelete(id: $id) { success entityId } }`,
      { id: LINEAR_SEED.labels.bug },
    );
    expect(deleted.data.issueLabelDelete).toEqual({ success: true, entityId: LINEAR_SEED.labels.bug });
    expect(carriers()).toEqual([]);
    expect(h.sim.workspace.labels.has(LINEAR_SEED.labels.bug)).toBe(false);
  });

  it('keeps a read-only OAuth token from creating labels', async () => {
    const grant = h.sim.state.oauth.issueGrant({
      clientId: h.sim.oauth.clientId,
      userId: h.sim.viewerId,
      scopes: ['read'],
    });
    const { errors } = await graphql(CREATE, { input: { name: 'Nope' } }, `Bearer ${grant.accessToken}`);
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect([...h.sim.workspace.labels.values()].some((label) => label.name === 'Nope')).toBe(false);
  });
});
