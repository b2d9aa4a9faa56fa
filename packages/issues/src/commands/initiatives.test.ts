import { ProviderError, ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import { projectOutsideInitiativeLookup } from '../issues-lookups.js';
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
  ADD_PROJECT_TO_INITIATIVE_MUTATION,
  addProjectToInitiative,
  GET_INITIATIVE_TO_PROJECT_QUERY,
} from './add-project-to-initiative.js';
import { CREATE_INITIATIVE_MUTATION, createInitiative, GET_INITIATIVE_QUERY } from './create-initiative.js';
import { LIST_INITIATIVES_QUERY, listInitiatives } from './list-initiatives.js';
import { UPDATE_INITIATIVE_MUTATION, updateInitiative } from './update-initiative.js';

const h = useIssuesSimulator();
const { mobileFirst } = LINEAR_SEED.initiatives;
const { mobileLaunch, billing, designSystem } = LINEAR_SEED.projects;
const { ada, grace } = LINEAR_SEED.users;

describe('initiatives', () => {
  it('send named, typed documents that validate against Linear’s schema', () => {
    for (const operation of [
      CREATE_INITIATIVE_MUTATION,
      GET_INITIATIVE_QUERY,
      UPDATE_INITIATIVE_MUTATION,
      ADD_PROJECT_TO_INITIATIVE_MUTATION,
      GET_INITIATIVE_TO_PROJECT_QUERY,
    ]) {
      expectValidOperation(operation, {}, 200);
    }
    expectValidOperation(LIST_INITIATIVES_QUERY, { first: 10 }, 3000);
    expect(addProjectToInitiative.annotations).toMatchObject({ readOnly: false, destructive: false });
  });

  it('listInitiatives lists the seeded initiative with its owner and projects, and filters by status', async () => {
    const page = await h.client.run('listInitiatives', {});
    expectOutput(listInitiatives, page);
    expect(page.nodes).toEqual([
      expect.objectContaining({
        id: mobileFirst,
        name: 'Mobile first',
        status: 'Active',
        owner: expect.objectContaining({ id: grace }),
        projects: { nodes: [{ id: mobileLaunch, name: 'Mobile App Launch' }] },
      }),
    ]);
    expect(sentGraphql(h.sim)[0]!.variables).toEqual({ first: 10 });
    const planned = await h.client.run('listInitiatives', { status: 'Planned' });
    expect(planned.nodes).toEqual([]);
    expect(sentGraphql(h.sim)[1]!.variables).toMatchObject({ filter: { status: { eq: 'Planned' } } });
  });

  it('createInitiative needs only a name: the caller owns it and it is Planned; idempotent by its key', async () => {
    const made = await h.client.run(
      'createInitiative',
      { name: 'Self-serve billing' },
      { idempotencyKey: 'i-1' },
    );
    expectOutput(createInitiative, made);
    expect(made).toMatchObject({
      name: 'Self-serve billing',
      status: 'Planned',
      owner: { id: ada },
      targetDate: null,
      projects: { nodes: [] },
      url: expect.stringMatching(/^https:\/\/linear\.app\/.+\/initiative\/self-serve-billing-[0-9a-f]{12}$/),
    });
    const again = await h.client.run(
      'createInitiative',
      { name: 'Self-serve billing' },
      { idempotencyKey: 'i-1' },
    );
    expect(again.id).toBe(made.id);
    expect(
      [...h.sim.workspace.initiatives.values()].filter((i) => i.name === 'Self-serve billing'),
    ).toHaveLength(1);
    const full = await h.client.run('createInitiative', {
      name: 'Enterprise',
      description: 'SSO and audit logs',
      ownerId: grace,
      targetDate: '2031-12-31',
      status: 'Proposed',
    });
    expect(full).toMatchObject({ owner: { id: grace }, targetDate: '2031-12-31', status: 'Proposed' });
  });

  it('updateInitiative changes only the fields given and stamps the status changes', async () => {
    const started = await h.client.run('updateInitiative', {
      initiativeId: mobileFirst,
      status: 'Completed',
    });
    expectOutput(updateInitiative, started);
    expect(started).toMatchObject({
      status: 'Completed',
      completedAt: expect.any(String),
      name: 'Mobile first',
    });
    expect(sentGraphql(h.sim)[0]!.variables).toEqual({ id: mobileFirst, input: { status: 'Completed' } });
    const renamed = await h.client.run('updateInitiative', {
      initiativeId: mobileFirst,
      name: 'Mobile everywhere',
      ownerId: ada,
      targetDate: '2032-06-30',
    });
    expect(renamed).toMatchObject({
      name: 'Mobile everywhere',
      owner: { id: ada },
      targetDate: '2032-06-30',
      status: 'Completed',
    });
  });

  it('refuses bad input before sending: nothing to update, a bad status, a bad date, a non-UUID', async () => {
    const cases = [
      ['updateInitiative', { initiativeId: mobileFirst }, undefined],
      ['updateInitiative', { initiativeId: mobileFirst, status: 'Done' }, 'status'],
      ['createInitiative', { name: 'Q1', targetDate: '2031-02-30' }, 'targetDate'],
      ['createInitiative', { name: ' ' }, 'name'],
      ['addProjectToInitiative', { initiativeId: 'mobile-first', projectId: billing }, 'initiativeId'],
    ] as const;
    for (const [key, input, parameter] of cases) {
      const error = await failure(h.client.run(key, input as never));
      expect(ValidationError.isInstance(error), `${key} ${JSON.stringify(input)}`).toBe(true);
      if (parameter) expect((error as ValidationError).parameter).toBe(parameter);
    }
    expect(sentGraphql(h.sim)).toEqual([]);
  });

  it('addProjectToInitiative adds a project once: Linear refuses it a second time in the initiative', async () => {
    const link = await h.client.run('addProjectToInitiative', {
      initiativeId: mobileFirst,
      projectId: billing,
    });
    expectOutput(addProjectToInitiative, link);
    expect(link).toMatchObject({
      initiative: { id: mobileFirst, name: 'Mobile first' },
      project: { id: billing, name: 'Billing Revamp' },
    });
    const twice = await failure(
      h.client.run('addProjectToInitiative', { initiativeId: mobileFirst, projectId: mobileLaunch }),
    );
    expect(ProviderError.isInstance(twice) && twice.message).toMatch(/only appear once in an initiative/);
    // The same project in another initiative is fine.
    const other = await h.client.run('createInitiative', { name: 'Revenue' });
    await h.client.run('addProjectToInitiative', { initiativeId: other.id, projectId: billing });
    const page = await h.client.run('listInitiatives', {});
    expect(page.nodes.map((i) => [i.name, i.projects.nodes.map((p) => p.name).sort()])).toEqual([
      ['Revenue', ['Billing Revamp']],
      ['Mobile first', ['Billing Revamp', 'Mobile App Launch']],
    ]);
  });

  it('offers the projects not yet in the initiative, and reports a missing initiative', async () => {
    const outside = (await h.client.run('customGraphqlAction', {
      query: String((projectOutsideInitiativeLookup.input as { query: string }).query),
      variables: { id: mobileFirst },
    })) as { projects: { nodes: { id: string }[] } };
    expect(outside.projects.nodes.map((project) => project.id).sort()).toEqual(
      [billing, designSystem].sort(),
    );
    const missing = await failure(
      h.client.run('addProjectToInitiative', {
        initiativeId: seedUuid('initiative:none'),
        projectId: billing,
      }),
    );
    expect((missing as Error).message).toMatch(/Initiative/);
  });

  it('sends nothing in a dry run', async () => {
    const dry = (await h.client.run('createInitiative', { name: 'Dry' }, { dryRun: true })) as any;
    expect(dry.dryRun).toBe(true);
    expect(JSON.parse(dry.requests[0].body).variables.input).toMatchObject({ name: 'Dry' });
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
