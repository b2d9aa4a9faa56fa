import { NotFoundError, ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import { expectValidOperation, failure, useSimulator } from '../test-harness.js';
import { LINEAR_SEED } from '../testing/index.js';
import { GET_ISSUE_BY_IDENTIFIER_QUERY } from './get-issue-by-identifier.js';

const h = useSimulator();

describe('getIssueByIdentifier', () => {
  it('sends a named, typed query that validates against Linear’s schema', () => {
    expect(GET_ISSUE_BY_IDENTIFIER_QUERY).toMatchObject({ name: 'GetIssueByIdentifier', kind: 'query' });
    expectValidOperation(GET_ISSUE_BY_IDENTIFIER_QUERY, {}, 50);
  });

  it('passes the identifier as issue(id:), which Linear resolves like an id', async () => {
    const issue = await h.client.run('getIssueByIdentifier', { identifier: 'DES-2' });
    const [sent] = h.sent();
    expect(sent).toMatchObject({ operationName: 'GetIssueByIdentifier', variables: { id: 'DES-2' } });
    expect(sent?.query).toBe(GET_ISSUE_BY_IDENTIFIER_QUERY.document);
    expect(issue).toMatchObject({
      identifier: 'DES-2',
      title: 'Empty states for the issue list',
      team: { id: LINEAR_SEED.teams.des.id, key: 'DES' },
      state: { name: 'In Progress', type: 'started' },
    });
  });

  it('upper-cases the team key', async () => {
    const issue = await h.client.run('getIssueByIdentifier', { identifier: 'ops-1' });
    expect(h.sent()[0]?.variables).toEqual({ id: 'OPS-1' });
    expect(issue.title).toBe('Rotate the database credentials');
  });

  it('reports an identifier nobody has as a NotFoundError', async () => {
    const error = await failure(h.client.run('getIssueByIdentifier', { identifier: 'ENG-999' }));
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toBe('Linear has no issue ENG-999: Could not find referenced Issue.');
  });

  it.each(['ENG', 'ENG-', '123', 'ENG-0', 'ENG 12', 'ENG-12-3', '9cfb482a-81e3-4154-b5b9-2c805e70a02d'])(
    'refuses %s before sending',
    async (identifier) => {
      const error = await failure(h.client.run('getIssueByIdentifier', { identifier }));
      expect(ValidationError.isInstance(error)).toBe(true);
      expect(error.parameter).toBe('identifier');
      expect(h.sim.server.calls).toHaveLength(0);
    },
  );
});
