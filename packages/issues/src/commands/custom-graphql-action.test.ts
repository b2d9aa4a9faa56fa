import { NetworkError, ProviderError, ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  failure,
  LINEAR_SEED,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { customGraphqlAction } from './custom-graphql-action.js';

const h = useIssuesSimulator();

describe('customGraphqlAction', () => {
  it('sends the document, variables and operation name as given and returns data', async () => {
    const query = `query Team($id: String!) { team(id: $id) { key name issueCount } }
query Viewer { viewer { name } }`;
    const data = await h.client.run('customGraphqlAction', {
      query,
      variables: { id: LINEAR_SEED.teams.des.id },
      operationName: 'Team',
    });
    expectOutput(customGraphqlAction, data);
    const [sent] = sentGraphql(h.sim);
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/graphql',
      query,
      variables: { id: LINEAR_SEED.teams.des.id },
      operationName: 'Team',
    });
    expect(data).toEqual({ team: { key: 'DES', name: 'Design', issueCount: 3 } });
  });

  it('declares its result: the response’s data, any root field let through, errors never in it', () => {
    expect(customGraphqlAction.outputSchema).toMatchObject({
      type: 'object',
      title: 'Data',
      additionalProperties: {},
      description: expect.stringMatching(/GraphQL response: one field per root field.*Errors .* never here/),
    });
  });

  it('runs mutations too', async () => {
    const data = await h.client.run('customGraphqlAction', {
      query: 'mutation { issueArchive(id: "OPS-2") { success entity { identifier } } }',
    });
    expect(data).toEqual({ issueArchive: { success: true, entity: { identifier: 'OPS-2' } } });
    expect(sentGraphql(h.sim)[0]).toMatchObject({ variables: undefined, operationName: undefined });
  });

  it('retries a query whose connection dropped, but never a mutation', async () => {
    h.sim.server.fault({ type: 'reset-after-handler' });
    await h.client.run('customGraphqlAction', { query: '{ viewer { id } }' });
    expect(sentGraphql(h.sim)).toHaveLength(2);
    h.sim.server.reset();
    h.sim.server.fault({ type: 'reset-after-handler' });
    const error = await failure(
      h.client.run('customGraphqlAction', {
        query:
          'mutation Create($t: String!) { issueCreate(input: { teamId: "' +
          LINEAR_SEED.teams.ops.id +
          '", title: $t }) { success } }',
        variables: { t: 'Custom once' },
      }),
    );
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error.outcomeUnknown).toBe(true);
    expect(sentGraphql(h.sim)).toHaveLength(1);
    expect(
      [...h.sim.workspace.issues.values()].filter((issue) => issue.title === 'Custom once'),
    ).toHaveLength(1);
  });

  it('turns errors in a 200 response into an error, even with partial data', async () => {
    const error = await failure(
      h.client.run('customGraphqlAction', {
        query: 'query { viewer { id } issue(id: "ENG-404") { id } }',
      }),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.providerCode).toBe('INPUT_ERROR');
    expect(error.details.errors[0]).toMatchObject({ path: ['issue'], message: 'Entity not found: Issue' });
  });

  it('reports a document Linear rejects (HTTP 400 GRAPHQL_VALIDATION_FAILED) with Linear’s messages', async () => {
    const error = await failure(h.client.run('customGraphqlAction', { query: '{ viewer { nickname } }' }));
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.status).toBe(400);
    expect(error.providerCode).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(error.providerMessage).toMatch(/^Cannot query field "nickname" on type "User"\./);
    expect(h.sim.server.violations).toEqual([expect.stringMatching(/nickname/)]);
    h.sim.server.violations.length = 0;
  });

  it('refuses a blank query or non-object variables before sending', async () => {
    for (const [input, parameter] of [
      [{ query: ' ' }, 'query'],
      [{ query: '{ viewer { id } }', variables: [1] }, 'variables'],
      [{ query: '{ viewer { id } }', operationName: '' }, 'operationName'],
    ] as const) {
      const error = await failure(h.client.runUnknown('customGraphqlAction', input));
      expect(ValidationError.isInstance(error)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
