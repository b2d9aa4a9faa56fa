import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  LINEAR_SEED,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { LIST_LABELS_QUERY, listLabels } from './list-labels.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;
/** ENG-3. */
const _ENG_3 = seedUuid('issue:eng:2');

describe('listLabels', () => {
  it('sends a named, typed query that validates against Linear’s schema', () => {
    expectValidOperation(LIST_LABELS_QUERY, { first: 250 }, 5000);
  });

  it('lists the labels a team’s issues can carry: the team’s and the workspace’s', async () => {
    await h.client.run('createLabel', { name: 'Backend', teamId: ENG.id });
    await h.client.run('createLabel', { name: 'Brand', teamId: LINEAR_SEED.teams.des.id });
    const page = await h.client.run('listLabels', { teamId: ENG.id, limit: 100 });
    expectOutput(listLabels, page);
    const names = page.nodes.map((label) => label.name).sort();
    expect(names).toEqual(['Backend', 'Bug', 'Feature', 'Improvement']);
    expect(sentGraphql(h.sim).at(-1)?.variables?.filter).toEqual({
      or: [{ team: { id: { eq: ENG.id } } }, { team: { null: true } }],
    });
  });

  it('finds labels by part of the name, ignoring case', async () => {
    const page = await h.client.run('listLabels', { name: 'feat' });
    expect(page.nodes.map((label) => label.name)).toEqual(['Feature']);
  });
});
