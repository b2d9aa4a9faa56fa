import { NetworkError, ValidationError } from '@c/core';
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
import { UPDATE_ISSUE_MUTATION, updateIssue } from './update-issue.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;
/** ENG-2, "Crash when opening a notification on Android": In Progress, urgent, due in 3 days, in the current cycle. */
const ENG_2 = seedUuid('issue:eng:1');

describe('updateIssue', () => {
  it('sends a named, typed issueUpdate that validates against Linear’s schema', () => {
    expect(UPDATE_ISSUE_MUTATION).toMatchObject({ name: 'UpdateIssue', kind: 'mutation' });
    expectValidOperation(UPDATE_ISSUE_MUTATION, {}, 50);
  });

  it('sends only the fields given and leaves the others as they were', async () => {
    const before = { ...h.sim.workspace.issues.get(ENG_2)! };
    const issue = await h.client.run('updateIssue', {
      issueId: ENG_2,
      title: 'Crash on notification tap',
      statusId: ENG.states.done,
    });
    expectOutput(updateIssue, issue);
    const [sent] = sentGraphql(h.sim);
    expect(sent?.operationName).toBe('UpdateIssue');
    expect(sent?.query).toBe(UPDATE_ISSUE_MUTATION.document);
    expect(sent?.variables).toEqual({
      id: ENG_2,
      input: { title: 'Crash on notification tap', stateId: ENG.states.done },
    });
    expect(issue).toMatchObject({
      id: ENG_2,
      identifier: 'ENG-2',
      title: 'Crash on notification tap',
      priority: before.priority,
      dueDate: before.dueDate,
      description: before.description,
      state: { name: 'Done', type: 'completed' },
      cycle: { id: LINEAR_SEED.cycles.engCurrent },
    });
    expect(issue.completedAt).not.toBeNull();
    expect(Date.parse(issue.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
  });

  it('clears the due date, the cycle and the description with null', async () => {
    const issue = await h.client.run('updateIssue', {
      issueId: ENG_2,
      dueDate: null,
      cycleId: null,
      description: null,
    });
    expectOutput(updateIssue, issue);
    expect(sentGraphql(h.sim)[0]?.variables).toEqual({
      id: ENG_2,
      input: { dueDate: null, cycleId: null, description: null },
    });
    expect(issue).toMatchObject({ dueDate: null, cycle: null, description: null });
  });

  it('merges additionalFields, e.g. moving the issue to another team (it is renumbered)', async () => {
    const issue = await h.client.run('updateIssue', {
      issueId: ENG_2,
      priority: 3,
      additionalFields: { teamId: LINEAR_SEED.teams.ops.id, assigneeId: null },
    });
    expect(sentGraphql(h.sim)[0]?.variables).toEqual({
      id: ENG_2,
      input: { teamId: LINEAR_SEED.teams.ops.id, assigneeId: null, priority: 3 },
    });
    expect(issue).toMatchObject({ identifier: 'OPS-3', team: { key: 'OPS' }, assignee: null, priority: 3 });
    const again = await h.client.run('getIssueByIdentifier', { identifier: 'ENG-2' });
    expect(again.id).toBe(ENG_2);
  });

  it.each([
    [{ issueId: 'ENG-2', title: 'x' }, 'issueId'],
    [{ issueId: ENG_2, title: '' }, 'title'],
    [{ issueId: ENG_2, statusId: null }, 'statusId'],
    [{ issueId: ENG_2, priority: -1 }, 'priority'],
    [{ issueId: ENG_2, dueDate: '03/04/2030' }, 'dueDate'],
    [{ issueId: ENG_2, additionalFields: { stateId: ENG.states.done } }, 'additionalFields.stateId'],
    [{ issueId: ENG_2, additionalFields: { trashed: 'yes' } }, 'additionalFields.trashed'],
    [
      { issueId: ENG_2, additionalFields: { completedAt: '2030-01-01T00:00:00Z' } },
      'additionalFields.completedAt',
    ],
  ])('refuses %j before sending anything (%s)', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('updateIssue', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it('refuses an update with nothing to change, before sending', async () => {
    const error = await failure(h.client.run('updateIssue', { issueId: ENG_2 }));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/Nothing to update/);
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it('does not repeat the update when the connection drops after Linear applied it', async () => {
    h.sim.server.fault({ type: 'reset-after-handler' });
    const error = await failure(h.client.run('updateIssue', { issueId: ENG_2, title: 'Applied once' }));
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error.outcomeUnknown).toBe(true);
    expect(h.sim.server.calls).toHaveLength(1);
    expect(h.sim.workspace.issues.get(ENG_2)?.title).toBe('Applied once');
  });
});
