import { NetworkError, ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  LINEAR_SEED,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { CREATE_PROJECT_MUTATION, createProject } from './create-project.js';

const h = useIssuesSimulator();
const { eng, des } = LINEAR_SEED.teams;

describe('createProject', () => {
  it('sends a named, typed projectCreate that validates against Linear’s schema', () => {
    expect(CREATE_PROJECT_MUTATION).toMatchObject({ name: 'CreateProject', kind: 'mutation' });
    expectValidOperation(CREATE_PROJECT_MUTATION, {}, 100);
  });

  it('takes one team id and sends it as teamIds', async () => {
    const project = await h.client.run('createProject', { teamIds: eng.id, name: 'Search v2' });
    const [sent] = sentGraphql(h.sim);
    expect(sent).toMatchObject({
      operationName: 'CreateProject',
      variables: { input: { teamIds: [eng.id], name: 'Search v2' } },
    });
    expect(sent?.query).toBe(CREATE_PROJECT_MUTATION.document);
    expect(project).toMatchObject({
      name: 'Search v2',
      status: { name: 'Backlog', type: 'backlog' },
      teams: { nodes: [{ id: eng.id, key: 'ENG', name: 'Engineering' }] },
      lead: { id: LINEAR_SEED.users.ada },
    });
    expect(project.id).toMatch(/^[0-9a-f-]{36}$/);
    // Linear deprecated Project.state; the result carries the status only.
    expect(project).not.toHaveProperty('state');
    expect(h.sim.workspace.projects.get(project.id)?.name).toBe('Search v2');
  });

  it('takes several teams, a description and additionalFields', async () => {
    const project = await h.client.run('createProject', {
      teamIds: [eng.id, des.id, eng.id],
      name: 'Design system',
      description: 'One set of components.',
      additionalFields: {
        statusId: LINEAR_SEED.projectStatuses.planned,
        color: '#ff0000',
        targetDate: '2031-06-30',
      },
    });
    expectOutput(createProject, project);
    expect(sentGraphql(h.sim)[0]?.variables).toEqual({
      input: {
        // Chosen from the run's idempotency key (see issues-client-id.test.ts).
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        statusId: LINEAR_SEED.projectStatuses.planned,
        color: '#ff0000',
        targetDate: '2031-06-30',
        teamIds: [eng.id, des.id],
        name: 'Design system',
        description: 'One set of components.',
      },
    });
    expect(project).toMatchObject({
      description: 'One set of components.',
      color: '#ff0000',
      targetDate: '2031-06-30',
      status: { id: LINEAR_SEED.projectStatuses.planned, name: 'Planned', type: 'planned' },
    });
    expect(project.teams.nodes.map((team) => team.key).sort()).toEqual(['DES', 'ENG']);
  });

  it('explains that Linear replaced the project state with statusId', async () => {
    const error = await failure(
      h.client.run('createProject', { teamIds: eng.id, name: 'x', additionalFields: { state: 'started' } }),
    );
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('additionalFields.state');
    expect(error.message).toMatch(
      /ProjectCreateInput has no field "state" \(Linear replaced the project state with statusId/,
    );
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it.each([
    [{ teamIds: [], name: 'x' }, 'teamIds'],
    [{ teamIds: ['ENG'], name: 'x' }, 'teamIds'],
    [{ teamIds: eng.id }, 'name'],
    [{ teamIds: eng.id, name: ' ' }, 'name'],
    [
      { teamIds: eng.id, name: 'x', additionalFields: { targetDate: 'next year' } },
      'additionalFields.targetDate',
    ],
    [{ teamIds: eng.id, name: 'x', additionalFields: { teamIds: [eng.id] } }, 'additionalFields.teamIds'],
  ])('refuses %j before sending (%s)', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('createProject', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter?.startsWith(parameter)).toBe(true);
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it('leaves exactly one project when the response is lost', async () => {
    h.sim.server.fault({ type: 'reset-after-handler' });
    const error = await failure(h.client.run('createProject', { teamIds: eng.id, name: 'Once' }));
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error.outcomeUnknown).toBe(true);
    expect([...h.sim.workspace.projects.values()].filter((p) => p.name === 'Once')).toHaveLength(1);
  });
});
