import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  LINEAR_SEED,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { GET_VIEWER_QUERY, getViewer } from './get-viewer.js';

const h = useIssuesSimulator();
const _ENG = LINEAR_SEED.teams.eng;
/** ENG-3. */
const _ENG_3 = seedUuid('issue:eng:2');

describe('getViewer', () => {
  it('sends a named query that validates against Linear’s schema', () => {
    expectValidOperation(GET_VIEWER_QUERY, {}, 10);
  });

  it('returns the user the connection acts as', async () => {
    const viewer = await h.client.run('getViewer', {});
    expectOutput(getViewer, viewer);
    expect(viewer).toMatchObject({
      id: LINEAR_SEED.users.ada,
      email: 'ada@example.com',
      isMe: true,
      admin: true,
    });
    expect(sentGraphql(h.sim)[0]?.operationName).toBe('GetViewer');
  });
});
