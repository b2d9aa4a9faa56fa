import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { connectAnalytics, expectInvalid, expectOutput } from '../testing/amplitude-test-helpers.js';
import { analyticsSimulator } from '../testing/index.js';
import { userSearch } from './user-search.js';

const env = useSimulator(analyticsSimulator, { start: { seed: true }, connect: connectAnalytics });

describe('userSearch', () => {
  it('sends GET /api/2/usersearch?user= and returns the match', async () => {
    const result = await env.client.run('userSearch', { user: 'user-0003' });
    const call = env.sim.server.calls[0]!;
    expect(call.path).toBe('/api/2/usersearch');
    expect(call.query.get('user')).toBe('user-0003');
    expect(result).toEqual({
      type: 'match_user_or_device_id',
      matches: [{ user_id: 'user-0003', amplitude_id: env.sim.state.users[2]!.amplitude_id }],
    });
    expectOutput(userSearch, result);
  });

  it('finds a user by Amplitude ID, device ID and user ID prefix', async () => {
    const user = env.sim.state.users[4]!;
    expect((await env.client.run('userSearch', { user: String(user.amplitude_id) })).type).toBe(
      'match_amplitude_id',
    );
    expect((await env.client.run('userSearch', { user: user.device_id })).matches).toEqual([
      { user_id: user.user_id, amplitude_id: user.amplitude_id },
    ]);
    const prefix = await env.client.run('userSearch', { user: 'user-001' });
    expect(prefix.type).toBe('match_user_prefix');
    expect(prefix.matches.map((match) => match.user_id)).toContain('user-0012');
  });

  it('returns an empty matches array when nothing matches', async () => {
    const none = await env.client.run('userSearch', { user: 'nobody-here' });
    expect(none).toEqual({ type: 'nomatch', matches: [] });
    expectOutput(userSearch, none);
  });

  it('requires a user', async () => {
    await expectInvalid(env.sim, () => env.client.run('userSearch', { user: '  ' }), 'user');
    await expectInvalid(env.sim, () => env.client.runUnknown('userSearch', {}), 'user');
  });
});
