import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { connectAnalytics, expectInvalid, expectOutput } from '../testing/amplitude-test-helpers.js';
import { analyticsSimulator } from '../testing/index.js';
import { groupIdentify } from './group-identify.js';
import { identifyUser } from './identify-user.js';

const env = useSimulator(analyticsSimulator, { start: {}, connect: connectAnalytics });

const profileOf = async (userId: string) => {
  const found = await env.client.run('userSearch', { user: userId });
  return env.sim.state.profileByAmplitudeId(found.matches[0]!.amplitude_id)!;
};

describe('identifyUser', () => {
  it('posts the form-encoded api_key and identification to /identify, and the user gets the properties', async () => {
    await env.client.run('sendEvents', { events: [{ event_type: 'Open', user_id: 'identify-user-1' }] });
    const result = await env.client.run('identifyUser', {
      userId: 'identify-user-1',
      set: { plan: 'pro' },
      setOnce: { source: 'ad' },
      add: { logins: 2 },
      append: { tags: 'a' },
      unset: ['trial'],
    });
    expect(result).toEqual({
      success: true,
      properties: {
        $set: { plan: 'pro' },
        $setOnce: { source: 'ad' },
        $add: { logins: 2 },
        $append: { tags: 'a' },
        $unset: { trial: '-' },
      },
    });
    expectOutput(identifyUser, result);
    const call = env.sim.server.calls.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/identify');
    expect(call.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.headers.authorization).toBeUndefined();
    const form = new URLSearchParams(call.bodyText);
    expect(form.get('api_key')).toBe(env.sim.state.apiKey);
    expect(JSON.parse(form.get('identification')!)).toEqual([
      { user_id: 'identify-user-1', user_properties: result.properties },
    ]);
    await env.client.run('identifyUser', {
      userId: 'identify-user-1',
      add: { logins: 3 },
      setOnce: { source: 'x' },
    });
    expect((await profileOf('identify-user-1')).properties).toEqual({
      plan: 'pro',
      source: 'ad',
      logins: 5,
      tags: ['a'],
    });
    expect(env.sim.state.ingestedCount).toBe(1);
  });

  it('ties a device to a user, and counts as no event (nobody active)', async () => {
    await env.client.run('identifyUser', {
      userId: 'identify-user-2',
      deviceId: 'device-identify-2',
      set: { a: 1 },
    });
    const found = await env.client.run('userSearch', { user: 'device-identify-2' });
    expect(found.matches[0]!.user_id).toBe('identify-user-2');
    expect(env.sim.state.activeEvents()).toHaveLength(0);
  });

  it('applies the list operations $preInsert, $postInsert and $remove', async () => {
    await env.client.run('identifyUser', { userId: 'identify-user-3', set: { list: ['b', 'c'] } });
    await env.client.run('identifyUser', {
      userId: 'identify-user-3',
      preInsert: { list: ['a', 'b'] },
      postInsert: { list: 'd' },
    });
    await env.client.run('identifyUser', { userId: 'identify-user-3', remove: { list: 'c' } });
    expect((await profileOf('identify-user-3')).properties).toEqual({ list: ['a', 'b', 'd'] });
  });

  it('takes the operations as JSON text (CLI, forms)', async () => {
    await env.client.run('identifyUser', {
      userId: 'identify-user-4',
      set: '{"plan":"team"}',
      unset: '["x"]',
    });
    expect((await profileOf('identify-user-4')).properties).toEqual({ plan: 'team' });
  });

  it('needs a user ID or a device ID, sending nothing', async () => {
    await expectInvalid(env.sim, () => env.client.run('identifyUser', { set: { a: 1 } }), 'userId');
    await expectInvalid(
      env.sim,
      () => env.client.run('identifyUser', { userId: 'u-12345', set: '{' }),
      'set',
    );
  });

  it('maps a refused identification (a placeholder user ID) to an error, with no key in it', async () => {
    const error = await env.client
      .run('identifyUser', { userId: 'undefined' })
      .catch((caught: unknown) => caught);
    expect(String(error)).toMatch(/400|invalid user_id/);
    expect(JSON.stringify(error)).not.toContain(env.sim.state.apiKey);
    env.sim.server.reset();
  });

  it('shows the request in a dry run without the API key, and sends nothing', async () => {
    const before = env.sim.server.calls.length;
    const plan = await env.client.run(
      'identifyUser',
      { userId: 'identify-user-5', set: { a: 1 } },
      { dryRun: true },
    );
    expect(JSON.stringify(plan)).toContain('/identify');
    expect(JSON.stringify(plan)).not.toContain(env.sim.state.apiKey);
    expect(env.sim.server.calls.length).toBe(before);
  });
});

describe('groupIdentify', () => {
  it('posts group_type, group_value and group_properties to /groupidentify', async () => {
    const result = await env.client.run('groupIdentify', {
      groupType: 'company',
      groupValue: 'Acme Corp',
      set: { plan: 'enterprise' },
      add: { seats: 10 },
    });
    expectOutput(groupIdentify, result);
    const call = env.sim.server.calls.at(-1)!;
    expect(call.path).toBe('/groupidentify');
    expect(JSON.parse(new URLSearchParams(call.bodyText).get('identification')!)).toEqual([
      {
        group_type: 'company',
        group_value: 'Acme Corp',
        group_properties: { $set: { plan: 'enterprise' }, $add: { seats: 10 } },
      },
    ]);
    await env.client.run('groupIdentify', {
      groupType: 'company',
      groupValue: 'Acme Corp',
      add: { seats: 5 },
    });
    expect(env.sim.state.groupProperties('company', 'Acme Corp')).toEqual({ plan: 'enterprise', seats: 15 });
  });

  it('needs the group type and value', async () => {
    await expectInvalid(
      env.sim,
      () => env.client.run('groupIdentify', { groupType: 'company' } as never),
      'groupValue',
    );
  });
});
