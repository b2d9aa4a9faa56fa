import { NotFoundError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  LINEAR_SEED,
  seedUuid,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { GET_USER_QUERY, getUser } from './get-user.js';

const h = useIssuesSimulator();
const _ENG = LINEAR_SEED.teams.eng;
/** ENG-3. */
const _ENG_3 = seedUuid('issue:eng:2');

describe('getUser', () => {
  it('sends a named query that validates against Linear’s schema', () => {
    expectValidOperation(GET_USER_QUERY, {}, 10);
  });

  it('reads a user by id', async () => {
    const user = await h.client.run('getUser', { userId: LINEAR_SEED.users.grace });
    expectOutput(getUser, user);
    expect(user).toMatchObject({ email: 'grace@example.com', isMe: false });
  });

  it('reports a user that does not exist as a NotFoundError', async () => {
    const error = await failure(h.client.run('getUser', { userId: seedUuid('nobody') }));
    expect(NotFoundError.isInstance(error)).toBe(true);
  });
});
