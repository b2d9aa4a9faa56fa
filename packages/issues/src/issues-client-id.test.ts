import { NetworkError } from '@c/core';
import { describe, expect, it } from 'vitest';
import { clientChosenId } from './issues-client-id.js';
import { failure, LINEAR_SEED, useIssuesSimulator } from './testing/linear-test-helpers.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The ids sent as `input.id` by the creates the simulator received. */
const sentIds = () =>
  h.sim.server.calls
    .map((call) => call.bodyJson as { operationName?: string; variables?: { input?: { id?: string } } })
    .filter((body) => body.operationName?.startsWith('Create'))
    .map((body) => body.variables?.input?.id);

const issuesTitled = (title: string) =>
  [...h.sim.workspace.issues.values()].filter((issue) => issue.title === title);

describe('clientChosenId', () => {
  it('derives one UUID (v4 layout, as Linear asks) per key and command', () => {
    const id = clientChosenId('order-17', 'issues.createIssue');
    expect(id).toMatch(UUID_V4);
    expect(clientChosenId('order-17', 'issues.createIssue')).toBe(id);
    expect(clientChosenId('order-18', 'issues.createIssue')).not.toBe(id);
    expect(clientChosenId('order-17', 'issues.createProject')).not.toBe(id);
    expect(clientChosenId(undefined, 'issues.createIssue')).toBeUndefined();
  });

  it('mixes a random UUID key (a run’s own) into an id of its own per command, one key per id', () => {
    const key = '3f2b8c1e-9d4a-4e6f-a1b2-c3d4e5f60718';
    const id = clientChosenId(key, 'issues.createIssue');
    expect(id).toMatch(UUID_V4);
    expect(id).not.toBe(key);
    expect(clientChosenId(key, 'issues.createIssue')).toBe(id);
    expect(clientChosenId(key, 'issues.createComment')).not.toBe(id);
    // Keys one digit apart, the variant digit among them, never share an id.
    const near = ['3f2b8c1e-9d4a-4e6f-a1b2-c3d4e5f60719', '3f2b8c1e-9d4a-4e6f-91b2-c3d4e5f60718'];
    const ids = new Set([id, ...near.map((other) => clientChosenId(other, 'issues.createIssue'))]);
    expect(ids.size).toBe(3);
    for (const other of ids) expect(other).toMatch(UUID_V4);
  });

  it('hashes any other key: an upper-case UUID or one of another version is not mixed', () => {
    const key = '3f2b8c1e-9d4a-4e6f-a1b2-c3d4e5f60718';
    const upper = clientChosenId(key.toUpperCase(), 'issues.createIssue');
    const v1 = clientChosenId('3f2b8c1e-9d4a-1e6f-a1b2-c3d4e5f60718', 'issues.createIssue');
    expect(upper).toMatch(UUID_V4);
    expect(v1).toMatch(UUID_V4);
    expect(upper).not.toBe(clientChosenId(key, 'issues.createIssue'));
  });

  it('mixes without hashing: every random UUID key is moved by the same mask of the command', () => {
    const xor = (a: string, b: string) =>
      [...a]
        .map((char, i) =>
          char === '-' ? '-' : (Number.parseInt(char, 16) ^ Number.parseInt(b[i]!, 16)).toString(16),
        )
        .join('');
    const keys = ['3f2b8c1e-9d4a-4e6f-a1b2-c3d4e5f60718', crypto.randomUUID(), crypto.randomUUID()];
    const masks = keys.map((key) => xor(key, clientChosenId(key, 'issues.createIssue')!));
    expect(new Set(masks).size).toBe(1);
    expect(masks[0]).not.toBe(xor(keys[0]!, clientChosenId(keys[0], 'issues.createProject')!));
  });
});

describe('creates with an idempotency key', () => {
  it('send the id derived from the key; a repeat with the key returns the first issue and makes no second', async () => {
    const input = { teamId: ENG.id, title: 'Keyed create' };
    const first = await h.client.run('createIssue', input, { idempotencyKey: 'agent-call-1' });
    const again = await h.client.run('createIssue', input, { idempotencyKey: 'agent-call-1' });
    expect(first.id).toBe(clientChosenId('agent-call-1', 'issues.createIssue'));
    expect(again).toMatchObject({ id: first.id, identifier: first.identifier });
    expect(sentIds()).toEqual([first.id, first.id]);
    expect(issuesTitled('Keyed create')).toHaveLength(1);
  });

  it('name the key when the answer is lost; repeating with it gives the issue Linear made, once', async () => {
    h.sim.server.fault({
      type: 'reset-after-handler',
      match: (call) => (call.bodyJson as { operationName?: string }).operationName === 'CreateIssue',
    });
    const input = { teamId: ENG.id, title: 'Lost answer' };
    const error = await failure(h.client.run('createIssue', input));
    expect(NetworkError.isInstance(error)).toBe(true);
    const key = error.details?.idempotencyKey as string;
    expect(error.message).toContain(`"${key}"`);
    expect(issuesTitled('Lost answer')).toHaveLength(1);

    const repeated = await h.client.run('createIssue', input, { idempotencyKey: key });
    expect(repeated.id).toBe(issuesTitled('Lost answer')[0]?.id);
    expect(issuesTitled('Lost answer')).toHaveLength(1);
  });

  it('keep an id the caller chose in additionalFields', async () => {
    const id = '0b7a9d3e-5c1f-4e2a-9b8c-7d6e5f4a3b21';
    const issue = await h.client.run(
      'createIssue',
      { teamId: ENG.id, title: 'Own id', additionalFields: { id } },
      { idempotencyKey: 'agent-call-2' },
    );
    expect(issue.id).toBe(id);
    expect(sentIds()).toEqual([id]);
  });

  it('give a sub-issue and a project ids of their own from the same key', async () => {
    const parent = await h.client.run(
      'createIssue',
      { teamId: ENG.id, title: 'Parent' },
      { idempotencyKey: 'k-3' },
    );
    const child = await h.client.run(
      'createSubIssue',
      { parentId: parent.id, teamId: ENG.id, title: 'Child' },
      { idempotencyKey: 'k-3' },
    );
    const project = await h.client.run(
      'createProject',
      { teamIds: ENG.id, name: 'Keyed' },
      { idempotencyKey: 'k-3' },
    );
    expect(child.id).toBe(clientChosenId('k-3', 'issues.createSubIssue'));
    expect(project.id).toBe(clientChosenId('k-3', 'issues.createProject'));
    expect(new Set([parent.id, child.id, project.id]).size).toBe(3);
  });
});
