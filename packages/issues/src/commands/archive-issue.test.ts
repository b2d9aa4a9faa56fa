import { NotFoundError, ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { ARCHIVE_ISSUE_MUTATION, archiveIssue } from './archive-issue.js';

const h = useIssuesSimulator();
/** ENG-3, the parent of ENG-4 and ENG-5. */
const ENG_3 = seedUuid('issue:eng:2');

describe('archiveIssue', () => {
  it('sends a named, typed issueArchive that validates against Linear’s schema', () => {
    expect(ARCHIVE_ISSUE_MUTATION).toMatchObject({ name: 'ArchiveIssue', kind: 'mutation' });
    expectValidOperation(ARCHIVE_ISSUE_MUTATION, {}, 10);
  });

  it('archives the issue with its sub-issues and returns {success, id}; it can still be read', async () => {
    const result = await h.client.run('archiveIssue', { issueId: ENG_3 });
    expectOutput(archiveIssue, result);
    const [sent] = sentGraphql(h.sim);
    expect(sent).toMatchObject({ operationName: 'ArchiveIssue', variables: { id: ENG_3 } });
    expect(sent?.query).toBe(ARCHIVE_ISSUE_MUTATION.document);
    expect(result).toEqual({ success: true, id: ENG_3 });
    const issue = await h.client.run('getIssueById', { issueId: ENG_3 });
    expect(issue.archivedAt).not.toBeNull();
    expect(issue.trashed).toBeNull();
    const children = [...h.sim.workspace.issues.values()].filter((child) => child.parentId === ENG_3);
    expect(children.map((child) => child.archivedAt !== null)).toEqual([true, true]);
  });

  it('reports an issue that does not exist as a NotFoundError', async () => {
    const error = await failure(h.client.run('archiveIssue', { issueId: seedUuid('gone') }));
    expect(NotFoundError.isInstance(error)).toBe(true);
  });

  it('refuses a non-UUID before sending', async () => {
    const error = await failure(h.client.run('archiveIssue', { issueId: 'not-an-id' }));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('issueId');
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
