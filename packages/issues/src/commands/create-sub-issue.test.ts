import { NetworkError, NotFoundError, ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  LINEAR_SEED,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { CREATE_SUB_ISSUE_MUTATION, createSubIssue, PARENT_TEAM_QUERY } from './create-sub-issue.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;
const ENG_3 = seedUuid('issue:eng:2');

describe('createSubIssue', () => {
  it('sends named, typed documents that validate against Linear’s schema', () => {
    expect(PARENT_TEAM_QUERY).toMatchObject({ name: 'GetParentIssueTeam', kind: 'query' });
    expect(CREATE_SUB_ISSUE_MUTATION).toMatchObject({ name: 'CreateSubIssue', kind: 'mutation' });
    expectValidOperation(PARENT_TEAM_QUERY, {}, 10);
    expectValidOperation(CREATE_SUB_ISSUE_MUTATION, {}, 50);
  });

  it('reads the parent’s team, then creates the sub-issue with parentId in that team', async () => {
    const issue = await h.client.run('createSubIssue', {
      parentId: ENG_3,
      teamId: ENG.id,
      title: 'Show an offline banner',
      description: 'Tell people they are offline.',
      additionalFields: { assigneeId: LINEAR_SEED.users.alan, priority: 2 },
    });
    expectOutput(createSubIssue, issue);
    const sent = sentGraphql(h.sim);
    expect(sent.map((call) => call.operationName)).toEqual(['GetParentIssueTeam', 'CreateSubIssue']);
    expect(sent[0]?.variables).toEqual({ id: ENG_3 });
    expect(sent[1]?.query).toBe(CREATE_SUB_ISSUE_MUTATION.document);
    expect(sent[1]?.variables).toEqual({
      input: {
        // Chosen from the run's idempotency key (see issues-client-id.test.ts).
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        assigneeId: LINEAR_SEED.users.alan,
        priority: 2,
        parentId: ENG_3,
        teamId: ENG.id,
        title: 'Show an offline banner',
        description: 'Tell people they are offline.',
      },
    });
    expect(issue).toMatchObject({
      identifier: 'ENG-8',
      parent: { id: ENG_3, identifier: 'ENG-3' },
      team: { key: 'ENG' },
      assignee: { id: LINEAR_SEED.users.alan },
      priority: 2,
    });
  });

  it('refuses a team other than the parent’s as a ValidationError, and creates nothing', async () => {
    const error = await failure(
      h.client.run('createSubIssue', {
        parentId: ENG_3,
        teamId: LINEAR_SEED.teams.des.id,
        title: 'Wrong team',
      }),
    );
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('teamId');
    expect(error.message).toBe(
      `Invalid parameter "teamId": must be the team of the parent ENG-3, ENG (${ENG.id})`,
    );
    expect(sentGraphql(h.sim).map((call) => call.operationName)).toEqual(['GetParentIssueTeam']);
    expect(h.sim.workspace.issues.size).toBe(12);
  });

  it('reports a missing parent as a NotFoundError, and creates nothing', async () => {
    const missing = seedUuid('no parent');
    const error = await failure(
      h.client.run('createSubIssue', { parentId: missing, teamId: ENG.id, title: 'Orphan' }),
    );
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(`Linear has no parent issue ${missing}`);
    expect(h.sim.workspace.issues.size).toBe(12);
  });

  it.each([
    [{ parentId: 'ENG-3', teamId: ENG.id, title: 'x' }, 'parentId'],
    [{ parentId: ENG_3, title: 'x' }, 'teamId'],
    [
      { parentId: ENG_3, teamId: ENG.id, title: 'x', additionalFields: { parentId: ENG_3 } },
      'additionalFields.parentId',
    ],
    [
      { parentId: ENG_3, teamId: ENG.id, title: 'x', additionalFields: { teamId: ENG.id } },
      'additionalFields.teamId',
    ],
    [
      { parentId: ENG_3, teamId: ENG.id, title: 'x', additionalFields: { lead: 'me' } },
      'additionalFields.lead',
    ],
  ])('refuses %j before sending anything (%s)', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('createSubIssue', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it('leaves exactly one sub-issue when the create’s response is lost', async () => {
    h.sim.server.fault({
      type: 'reset-after-handler',
      match: (call) => (call.bodyJson as { operationName?: string }).operationName === 'CreateSubIssue',
    });
    const error = await failure(
      h.client.run('createSubIssue', { parentId: ENG_3, teamId: ENG.id, title: 'Once' }),
    );
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error.outcomeUnknown).toBe(true);
    expect([...h.sim.workspace.issues.values()].filter((issue) => issue.title === 'Once')).toHaveLength(1);
  });
});
