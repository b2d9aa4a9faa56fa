import { AuthError, NotFoundError, PermissionError, ProviderError, ValidationError } from '@c/core';
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
import { GET_ISSUE_BY_ID_QUERY, getIssueById } from './get-issue-by-id.js';

const h = useIssuesSimulator();
/** ENG-4, a sub-issue of ENG-3. */
const ENG_4 = seedUuid('issue:eng:3');

describe('getIssueById', () => {
  it('sends a named, typed query that validates against Linear’s schema', () => {
    expect(GET_ISSUE_BY_ID_QUERY).toMatchObject({ name: 'GetIssueById', kind: 'query' });
    expectValidOperation(GET_ISSUE_BY_ID_QUERY, {}, 50);
  });

  it('reads the issue with its state, team, parent, project and assignee', async () => {
    const issue = await h.client.run('getIssueById', { issueId: ENG_4 });
    expectOutput(getIssueById, issue);
    const [sent] = sentGraphql(h.sim);
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/graphql',
      operationName: 'GetIssueById',
      variables: { id: ENG_4 },
    });
    expect(sent?.query).toBe(GET_ISSUE_BY_ID_QUERY.document);
    expect(issue).toMatchObject({
      id: ENG_4,
      identifier: 'ENG-4',
      title: 'Cache issues in local storage',
      priority: 3,
      priorityLabel: 'Medium',
      state: { name: 'Todo', type: 'unstarted' },
      team: { id: LINEAR_SEED.teams.eng.id, key: 'ENG', name: 'Engineering' },
      parent: { identifier: 'ENG-3', title: 'Offline mode for the issue list' },
      project: { id: LINEAR_SEED.projects.mobileLaunch, name: 'Mobile App Launch' },
      assignee: { id: LINEAR_SEED.users.grace, email: 'grace@example.com' },
      url: 'https://linear.app/acme/issue/ENG-4/cache-issues-in-local-storage',
    });
  });

  it('works with a personal API key, sent bare in Authorization', async () => {
    const client = h.connect({ credentials: { apiKey: h.sim.apiKey } });
    const issue = await client.run('getIssueById', { issueId: ENG_4 });
    expect(issue.identifier).toBe('ENG-4');
    expect(sentGraphql(h.sim)[0]?.headers.authorization).toBe(h.sim.apiKey);
  });

  it('turns Linear’s "Entity not found" (HTTP 200 with errors) into a NotFoundError', async () => {
    const missing = seedUuid('no such issue');
    const error = await failure(h.client.run('getIssueById', { issueId: missing }));
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toBe(`Linear has no issue ${missing}: Could not find referenced Issue.`);
    expect(error.providerCode).toBe('INPUT_ERROR');
    expect(error.details.errors[0]).toMatchObject({ message: 'Entity not found: Issue', path: ['issue'] });
  });

  it('refuses an identifier where a UUID is required, before sending', async () => {
    const error = await failure(h.client.run('getIssueById', { issueId: 'ENG-4' }));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('issueId');
    expect(error.message).toMatch(/must be a Linear id: a UUID/);
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it('maps a 401 to an AuthError that says to reconnect, without the token in it', async () => {
    const client = h.connect({ credentials: { apiKey: 'lin_api_revoked_key_0000' } });
    const error = await failure(client.run('getIssueById', { issueId: ENG_4 }));
    expect(AuthError.isInstance(error)).toBe(true);
    expect(error.needsReconnect).toBe(true);
    expect(error.status).toBe(401);
    expect(error.providerCode).toBe('AUTHENTICATION_ERROR');
    expect(error.message).toMatch(/Reconnect/);
    expect(JSON.stringify(error.toJSON())).not.toContain('lin_api_revoked_key_0000');
  });

  it('maps Linear’s FORBIDDEN to a PermissionError', async () => {
    h.sim.failNext({ kind: 'forbidden' });
    const error = await failure(h.client.run('getIssueById', { issueId: ENG_4 }));
    expect(PermissionError.isInstance(error)).toBe(true);
    expect(error.providerMessage).toBe('You do not have access to this resource.');
  });

  it('retries a query after Linear’s 5xx, since reading twice is safe', async () => {
    h.sim.failNext({ kind: 'internal', status: 503 });
    const issue = await h.client.run('getIssueById', { issueId: ENG_4 });
    expect(issue.identifier).toBe('ENG-4');
    expect(sentGraphql(h.sim)).toHaveLength(2);
  });

  it('retries a query whose connection dropped mid-response', async () => {
    h.sim.server.fault({ type: 'reset-after-handler' });
    const issue = await h.client.run('getIssueById', { issueId: ENG_4 });
    expect(issue.identifier).toBe('ENG-4');
    expect(sentGraphql(h.sim)).toHaveLength(2);
  });

  it('gives up with a retryable ProviderError when the 5xx persists', async () => {
    h.sim.failNext({ kind: 'internal', status: 500, times: 3 });
    const error = await failure(h.client.run('getIssueById', { issueId: ENG_4 }));
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.status).toBe(500);
    expect(error.retryable).toBe(true);
    expect(sentGraphql(h.sim)).toHaveLength(3);
  });
});
