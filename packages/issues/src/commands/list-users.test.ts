import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  LINEAR_SEED,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { LIST_USERS_QUERY, listUsers } from './list-users.js';

const h = useIssuesSimulator();
const _ENG = LINEAR_SEED.teams.eng;
/** ENG-3. */
const _ENG_3 = seedUuid('issue:eng:2');

describe('listUsers', () => {
  it('sends a named query that validates against Linear’s schema', () => {
    expectValidOperation(LIST_USERS_QUERY, { first: 250 }, 3000);
  });

  it('lists users, one page at a time', async () => {
    const page = await h.client.run('listUsers', { limit: 2 });
    expectOutput(listUsers, page);
    expect(page.nodes).toHaveLength(2);
    expect(page.pageInfo.hasNextPage).toBe(true);
  });

  it('finds users by part of the name or email, and only active ones', async () => {
    const byEmail = await h.client.run('listUsers', { query: 'GRACE@' });
    expect(byEmail.nodes.map((user) => user.email)).toEqual(['grace@example.com']);
    const active = await h.client.run('listUsers', { active: true });
    expect(active.nodes.every((user) => user.active)).toBe(true);
    expect(sentGraphql(h.sim).at(-1)?.variables?.filter).toEqual({ active: { eq: true } });
  });
});
