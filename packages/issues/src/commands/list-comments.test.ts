import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { LIST_COMMENTS_QUERY, listComments } from './list-comments.js';

const h = useIssuesSimulator();
const ENG_3 = seedUuid('issue:eng:2');

describe('listComments', () => {
  it('sends a named, typed query that validates and stays cheap', () => {
    expectValidOperation(LIST_COMMENTS_QUERY, { first: 250 }, 5000);
  });

  it('lists an issue’s comments and replies, a page at a time', async () => {
    const first = await h.client.run('createComment', { issueId: ENG_3, body: 'One' });
    await h.client.run('createComment', { issueId: ENG_3, body: 'Two', parentId: first.id });
    await h.client.run('createComment', { issueId: ENG_3, body: 'Three' });
    const page = await h.client.run('listComments', { issueId: ENG_3, limit: 2 });
    expectOutput(listComments, page);
    expect(page.nodes).toHaveLength(2);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const rest = await h.client.run('listComments', {
      issueId: ENG_3,
      limit: 2,
      cursor: page.pageInfo.endCursor!,
    });
    const bodies = [...page.nodes, ...rest.nodes].map((comment) => comment.body).sort();
    expect(bodies).toEqual(['One', 'Three', 'Two']);
    expect(sentGraphql(h.sim).at(-1)?.variables).toMatchObject({ id: ENG_3, first: 2 });
  });
});
