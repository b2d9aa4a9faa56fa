import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  LINEAR_SEED,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { LIST_PROJECTS_QUERY, listProjects } from './list-projects.js';

const h = useIssuesSimulator();
const _ENG = LINEAR_SEED.teams.eng;

describe('listProjects', () => {
  it('sends a named query that validates against Linear’s schema', () => {
    expectValidOperation(LIST_PROJECTS_QUERY, { first: 40 }, 3333);
  });

  it('lists projects, and filters them by stage, team, lead and name', async () => {
    const all = await h.client.run('listProjects', {});
    expectOutput(listProjects, all);
    expect(all.nodes.map((project) => project.name).sort()).toEqual([
      'Billing Revamp',
      'Design System',
      'Mobile App Launch',
    ]);
    const byName = await h.client.run('listProjects', { name: 'mobile' });
    expect(byName.nodes.map((project) => project.id)).toEqual([LINEAR_SEED.projects.mobileLaunch]);
    const started = await h.client.run('listProjects', { statusType: 'started' });
    expect(started.nodes.every((project) => project.status.type === 'started')).toBe(true);
    const ofDesign = await h.client.run('listProjects', { teamId: LINEAR_SEED.teams.des.id });
    expect(ofDesign.nodes.every((project) => project.teams.nodes.some((team) => team.key === 'DES'))).toBe(
      true,
    );
    const lead = all.nodes.find((project) => project.lead)?.lead;
    const led = await h.client.run('listProjects', { leadId: lead!.id });
    expect(led.nodes.every((project) => project.lead?.id === lead!.id)).toBe(true);
    expect(sentGraphql(h.sim).at(-1)?.variables?.filter).toEqual({ lead: { id: { eq: lead!.id } } });
  });
});
