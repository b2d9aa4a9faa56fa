import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signTimestamped } from '@c/core';
import { describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { runCli, startCli } from '../test-support/cli.js';
import { call } from '../test-support/http.js';
import { tempDir, tempHost } from '../test-support/temp-host.js';
import { noEventsText } from './triggers.js';

describe('c-host subscribe / events (real processes, the sandbox)', () => {
  it('subscribe payments.event, run payments.createCustomer, and `c-host events` prints the customer.created event', async () => {
    const dir = tempDir();
    const env = { C_HOST_DATA_DIR: dir.path };
    const serve = startCli(['serve', '--sandbox', '--port', '0', '--no-open'], env);
    try {
      await serve.waitFor(/\/auth\?token=/);
      const triggers = await runCli(['triggers'], { env });
      expect(triggers.code, triggers.stderr).toBe(0);
      expect(triggers.json.map((entry: { id: string }) => entry.id)).toContain('payments.event');

      const bad = await runCli(['subscribe', 'payments.event', '-p', 'events=no such event'], { env });
      expect(bad.code).toBe(2);
      expect(bad.error).toMatchObject({ kind: 'validation', parameter: 'events.0' });

      const subscribed = await runCli(['subscribe', 'payments.event', '-p', 'events=customer.created'], {
        env,
      });
      expect(subscribed.code, subscribed.stderr).toBe(0);
      expect(subscribed.json).toMatchObject({
        trigger: 'payments.event',
        connection: 'sandbox-payments',
        input: { events: ['customer.created'] },
        hookUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/sub_/),
      });
      const id = subscribed.json.id as string;

      const run = await runCli(['run', 'payments.createCustomer', '-p', 'email=cli-loop@example.com'], {
        env,
      });
      expect(run.code, run.stderr).toBe(0);

      const follow = startCli(['events', '--subscription', id, '--follow'], env);
      let line: Record<string, any> | undefined;
      try {
        while (!line) {
          const first = follow.stdout().split('\n')[0];
          if (first) line = JSON.parse(first);
          else await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await follow.stop();
      }
      expect(line).toMatchObject({
        trigger: 'payments.event',
        subscription: id,
        type: 'customer.created',
        data: { data: { object: { id: run.json.id, email: 'cli-loop@example.com' } } },
      });

      const events = await runCli(['events', '--subscription', id], { env });
      expect(events.json.events.map((event: { id: string }) => event.id)).toEqual([line?.id]);

      const listed = await runCli(['subscriptions'], { env });
      expect(listed.json.map((view: { id: string }) => view.id)).toEqual([id]);
      const removed = await runCli(['subscriptions', 'remove', id], { env });
      expect(removed.code, removed.stderr).toBe(0);
      expect((await runCli(['subscriptions', 'list'], { env })).json).toEqual([]);
    } finally {
      await serve.stop();
      dir.remove();
    }
  }, 120_000);

  it('loses nothing it acknowledged when the server is killed (kill -9) right after its 2xx', async () => {
    const dir = tempDir();
    const env = { C_HOST_DATA_DIR: dir.path };
    const serve = startCli(['serve', '--sandbox', '--port', '0', '--no-open'], env);
    try {
      await serve.waitFor(/\/auth\?token=/);
      const server = JSON.parse(readFileSync(join(dir.path, 'server.json'), 'utf8')) as {
        url: string;
        pid: number;
      };
      const subscribed = await runCli(['subscribe', 'payments.event', '-p', 'events=*'], { env });
      expect(subscribed.code, subscribed.stderr).toBe(0);
      const id = subscribed.json.id as string;
      // The Stripe secret, read from the store as another process can (it is sealed at rest).
      const reader = await tempHost(await loadConnectors(['payments']), { dataDir: dir.path });
      const { secret } = (await reader.triggers.get(id)).state as { secret: string };
      await reader.close();
      const payload = JSON.stringify({
        id: 'evt_before_kill',
        object: 'event',
        type: 'invoice.paid',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: 'in_1', object: 'invoice' } },
      });
      const answer = await call(server.url, 'POST', `/hooks/${id}`, {
        headers: { 'content-type': 'application/json', 'stripe-signature': signTimestamped(secret, payload) },
        body: JSON.parse(payload),
      });
      expect(answer.status).toBe(200);
      process.kill(server.pid, 'SIGKILL');
      await serve.done;
      const events = await runCli(['events', '--subscription', id], { env });
      expect(events.code, events.stderr).toBe(0);
      expect(events.json.events.map((event: { id: string }) => event.id)).toEqual(['evt_before_kill']);
    } finally {
      await serve.stop();
      dir.remove();
    }
  }, 120_000);
});

describe('c-host events with none, on a terminal', () => {
  it('says there are none and how events come in, rather than printing nothing', () => {
    expect(noEventsText({})).toMatch(/^No events yet\. Events arrive while `.*serve` runs/);
    expect(noEventsText({})).toContain('subscribe <trigger>');
    expect(noEventsText({ subscription: 'sub_1' })).toMatch(/^No events for subscription sub_1 yet\./);
    expect(noEventsText({ after: 'c_9' })).toMatch(/^No events after that cursor yet\./);
  });
});
