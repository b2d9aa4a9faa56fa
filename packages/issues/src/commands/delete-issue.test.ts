import { NetworkError, NotFoundError, ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { DELETE_ISSUE_MUTATION, deleteIssue } from './delete-issue.js';

const h = useIssuesSimulator();
const DES_3 = seedUuid('issue:des:9');

describe('deleteIssue', () => {
  it('sends a named, typed issueDelete that validates against Linear’s schema', () => {
    expect(DELETE_ISSUE_MUTATION).toMatchObject({ name: 'DeleteIssue', kind: 'mutation' });
    expectValidOperation(DELETE_ISSUE_MUTATION, {}, 10);
  });

  it('deletes the issue and returns {success, id}', async () => {
    expect(h.sim.workspace.issues.get(DES_3)?.identifier).toBe('DES-3');
    const result = await h.client.run('deleteIssue', { issueId: DES_3 });
    expectOutput(deleteIssue, result);
    const [sent] = sentGraphql(h.sim);
    expect(sent).toMatchObject({ operationName: 'DeleteIssue', variables: { id: DES_3 } });
    expect(sent?.query).toBe(DELETE_ISSUE_MUTATION.document);
    expect(result).toEqual({ success: true, id: DES_3 });
    expect(h.sim.workspace.issues.get(DES_3)).toMatchObject({
      trashed: true,
      archivedAt: expect.any(String),
    });
    const page = await h.client.run('searchIssues', { filter: { team: { key: { eq: 'DES' } } } });
    expect(page.nodes.map((issue) => issue.identifier)).not.toContain('DES-3');
  });

  it('reports an issue that does not exist as a NotFoundError', async () => {
    const missing = seedUuid('gone');
    const error = await failure(h.client.run('deleteIssue', { issueId: missing }));
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toBe(`Linear has no issue ${missing}: Could not find referenced Issue.`);
  });

  it('refuses a non-UUID before sending', async () => {
    const error = await failure(h.client.run('deleteIssue', { issueId: 'DES-3' }));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('issueId');
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it('does not repeat the delete when its response was lost', async () => {
    h.sim.server.fault({ type: 'reset-after-handler' });
    const error = await failure(h.client.run('deleteIssue', { issueId: DES_3 }));
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error.outcomeUnknown).toBe(true);
    expect(h.sim.server.calls).toHaveLength(1);
  });
});
