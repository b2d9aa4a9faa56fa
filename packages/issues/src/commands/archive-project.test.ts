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
import { ARCHIVE_PROJECT_MUTATION, archiveProject } from './archive-project.js';

const h = useIssuesSimulator();
const BILLING = LINEAR_SEED.projects.billing;
const listed = async () =>
  (
    (await h.client.run('customGraphqlAction', { query: 'query P { projects { nodes { id } } }' })) as {
      projects: { nodes: { id: string }[] };
    }
  ).projects.nodes.map((project) => project.id);

describe('archiveProject', () => {
  it('sends projectDelete (projectArchive is deprecated in its favour), valid and not deprecated', () => {
    expect(ARCHIVE_PROJECT_MUTATION).toMatchObject({ name: 'ArchiveProject', rootFields: ['projectDelete'] });
    expectValidOperation(ARCHIVE_PROJECT_MUTATION, {}, 10);
    expect(archiveProject.annotations).toMatchObject({ destructive: true, readOnly: false });
  });

  it('archives the project out of the lists; projectUnarchive brings it back', async () => {
    const result = await h.client.run('archiveProject', { projectId: BILLING });
    expectOutput(archiveProject, result);
    expect(result).toEqual({ success: true, id: BILLING });
    expect(sentGraphql(h.sim)[0]).toMatchObject({
      operationName: 'ArchiveProject',
      variables: { id: BILLING },
    });
    expect(h.sim.workspace.projects.get(BILLING)).toMatchObject({
      trashed: true,
      archivedAt: expect.any(String),
    });
    expect(await listed()).not.toContain(BILLING);
    await h.client.run('customGraphqlAction', {
      query: 'mutation U($id: String!) { projectUnarchive(id: $id) { success } }',
      variables: { id: BILLING },
    });
    expect(h.sim.workspace.projects.get(BILLING)).toMatchObject({ trashed: null, archivedAt: null });
    expect(await listed()).toContain(BILLING);
  });

  it('sends nothing in a dry run', async () => {
    const dry = (await h.client.run('archiveProject', { projectId: BILLING }, { dryRun: true })) as any;
    expect(dry.dryRun).toBe(true);
    expect(JSON.parse(dry.requests[0].body)).toMatchObject({ operationName: 'ArchiveProject' });
    expect(h.sim.server.calls).toHaveLength(0);
    expect(h.sim.workspace.projects.get(BILLING)?.trashed).toBeNull();
  });

  it('reports a missing project as a NotFoundError and refuses a non-UUID before sending', async () => {
    const missing = await failure(h.client.run('archiveProject', { projectId: seedUuid('nothing') }));
    expect(NotFoundError.isInstance(missing)).toBe(true);
    const error = await failure(h.client.run('archiveProject', { projectId: 'billing' }));
    expect(ValidationError.isInstance(error) && error.parameter).toBe('projectId');
    expect(h.sim.server.calls).toHaveLength(1);
  });
});
