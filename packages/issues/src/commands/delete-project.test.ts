import { NotFoundError, ValidationError } from '@c/core';
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
import { DELETE_PROJECT_MUTATION, deleteProject } from './delete-project.js';

const h = useIssuesSimulator();
const BILLING = LINEAR_SEED.projects.billing;

describe('deleteProject', () => {
  it('sends a named, typed projectDelete that validates against Linear’s schema', () => {
    expect(DELETE_PROJECT_MUTATION).toMatchObject({ name: 'DeleteProject', kind: 'mutation' });
    expectValidOperation(DELETE_PROJECT_MUTATION, {}, 10);
  });

  it('deletes the project and returns {success, id}; it leaves the project lists', async () => {
    const result = await h.client.run('deleteProject', { projectId: BILLING });
    expectOutput(deleteProject, result);
    const [sent] = sentGraphql(h.sim);
    expect(sent).toMatchObject({ operationName: 'DeleteProject', variables: { id: BILLING } });
    expect(sent?.query).toBe(DELETE_PROJECT_MUTATION.document);
    expect(result).toEqual({ success: true, id: BILLING });
    const data = await h.client.run('customGraphqlAction', {
      query: 'query Projects { projects { nodes { id } } }',
    });
    const ids = (data as { projects: { nodes: { id: string }[] } }).projects.nodes.map((node) => node.id);
    const { designSystem, mobileLaunch } = LINEAR_SEED.projects;
    expect(ids.sort()).toEqual([designSystem, mobileLaunch].sort());
  });

  it('reports a project that does not exist as a NotFoundError', async () => {
    const error = await failure(h.client.run('deleteProject', { projectId: seedUuid('nothing') }));
    expect(NotFoundError.isInstance(error)).toBe(true);
  });

  it('refuses a non-UUID before sending', async () => {
    const error = await failure(h.client.run('deleteProject', { projectId: '' }));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('projectId');
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
