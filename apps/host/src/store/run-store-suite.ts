import { expect, it } from 'vitest';
import type { NewRun } from './run-store.js';
import { type FreshLocation, KEY_A, KEY_B, SECRET } from './store-suite-support.js';

/**
 * The async runs cases of the shared store suite: claims fenced by attempt, cancels, results in
 * pieces, sealed at rest.
 */
export function runStoreCases(location: FreshLocation): void {
  const newRun = (id: string, extra: Partial<NewRun> = {}): NewRun => ({
    id,
    command: 'payments.getCustomers',
    connection: 'live',
    input: { limit: 3 },
    repeatSafe: true,
    ...extra,
  });
  const A = { owner: 'host-a:1:aa', leaseMs: 30_000 };
  const B = { owner: 'host-b:2:bb', leaseMs: 30_000 };
  const collect = async (pieces: AsyncIterable<string>) => {
    const all: string[] = [];
    for await (const piece of pieces) all.push(piece);
    return all;
  };

  it('records a run queued, and lets each queued run be claimed by one handle only, oldest first', async () => {
    const { open } = await location();
    const [one, two] = [await open(), await open()];
    const created = await one.runs.createRun(newRun('r-0', { idempotencyKey: 'k-0', repeatSafe: false }));
    expect(created).toMatchObject({
      id: 'r-0',
      command: 'payments.getCustomers',
      connection: 'live',
      input: { limit: 3 },
      idempotencyKey: 'k-0',
      repeatSafe: false,
      status: 'queued',
      attempt: 0,
      progress: undefined,
      result: undefined,
      error: undefined,
      startedAt: undefined,
      finishedAt: undefined,
    });
    for (let index = 1; index < 6; index += 1) await two.runs.createRun(newRun(`r-${index}`));
    expect((await one.runs.listRuns({ status: 'queued' })).map((run) => run.id)).toEqual([
      'r-0',
      'r-1',
      'r-2',
      'r-3',
      'r-4',
      'r-5',
    ]);
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, index) => (index % 2 ? one : two).runs.claimNextRun(index % 2 ? A : B)),
    );
    const taken = claims.filter((run) => run !== undefined);
    expect(taken.map((run) => run.id).sort()).toEqual(['r-0', 'r-1', 'r-2', 'r-3', 'r-4', 'r-5']);
    for (const run of taken) {
      expect(run).toMatchObject({ status: 'running', attempt: 1 });
      expect([A.owner, B.owner]).toContain(run.owner);
      expect(run.leaseExpiresAt).toBeGreaterThan(Date.now());
      expect(run.startedAt).toEqual(expect.any(String));
    }
    expect(await one.runs.listRuns({ status: 'queued' })).toEqual([]);
    expect(await one.runs.listRuns({ status: 'running', limit: 2 })).toHaveLength(2);
  });

  it('fences a worker by its attempt: once another took the run over, the first can neither report nor end it', async () => {
    const { open } = await location();
    const [one, two] = [await open(), await open()];
    await one.runs.createRun(newRun('r'));
    const first = (await one.runs.claimNextRun(A))!;
    expect(await one.runs.touchRun('r', first.attempt, { progress: { current: 1 } })).toBe('running');
    expect((await two.runs.getRun('r'))?.progress).toEqual({ current: 1 });
    // Its worker died: a queue handed the run to another.
    const taken = (await two.runs.takeRun('r', B))!;
    expect(taken.previous).toBe('running');
    expect(taken.run).toMatchObject({ status: 'running', attempt: 2, owner: B.owner });
    expect(taken.run.startedAt).toBe(first.startedAt);
    expect(await one.runs.touchRun('r', 1, { progress: { current: 2 }, leaseMs: 1 })).toBeUndefined();
    expect(await one.runs.finishRun('r', 1, { error: { kind: 'internal', message: 'late' } })).toBe(false);
    expect(await one.runs.releaseRun('r', 1)).toBe(false);
    expect(await two.runs.finishRun('r', 2, { result: { head: '{"ok":true}', count: 0 }, pieces: [] })).toBe(
      true,
    );
    const run = (await one.runs.getRun('r'))!;
    expect(run).toMatchObject({
      status: 'succeeded',
      attempt: 2,
      result: { head: '{"ok":true}', count: 0 },
    });
    expect(run).toMatchObject({ error: undefined, owner: undefined, leaseExpiresAt: undefined });
    // An ended run is handed back unchanged: a queue's repeat of its job changes nothing.
    const again = (await one.runs.takeRun('r', A))!;
    expect(again.previous).toBe('succeeded');
    expect(again.run.attempt).toBe(2);
    expect(await one.runs.takeRun('nope', A)).toBeUndefined();
  });

  it('cancels a queued run at once and a running one through its worker’s next renewal; an ended run stays as it was', async () => {
    const { open } = await location();
    const [one, two] = [await open(), await open()];
    await one.runs.createRun(newRun('q'));
    const queued = (await two.runs.cancelRun('q'))!;
    expect(queued.previous).toBe('queued');
    expect(queued.run).toMatchObject({ status: 'canceled', error: undefined, startedAt: undefined });
    expect(queued.run.finishedAt).toEqual(expect.any(String));
    // Never started: no worker claims or takes it any more.
    expect(await one.runs.claimNextRun(A)).toBeUndefined();
    expect(await one.runs.takeRun('q', A)).toMatchObject({ previous: 'canceled', run: { attempt: 0 } });

    await one.runs.createRun(newRun('r'));
    const running = (await one.runs.claimNextRun(A))!;
    await one.runs.touchRun('r', running.attempt, { progress: { current: 3 } });
    const asked = (await two.runs.cancelRun('r'))!;
    expect(asked.previous).toBe('running');
    expect(asked.run).toMatchObject({ status: 'canceling', owner: A.owner, finishedAt: undefined });
    // Asking again changes nothing; the worker hears of it when it renews its lease.
    expect((await two.runs.cancelRun('r'))?.previous).toBe('canceling');
    expect(await one.runs.touchRun('r', running.attempt, { leaseMs: 1000 })).toBe('canceling');
    // Not put back in the queue, nor taken by another worker's queue job.
    expect(await one.runs.releaseRun('r', running.attempt)).toBe(false);
    expect((await two.runs.takeRun('r', B))?.previous).toBe('canceling');
    const error = { kind: 'internal', message: 'may have written', outcomeUnknown: true };
    expect(await one.runs.finishRun('r', running.attempt, { canceled: true, error })).toBe(true);
    expect(await two.runs.getRun('r')).toMatchObject({
      status: 'canceled',
      progress: { current: 3 },
      result: undefined,
      error,
      owner: undefined,
    });
    expect(await one.runs.touchRun('r', running.attempt, {})).toBeUndefined();
    expect((await two.runs.cancelRun('r'))?.previous).toBe('canceled');
    expect(await one.runs.pruneRuns(new Date(Date.now() + 60_000))).toBe(2);

    await one.runs.createRun(newRun('done'));
    const done = (await one.runs.claimNextRun(A))!;
    await one.runs.finishRun('done', done.attempt, { result: { head: '1', count: 0 }, pieces: [] });
    expect(await two.runs.cancelRun('done')).toMatchObject({
      previous: 'succeeded',
      run: { status: 'succeeded' },
    });
    expect(await two.runs.cancelRun('nope')).toBeUndefined();
  });

  it('keeps a result with its list in pieces, read back in order, and an error', async () => {
    const { open } = await location();
    const store = await open();
    await store.runs.createRun(newRun('list'));
    const list = (await store.runs.claimNextRun(A))!;
    const pieces = ['{"id":"a"}\n{"id":"b"}\n', '{"id":"c"}\n'];
    const result = { head: '{"data":', tail: ',"hasMore":false}', count: 3 };
    expect(await store.runs.finishRun(list.id, list.attempt, { result, pieces })).toBe(true);
    const done = (await (await open()).runs.getRun('list'))!;
    expect(done).toMatchObject({ status: 'succeeded', result, error: undefined });
    expect(done.finishedAt! >= done.startedAt!).toBe(true);
    expect(await collect(store.runs.readRunResult('list'))).toEqual(pieces);
    await store.runs.createRun(newRun('fails'));
    const failing = (await store.runs.claimNextRun(A))!;
    const error = { name: 'ProviderError', kind: 'provider', message: 'No such customer', status: 404 };
    expect(await store.runs.finishRun(failing.id, failing.attempt, { error })).toBe(true);
    expect(await store.runs.getRun('fails')).toMatchObject({
      status: 'failed',
      error,
      result: undefined,
    });
    expect(await collect(store.runs.readRunResult('fails'))).toEqual([]);
  });

  it('puts a released run back in the queue, and prunes ended runs with their results', async () => {
    const { open } = await location();
    const store = await open();
    await store.runs.createRun(newRun('back'));
    const first = (await store.runs.claimNextRun(A))!;
    await store.runs.touchRun('back', first.attempt, { progress: { current: 5 } });
    expect(await store.runs.releaseRun('back', first.attempt)).toBe(true);
    expect(await store.runs.getRun('back')).toMatchObject({
      status: 'queued',
      progress: undefined,
      owner: undefined,
    });
    expect(await store.runs.touchRun('back', first.attempt, { leaseMs: 1 })).toBeUndefined();
    const second = (await store.runs.claimNextRun(B))!;
    expect(second).toMatchObject({ id: 'back', attempt: 2, owner: B.owner });
    await store.runs.finishRun('back', 2, { result: { head: '', tail: '', count: 1 }, pieces: ['1\n'] });
    await store.runs.createRun(newRun('waiting'));
    expect(await store.runs.pruneRuns(new Date(Date.now() - 60_000))).toBe(0);
    expect(await store.runs.pruneRuns(new Date(Date.now() + 60_000))).toBe(1);
    expect(await store.runs.getRun('back')).toBeUndefined();
    expect(await collect(store.runs.readRunResult('back'))).toEqual([]);
    expect((await store.runs.getRun('waiting'))?.status).toBe('queued');
  });

  it('keeps a run’s input, result and error sealed at rest, and re-seals them on key rotation', async () => {
    const { place, open } = await location({ secretKey: KEY_A });
    const store = await open();
    await store.runs.createRun(newRun('s', { input: { apiKeyEcho: SECRET } }));
    const run = (await store.runs.claimNextRun(A))!;
    await store.runs.finishRun('s', run.attempt, {
      result: { head: `{"secret":"${SECRET}","data":`, tail: '}', count: 1 },
      pieces: [`{"token":"${SECRET}-piece"}\n`],
    });
    await store.runs.createRun(newRun('e'));
    const failing = (await store.runs.claimNextRun(A))!;
    await store.runs.finishRun('e', failing.attempt, {
      error: { kind: 'provider', message: `echo ${SECRET}` },
    });
    await store.close();
    const raw = await place.rawContent();
    expect(raw.includes(Buffer.from(SECRET.slice(8, 24)))).toBe(false);

    const moved = await open({ secretKey: KEY_B, oldKeys: KEY_A });
    const report = await moved.reseal();
    expect(report.ephemerals).toBe(5);
    const after = await open({ secretKey: KEY_B });
    expect((await after.runs.getRun('s'))?.input).toEqual({ apiKeyEcho: SECRET });
    expect((await after.runs.getRun('s'))?.result?.head).toContain(SECRET);
    expect(await collect(after.runs.readRunResult('s'))).toEqual([`{"token":"${SECRET}-piece"}\n`]);
    expect((await after.runs.getRun('e'))?.error?.message).toBe(`echo ${SECRET}`);
  });
}
