import { NotFoundError, ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  LINEAR_SEED,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { GET_ISSUE_BY_IDENTIFIER_QUERY, getIssueByIdentifier } from './get-issue-by-identifier.js';

const h = useIssuesSimulator();

describe('getIssueByIdentifier', () => {
  it('sends a named, typed query that validates against Linear’s schema', () => {
    expect(GET_ISSUE_BY_IDENTIFIER_QUERY).toMatchObject({ name: 'GetIssueByIdentifier', kind: 'query' });
    expectValidOperation(GET_ISSUE_BY_IDENTIFIER_QUERY, {}, 50);
  });

  it('passes the identifier as issue(id:), which Linear resolves like an id', async () => {
    const issue = await h.client.run('getIssueByIdentifier', { identifier: 'DES-2' });
    expectOutput(getIssueByIdentifier, issue);
    const [sent] = sentGraphql(h.sim);
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
    expect(sentGraphql(h.sim)[0]?.variables).toEqual({ id: 'OPS-1' });
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

  it('titles its parameter in words, not as an external id', () => {
    const { identifier } = getIssueByIdentifier.inputSchema.properties as Record<
      string,
      Record<string, unknown>
    >;
    expect(identifier).toMatchObject({ title: 'Identifier' });
    expect(identifier?.description).toMatch(/such as ENG-123/);
  });
});
