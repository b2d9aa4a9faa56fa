import { PermissionError, ProviderError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { connectAnalytics, expectInvalid, expectOutput } from '../testing/amplitude-test-helpers.js';
import { analyticsSimulator, startAnalyticsSimulator } from '../testing/index.js';
import { createAnnotation } from './create-annotation.js';
import { createRelease } from './create-release.js';
import { deleteUserData } from './delete-user-data.js';
import { getCohortMembers } from './get-cohort-members.js';
import { getUserProfile } from './get-user-profile.js';
import { listAnnotations } from './list-annotations.js';
import { listDeletionJobs } from './list-deletion-jobs.js';
import { listEventTypes } from './taxonomy-commands.js';
import { uploadCohort } from './upload-cohort.js';

const NOW = Date.UTC(2026, 0, 20, 12);
const env = useSimulator(analyticsSimulator, { start: { now: () => NOW }, connect: connectAnalytics });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

async function sendUsers(): Promise<void> {
  const result = await env.client.run('sendEvents', {
    events: [
      {
        event_type: 'Open',
        user_id: 'admin-user-1',
        time: NOW - 3_600_000,
        event_properties: { source: 'ad' },
        user_properties: { plan: 'pro' },
      },
      {
        event_type: 'Play',
        user_id: 'admin-user-2',
        time: NOW - 3_600_000,
        event_properties: { seconds: 30 },
        user_properties: { plan: 'free, "basic"' },
      },
    ],
  });
  expect(result.rejected).toEqual([]);
}

describe('annotations', () => {
  it('creates annotations (a day, or a start on one chart) and lists them by category', async () => {
    const day = await env.client.run('createAnnotation', {
      label: 'Release 3.5',
      date: '2026-01-15',
      category: 'Releases',
      details: 'New player',
    });
    expectOutput(createAnnotation, day);
    const call = env.sim.server.calls.at(-1)!;
    expect([call.method, call.path]).toEqual(['POST', '/api/3/annotations']);
    expect(JSON.parse(call.bodyText)).toEqual({
      label: 'Release 3.5',
      start: '2026-01-15T00:00:00+00:00',
      details: 'New player',
      category: 'Releases',
    });
    expect(day.data).toMatchObject({ label: 'Release 3.5', category: { name: 'Releases' }, chart_id: null });
    await env.client.run('createAnnotation', {
      label: 'Outage',
      start: '2026-01-17T09:00:00+00:00',
      end: '2026-01-17T11:00:00+00:00',
      chartId: 'sbx4k2m',
    });
    const releases = await env.client.run('listAnnotations', { category: 'Releases' });
    expectOutput(listAnnotations, releases);
    expect(releases.data.map((annotation) => annotation.label)).toEqual(['Release 3.5']);
    const after = await env.client.run('listAnnotations', { start: '2026-01-16T00:00:00+00:00' });
    expect(after.data.map((annotation) => annotation.label)).toEqual(['Outage']);
  });

  it('needs a date or a start, and refuses chartId with category, sending nothing', async () => {
    await expectInvalid(env.sim, () => env.client.run('createAnnotation', { label: 'x' }), 'start');
    await expectInvalid(
      env.sim,
      () => env.client.run('listAnnotations', { chartId: 'a', category: 'b' }),
      'category',
    );
  });
});

describe('createRelease', () => {
  it('posts the release as JSON', async () => {
    const result = await env.client.run('createRelease', {
      version: '3.5',
      releaseStart: '2026-01-15 09:00:00',
      title: 'New player',
      platforms: 'iOS, Android',
    });
    expectOutput(createRelease, result);
    expect(JSON.parse(env.sim.server.calls.at(-1)!.bodyText)).toEqual({
      version: '3.5',
      release_start: '2026-01-15 09:00:00',
      title: 'New player',
      platforms: 'iOS,Android',
    });
    expect(result.release).toMatchObject({
      version: '3.5',
      platforms: ['iOS', 'Android'],
      chart_visibility: true,
    });
    await expectInvalid(
      env.sim,
      () => env.client.run('createRelease', { version: '1', releaseStart: '2026-01-15', title: 't' }),
      'releaseStart',
    );
  });

  it('starts the release at the time of the run when no start is given', async () => {
    const before = new Date().toISOString().slice(0, 19).replace('T', ' ');
    await env.client.run('createRelease', { version: '3.6', title: 'Now' });
    const after = new Date().toISOString().slice(0, 19).replace('T', ' ');
    const sent = JSON.parse(env.sim.server.calls.at(-1)!.bodyText) as { release_start: string };
    expect(sent.release_start).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(sent.release_start >= before && sent.release_start <= after).toBe(true);
  });
});

describe('deleteUserData and listDeletionJobs', () => {
  it('schedules the users in a deletion job, once each, and lists the job', async () => {
    await sendUsers();
    const id = (await env.client.run('userSearch', { user: 'admin-user-1' })).matches[0]!.amplitude_id;
    const job = await env.client.run('deleteUserData', {
      userIds: ['admin-user-1'],
      requester: 'dpo@example.com',
    });
    expectOutput(deleteUserData, job);
    expect(deleteUserData.annotations).toMatchObject({ destructive: true, idempotent: true });
    expect(job).toMatchObject({
      day: '2026-01-23',
      status: 'staging',
      amplitude_ids: [{ amplitude_id: id, requester: 'dpo@example.com', requested_on_day: '2026-01-20' }],
    });
    const again = await env.client.run('deleteUserData', { amplitudeIds: [id] });
    expect(again.amplitude_ids).toHaveLength(1);
    const jobs = await env.client.run('listDeletionJobs', { startDay: '2026-01-20', endDay: '2026-01-31' });
    expectOutput(listDeletionJobs, jobs);
    expect(Object.fromEntries(env.sim.server.calls.at(-1)!.query)).toEqual({
      start_day: '2026-01-20',
      end_day: '2026-01-31',
    });
    expect(jobs.jobs.map((entry) => entry.day)).toEqual(['2026-01-23']);
  });

  it('refuses unknown users unless told to ignore them', async () => {
    await sendUsers();
    const error = await failure(
      env.client.run('deleteUserData', { userIds: ['admin-user-2', 'nobody-here'] }),
    );
    expect((error as ProviderError).status).toBe(400);
    const partial = await env.client.run('deleteUserData', {
      userIds: ['admin-user-2', 'nobody-here'],
      ignoreInvalidId: true,
    });
    expect(partial.invalid_ids).toEqual(['nobody-here']);
    expect(partial.amplitude_ids).toHaveLength(1);
    env.sim.server.reset();
  });

  it('needs users, at most 100, sending nothing', async () => {
    await expectInvalid(env.sim, () => env.client.run('deleteUserData', {}), 'amplitudeIds');
    const many = Array.from({ length: 101 }, (_, index) => `user-${index}`);
    await expectInvalid(env.sim, () => env.client.run('deleteUserData', { userIds: many }), 'userIds');
  });
});

describe('taxonomy', () => {
  it('lists, plans and renames event types, and lists event and user properties', async () => {
    await sendUsers();
    const before = await env.client.run('listEventTypes', {});
    expectOutput(listEventTypes, before);
    expect(before.data.map((entry) => entry.event_type)).toEqual(['Open', 'Play']);
    await env.client.run('createEventType', {
      eventType: 'Onboard Start',
      category: 'Onboarding',
      description: 'Started onboarding',
    });
    const create = env.sim.server.calls.at(-1)!;
    expect(create.headers['content-type']).toMatch(/x-www-form-urlencoded/);
    expect(new URLSearchParams(create.bodyText).get('event_type')).toBe('Onboard Start');
    const conflict = await failure(env.client.run('createEventType', { eventType: 'Onboard Start' }));
    expect((conflict as ProviderError).status).toBe(409);
    expect(String((conflict as Error).message)).toMatch(/already exists/);
    await env.client.run('updateEventType', {
      eventType: 'Onboard Start',
      newName: 'Onboarding Started',
      displayName: 'Onboarding',
    });
    expect(env.sim.server.calls.at(-1)!.path).toBe('/api/2/taxonomy/event/Onboard%20Start');
    const after = await env.client.run('listEventTypes', {});
    expect(after.data.find((entry) => entry.event_type === 'Onboarding Started')).toMatchObject({
      category: { name: 'Onboarding' },
      display_name: 'Onboarding',
    });
    const properties = await env.client.run('listEventProperties', { eventType: 'Play' });
    expect(properties.data).toEqual([
      expect.objectContaining({ event_property: 'seconds', event_type: 'Play', type: 'number' }),
    ]);
    const users = await env.client.run('listUserProperties', {});
    expect(users.data.map((entry) => entry.user_property)).toEqual(['gp:plan']);
    env.sim.server.reset();
  });

  it('reports a plan without the Taxonomy API as a PermissionError', async () => {
    const sim = await startAnalyticsSimulator({ taxonomy: false });
    const client = connectAnalytics(sim);
    try {
      const error = await failure(client.run('listEventTypes', {}));
      expect(PermissionError.isInstance(error)).toBe(true);
      expect(String((error as Error).message)).toMatch(/Enterprise/);
    } finally {
      await client.close();
      await sim.close();
    }
  });
});

describe('cohorts', () => {
  it('uploads a cohort by user IDs, then downloads its members in three steps, streamed', async () => {
    await sendUsers();
    const uploaded = await env.client.run('uploadCohort', {
      name: 'Early users',
      idType: 'BY_USER_ID',
      ids: ['admin-user-1', 'admin-user-2', 'nobody-here'],
      owner: 'analyst@example.com',
      appId: env.sim.state.projectId,
    });
    expectOutput(uploadCohort, uploaded);
    expect(uploaded.metadata).toMatchObject({ matched: 2, totals: 3, invalid_ids_sample: ['nobody-here'] });
    const progress: unknown[] = [];
    const members = await env.client.run(
      'getCohortMembers',
      { cohortId: uploaded.cohortId, properties: ['plan'] },
      { onProgress: (step) => progress.push(step) },
    );
    expectOutput(getCohortMembers, members);
    const paths = env.sim.server.calls.slice(-4).map((call) => call.path);
    expect(paths[0]).toBe(`/api/5/cohorts/request/${uploaded.cohortId}`);
    expect(env.sim.server.calls.at(-4)!.query.getAll('propKeys')).toEqual(['plan']);
    expect(paths.slice(1, 3)).toEqual([
      `/api/5/cohorts/request-status/${members.requestId}`,
      `/api/5/cohorts/request-status/${members.requestId}`,
    ]);
    expect(paths[3]).toBe(`/api/5/cohorts/request/${members.requestId}/file`);
    expect(members.columns).toEqual(['amplitude_id', 'user_id', 'plan']);
    expect(members.members.map((member) => [member.user_id, member.plan])).toEqual([
      ['admin-user-1', 'pro'],
      ['admin-user-2', 'free, "basic"'],
    ]);
    expect(members).toMatchObject({ count: 2, truncated: false });
    expect(progress).toContainEqual(expect.objectContaining({ message: 'cohort members read', current: 2 }));
    const first = await env.client.run('getCohortMembers', { cohortId: uploaded.cohortId, maxMembers: 1 });
    expect(first).toMatchObject({ count: 2, truncated: true, columns: ['amplitude_id', 'user_id'] });
  });

  it("follows a large cohort's 302 to its pre-signed S3 link without the secret key", async () => {
    await sendUsers();
    const uploaded = await env.client.run('uploadCohort', {
      name: 'Large',
      idType: 'BY_USER_ID',
      ids: ['admin-user-1', 'admin-user-2'],
      owner: 'analyst@example.com',
      appId: env.sim.state.projectId,
    });
    const options = env.sim.state.options as { cohortInlineMembers?: number };
    options.cohortInlineMembers = 1;
    try {
      const members = await env.client.run('getCohortMembers', { cohortId: uploaded.cohortId });
      expect(members).toMatchObject({ count: 2, truncated: false });
      const [file, bucket] = env.sim.server.calls.slice(-2);
      expect(file?.path).toBe(`/api/5/cohorts/request/${members.requestId}/file`);
      expect(file?.headers.authorization).toMatch(/^Basic /);
      expect(bucket?.path).toBe(`/amplitude-cohort-downloads/${members.requestId}.csv`);
      expect(bucket?.query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(bucket?.headers.authorization).toBeUndefined();
    } finally {
      delete options.cohortInlineMembers;
    }
  });

  it('reports an unknown cohort as not found', async () => {
    const error = await failure(env.client.run('getCohortMembers', { cohortId: 'nope' }));
    expect((error as ProviderError).status).toBe(404);
    env.sim.server.reset();
  });
});

describe('getUserProfile', () => {
  it('reads the profile with the secret key as Api-Key, its properties and cohorts', async () => {
    await sendUsers();
    const uploaded = await env.client.run('uploadCohort', {
      name: 'Pro',
      idType: 'BY_USER_ID',
      ids: ['admin-user-1'],
      owner: 'analyst@example.com',
      appId: env.sim.state.projectId,
    });
    const profile = await env.client.run('getUserProfile', {
      userId: 'admin-user-1',
      includeCohortIds: true,
    });
    expectOutput(getUserProfile, profile);
    const call = env.sim.server.calls.at(-1)!;
    expect(call.path).toBe('/v1/userprofile');
    expect(call.headers.authorization).toBe(`Api-Key ${env.sim.state.secretKey}`);
    expect(profile.userData).toMatchObject({
      user_id: 'admin-user-1',
      amp_props: { plan: 'pro' },
      cohort_ids: [uploaded.cohortId],
    });
    expect(JSON.stringify(profile)).not.toContain(env.sim.state.secretKey);
  });

  it('needs a user, and says that the EU region has no User Profile API, sending nothing', async () => {
    await expectInvalid(env.sim, () => env.client.run('getUserProfile', {}), 'userId');
    const eu = connectAnalytics(env.sim, { region: 'eu', profileBaseUrl: undefined });
    const before = env.sim.server.calls.length;
    const error = await failure(eu.run('getUserProfile', { userId: 'admin-user-1' }));
    expect(ProviderError.isInstance(error) && String((error as Error).message)).toMatch(/EU region/);
    expect(env.sim.server.calls.length).toBe(before);
    await eu.close();
  });
});
