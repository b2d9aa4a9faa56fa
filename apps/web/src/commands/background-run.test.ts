import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { mockServer } from '../test/render';
import {
  cancelRun,
  progressText,
  RunCanceled,
  type RunEvent,
  runInBackground,
  serverSentEvents,
} from './background-run';

const msw = mockServer();

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('background runs', () => {
  it('parses Server-Sent Events split across chunks, skipping keep-alive comments', async () => {
    const events = await collect(
      serverSentEvents(
        streamOf(
          'event: status\r\ndata: {"status":"queued"}\r\n\r\n: still running\n\n',
          'event: prog',
          'ress\ndata: {"a":\ndata: 1}\n\n',
          'data: plain\n\nevent: end\ndata: {}\n\n',
        ),
      ),
    );
    expect(events).toEqual([
      { event: 'status', data: '{"status":"queued"}' },
      { event: 'progress', data: '{"a":\n1}' },
      { event: 'message', data: 'plain' },
      { event: 'end', data: '{}' },
    ]);
  });

  it('words progress as its message and count', () => {
    expect(progressText({ message: 'Exporting', current: 3, total: 10 })).toBe('Exporting · 3 of 10');
    expect(progressText({ current: 3 })).toBe('3');
    expect(progressText({})).toBeUndefined();
    expect(progressText(null)).toBeUndefined();
  });

  it('starts the run, follows its events, then answers the run’s result', async () => {
    const host = msw.host();
    const states: unknown[] = [];
    const result = await runInBackground(
      'payments.getCustomers',
      { limit: 2 },
      'sandbox-payments',
      new AbortController().signal,
      (state) => states.push(state),
    );
    expect(result).toMatchObject({ object: 'list', data: [{ id: 'cus_Ada1' }, { id: 'cus_Alan2' }] });
    const [started] = host.state.backgroundRuns;
    const id = started?.id;
    expect(host.state.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/runs',
      `GET /api/runs/${id}/events`,
      `GET /api/runs/${id}`,
    ]);
    expect(host.state.calls[0]?.body).toEqual({
      command: 'payments.getCustomers',
      connection: 'sandbox-payments',
      input: { limit: 2 },
    });
    expect(states).toEqual([
      { id, status: 'queued' },
      { id, status: 'queued' },
      { id, status: 'running' },
      { id, status: 'running', progress: 'Reading · 1 of 2' },
      { id, status: 'succeeded', progress: 'Reading · 1 of 2' },
    ]);
  });

  it('follows again when a stream is cut before the end, and gives up after three cuts', async () => {
    const host = msw.host();
    host.state.cutEventStreams = 2;
    const follow = () =>
      runInBackground('payments.getPlans', {}, undefined, new AbortController().signal, () => {});
    await expect(follow()).resolves.toBeDefined();
    const streams = () => host.state.calls.filter((call) => call.path.endsWith('/events')).length;
    expect(streams()).toBe(3);

    host.state.cutEventStreams = 3;
    const failure = await follow().catch((cause: unknown) => cause);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).body).toMatchObject({ kind: 'network', retryable: true });
    expect((failure as ApiError).body.message).toContain('The run goes on there');
    expect(streams()).toBe(6);
  });

  it('throws a failed run’s error as the host recorded it', async () => {
    msw.host();
    const failure = await runInBackground(
      'payments.getCustomerById',
      { customerId: 'cus_revoked' },
      'sandbox-payments',
      new AbortController().signal,
      () => {},
    ).catch((cause: unknown) => cause);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).body).toMatchObject({ kind: 'auth', needsReconnect: true, status: 401 });
  });

  it('stops following when aborted, leaving the run to the host', async () => {
    const host = msw.host();
    host.state.holdRuns = true;
    const controller = new AbortController();
    const seen: RunEvent['type'][] = [];
    const following = runInBackground('payments.getPlans', {}, undefined, controller.signal, (state) => {
      seen.push(state.progress ? 'progress' : 'status');
      if (state.progress) controller.abort();
    });
    await expect(following).rejects.toThrow();
    expect(seen.at(-1)).toBe('progress');
    expect(host.state.calls.map((call) => call.method + call.path.replace(/[0-9a-f-]{36}/, ':id'))).toEqual([
      'POST/api/runs',
      'GET/api/runs/:id/events',
    ]);
    expect(host.state.calls[0]?.body).toEqual({ command: 'payments.getPlans', input: {} });
  });

  it('cancels a run on the host, whose end it follows and throws as RunCanceled; a finished run is a 409', async () => {
    const host = msw.host();
    host.state.holdRuns = true;
    const statuses: string[] = [];
    let id = '';
    let asked = false;
    const following = runInBackground(
      'payments.getPlans',
      {},
      undefined,
      new AbortController().signal,
      (state) => {
        id = state.id;
        statuses.push(state.status);
        if (state.progress && !asked) {
          asked = true;
          void cancelRun(state.id);
        }
      },
    ).catch((cause: unknown) => cause);
    const failure = await following;
    expect(failure).toBeInstanceOf(RunCanceled);
    expect((failure as RunCanceled).run).toMatchObject({ id, status: 'canceled', result: null, error: null });
    expect(statuses.at(-1)).toBe('canceled');
    expect(host.state.calls.map((call) => `${call.method} ${call.path}`)).toContain(
      `POST /api/runs/${id}/cancel`,
    );
    expect((await cancelRun(id)).status).toBe('canceled');
    host.state.holdRuns = false;
    await runInBackground('payments.getPlans', {}, undefined, new AbortController().signal, () => {});
    const ended = host.state.backgroundRuns[1]?.id ?? '';
    const refused = await cancelRun(ended).catch((cause: unknown) => cause);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(409);
  });
});
