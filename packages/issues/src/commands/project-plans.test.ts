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
import {
  CREATE_PROJECT_MILESTONE_MUTATION,
  createProjectMilestone,
  GET_PROJECT_MILESTONE_QUERY,
} from './create-project-milestone.js';
import {
  CREATE_PROJECT_UPDATE_MUTATION,
  createProjectUpdate,
  GET_PROJECT_UPDATE_QUERY,
} from './create-project-update.js';
import { LIST_PROJECT_MILESTONES_QUERY, listProjectMilestones } from './list-project-milestones.js';
import { LIST_PROJECT_UPDATES_QUERY, listProjectUpdates } from './list-project-updates.js';

const h = useIssuesSimulator();
const { mobileLaunch, billing } = LINEAR_SEED.projects;

describe('project updates and milestones', () => {
  it('send named, typed documents that validate against Linear’s schema', () => {
    for (const operation of [
      CREATE_PROJECT_UPDATE_MUTATION,
      GET_PROJECT_UPDATE_QUERY,
      CREATE_PROJECT_MILESTONE_MUTATION,
      GET_PROJECT_MILESTONE_QUERY,
    ]) {
      expectValidOperation(operation, {}, 50);
    }
    expectValidOperation(LIST_PROJECT_UPDATES_QUERY, { first: 250 }, 3000);
    expectValidOperation(LIST_PROJECT_MILESTONES_QUERY, { first: 250 }, 3000);
  });

  it('createProjectUpdate posts with a health that becomes the project’s; listProjectUpdates is newest first', async () => {
    const first = await h.client.run('createProjectUpdate', {
      projectId: mobileLaunch,
      body: 'Beta **shipped**',
      health: 'atRisk',
    });
    expectOutput(createProjectUpdate, first);
    expect(first).toMatchObject({
      body: 'Beta **shipped**',
      health: 'atRisk',
      project: { id: mobileLaunch },
      user: { email: 'ada@example.com' },
    });
    // No health given: the project keeps the health of its newest update.
    const second = await h.client.run('createProjectUpdate', {
      projectId: mobileLaunch,
      body: 'Store review',
    });
    expect(second.health).toBe('atRisk');
    const page = await h.client.run('listProjectUpdates', { projectId: mobileLaunch });
    expectOutput(listProjectUpdates, page);
    expect(page.nodes.map((update) => update.body)).toEqual(['Store review', 'Beta **shipped**']);
    const project = (await h.client.run('customGraphqlAction', {
      query: 'query H($id: String!) { project(id: $id) { health lastUpdate { id } } }',
      variables: { id: mobileLaunch },
    })) as { project: { health: string; lastUpdate: { id: string } } };
    expect(project.project).toEqual({ health: 'atRisk', lastUpdate: { id: second.id } });
    // A first update without a health reports the project on track.
    const billingUpdate = await h.client.run('createProjectUpdate', { projectId: billing, body: 'Kick-off' });
    expect(billingUpdate.health).toBe('onTrack');
  });

  it('createProjectUpdate refuses a health Linear does not have, and is idempotent by its key', async () => {
    const error = await failure(
      h.client.run('createProjectUpdate', { projectId: billing, body: 'x', health: 'green' as never }),
    );
    expect(ValidationError.isInstance(error) && error.parameter).toBe('health');
    expect(h.sim.server.calls).toHaveLength(0);
    const input = { projectId: billing, body: 'Once' };
    const once = await h.client.run('createProjectUpdate', input, { idempotencyKey: 'pu-1' });
    const again = await h.client.run('createProjectUpdate', input, { idempotencyKey: 'pu-1' });
    expect(again.id).toBe(once.id);
    expect([...h.sim.workspace.projectUpdates.values()].filter((u) => u.body === 'Once')).toHaveLength(1);
  });

  it('createProjectMilestone adds milestones to one project in order; listProjectMilestones lists them', async () => {
    const beta = await h.client.run('createProjectMilestone', {
      projectId: mobileLaunch,
      name: 'Beta',
      targetDate: '2031-03-01',
      description: '100 testers',
    });
    expectOutput(createProjectMilestone, beta);
    expect(beta).toMatchObject({
      name: 'Beta',
      targetDate: '2031-03-01',
      description: '100 testers',
      status: 'next',
      project: { id: mobileLaunch, name: 'Mobile App Launch' },
    });
    await h.client.run('createProjectMilestone', { projectId: mobileLaunch, name: 'GA' });
    await h.client.run('createProjectMilestone', { projectId: billing, name: 'Invoices' });
    const page = await h.client.run('listProjectMilestones', { projectId: mobileLaunch });
    expectOutput(listProjectMilestones, page);
    // Newest first, as Linear pages; sortOrder gives the project's order (after its last one).
    expect(page.nodes.map((milestone) => [milestone.name, milestone.status, milestone.sortOrder])).toEqual([
      ['GA', 'unstarted', 2],
      ['Beta', 'next', 1],
    ]);
  });

  it('refuses a bad date before sending, and reports a missing project as not found', async () => {
    const error = await failure(
      h.client.run('createProjectMilestone', { projectId: billing, name: 'Q1', targetDate: '2031-02-30' }),
    );
    expect(ValidationError.isInstance(error) && error.parameter).toBe('targetDate');
    expect(sentGraphql(h.sim)).toEqual([]);
    const missing = await failure(
      h.client.run('listProjectMilestones', { projectId: seedUuid('project:none') }),
    );
    expect(NotFoundError.isInstance(missing)).toBe(true);
    const none = await failure(
      h.client.run('createProjectMilestone', { projectId: seedUuid('project:none'), name: 'Q1' }),
    );
    expect((none as Error).message).toMatch(/project/i);
  });

  it('sends nothing in a dry run', async () => {
    const dry = (await h.client.run(
      'createProjectMilestone',
      { projectId: billing, name: 'Dry' },
      { dryRun: true },
    )) as any;
    expect(dry.dryRun).toBe(true);
    expect(JSON.parse(dry.requests[0].body).variables.input).toMatchObject({
      projectId: billing,
      name: 'Dry',
    });
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
