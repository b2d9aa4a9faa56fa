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
import { GET_PROJECT_QUERY, getProjectById } from './get-project-by-id.js';

const h = useIssuesSimulator();

describe('getProjectById', () => {
  it('sends a named, typed query that validates against Linear’s schema', () => {
    expect(GET_PROJECT_QUERY).toMatchObject({ name: 'GetProjectById', kind: 'query' });
    expectValidOperation(GET_PROJECT_QUERY, {}, 100);
  });

  it('reads the project with its status, lead and teams', async () => {
    const project = await h.client.run('getProjectById', { projectId: LINEAR_SEED.projects.mobileLaunch });
    expectOutput(getProjectById, project);
    const [sent] = sentGraphql(h.sim);
    expect(sent).toMatchObject({
      operationName: 'GetProjectById',
      variables: { id: LINEAR_SEED.projects.mobileLaunch },
    });
    expect(sent?.query).toBe(GET_PROJECT_QUERY.document);
    expect(project).toMatchObject({
      id: LINEAR_SEED.projects.mobileLaunch,
      name: 'Mobile App Launch',
      status: { id: LINEAR_SEED.projectStatuses.started, name: 'In Progress', type: 'started' },
      lead: { id: LINEAR_SEED.users.ada, name: 'Ada Lovelace' },
    });
    expect(project.teams.nodes.map((team) => team.key).sort()).toEqual(['DES', 'ENG']);
    // Two of the project's seven issues are done.
    expect(project.progress).toBeCloseTo(2 / 7);
  });

  it('reports a project that does not exist as a NotFoundError', async () => {
    const missing = seedUuid('no project');
    const error = await failure(h.client.run('getProjectById', { projectId: missing }));
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toBe(`Linear has no project ${missing}: Could not find referenced Project.`);
  });

  it('refuses a non-UUID before sending', async () => {
    const error = await failure(h.client.run('getProjectById', { projectId: 'mobile-app-launch' }));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('projectId');
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
