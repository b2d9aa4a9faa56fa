import { ProviderError, ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  LINEAR_SEED,
  seedUuid,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { CREATE_LABEL_MUTATION, createLabel, GET_LABEL_QUERY } from './create-label.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;
/** ENG-3. */
const _ENG_3 = seedUuid('issue:eng:2');

describe('createLabel', () => {
  it('sends named, typed documents that validate against Linear’s schema', () => {
    expectValidOperation(CREATE_LABEL_MUTATION, {}, 50);
    expectValidOperation(GET_LABEL_QUERY, {}, 50);
  });

  it('creates a label group and a team label inside it', async () => {
    const group = await h.client.run('createLabel', { name: 'Platform', teamId: ENG.id, isGroup: true });
    expectOutput(createLabel, group);
    expect(group).toMatchObject({ isGroup: true, team: { key: 'ENG' }, parent: null });
    const label = await h.client.run('createLabel', {
      name: 'iOS',
      color: '#eb5757',
      teamId: ENG.id,
      parentId: group.id,
    });
    expect(label).toMatchObject({
      name: 'iOS',
      color: '#eb5757',
      parent: { id: group.id, name: 'Platform' },
    });
  });

  it('creates a workspace label without a team, once per idempotency key', async () => {
    const first = await h.client.run('createLabel', { name: 'Security' }, { idempotencyKey: 'label-1' });
    const again = await h.client.run('createLabel', { name: 'Security' }, { idempotencyKey: 'label-1' });
    expect(first.team).toBeNull();
    expect(again.id).toBe(first.id);
  });

  it('refuses a name its team already uses, as Linear does', async () => {
    const error = await failure(h.client.run('createLabel', { name: 'bug', teamId: ENG.id }));
    expect(ProviderError.isInstance(error)).toBe(true);
  });

  it('refuses a colour that is not a hex code before sending', async () => {
    const error = await failure(h.client.run('createLabel', { name: 'Red', color: 'red' }));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('color');
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
