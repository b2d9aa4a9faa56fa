import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Connector } from '@c/core';
import { createTestServer, defineSimulator, type RunningSimulator } from '@c/core/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { cliCommand, hostRoot, runCli } from '../test-support/cli.js';
import { things } from '../test-support/fake-connector.js';
import { tempDir, tempHost } from '../test-support/temp-host.js';
import { runInTerminal } from '../test-support/terminal.js';
import { startSandbox } from './sandbox.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What the keeping simulator holds: its key (new at every start) and the things made on it. */
interface KeeperState {
  key: string;
  things: Map<string, { id: string; object: 'thing'; name: string }>;
}

/**
 * A simulator with the persistence hook (`exportState`/`importState`), in the shape of the fake
 * `things` provider: a fresh random key at every start, things only once they are made.
 */
const keeperSimulator = defineSimulator<
  RunningSimulator & { state: KeeperState; exportState(): unknown; importState(state: unknown): void }
>({
  connectorId: 'keeper',
  speaks: 'the fake Things API, keeping what it holds',
  async start(options = {}) {
    const state: KeeperState = { key: `sk_test_${randomBytes(8).toString('hex')}`, things: new Map() };
    const authorized = (request: Request) => request.headers.get('authorization') === `Bearer ${state.key}`;
    const server = await createTestServer(
      [
        http.get('*/me', ({ request }) =>
          authorized(request) ? HttpResponse.json({ id: 'acct_1' }) : HttpResponse.json({}, { status: 401 }),
        ),
        http.get('*/things/:id', ({ request, params }) => {
          if (!authorized(request))
            return HttpResponse.json({ error: { message: 'Bad key' } }, { status: 401 });
          const thing = state.things.get(String(params.id));
          return thing
            ? HttpResponse.json(thing)
            : HttpResponse.json({ error: { message: 'No such thing' } }, { status: 404 });
        }),
      ],
      { port: options.port, host: options.host },
    );
    return {
      connectorId: 'keeper',
      url: server.url,
      server,
      state,
      connection: { credentials: { apiKey: state.key }, options: { baseUrl: server.url } },
      reset: () => state.things.clear(),
      close: () => server.close(),
      exportState: () => ({ key: state.key, things: state.things }),
      importState(saved: unknown) {
        const { key, things: kept } = saved as Partial<KeeperState>;
        if (typeof key !== 'string' || !(kept instanceof Map)) throw new Error('not a keeper state');
        state.key = key;
        state.things = kept;
      },
    };
  },
});

const keeper: Connector = { ...things, id: 'keeper', simulator: async () => keeperSimulator };

async function keeperHost() {
  const dir = tempDir();
  cleanups.push(() => dir.remove());
  const host = await tempHost([keeper], { dataDir: dir.path });
  cleanups.push(() => host.close());
  return host;
}

describe('a sandbox restarted on the same data directory', () => {
  it('gives a simulator with the persistence hook its data back, and its connections keep working', async () => {
    const host = await keeperHost();
    const first = await startSandbox(host);
    expect(first.kept).toEqual({ keeper: true });
    const running = first.simulators.keeper as unknown as { state: KeeperState };
    running.state.things.set('th_made', { id: 'th_made', object: 'thing', name: 'made in the sandbox' });
    // Made through Connect against the sandbox: a sandbox connection of the user's own.
    await host.connections.create(
      {
        name: 'mine',
        connector: 'keeper',
        credentials: { apiKey: running.state.key },
        options: { baseUrl: first.urls.keeper! },
      },
      { sandbox: true },
    );
    await first.close();

    const second = await startSandbox(host);
    cleanups.push(() => second.close());
    expect(second.urls.keeper).toBe(first.urls.keeper);
    expect(second.notes).toEqual([]);
    for (const connection of ['sandbox-keeper', 'mine']) {
      expect(await host.runner.call('keeper.getThing', { thingId: 'th_made' }, { connection })).toMatchObject(
        {
          name: 'made in the sandbox',
        },
      );
    }
  });

  it('keeps a customer made on the Stripe simulator, and the sandbox connection keeps its key', async () => {
    const dir = tempDir();
    cleanups.push(() => dir.remove());
    const host = await tempHost(await loadConnectors(['payments']), { dataDir: dir.path });
    cleanups.push(() => host.close());
    const first = await startSandbox(host);
    expect(first.kept).toEqual({ payments: true });
    const created = (await host.runner.call(
      'payments.createCustomer',
      { email: 'kept@example.com', name: 'Kept Across Restarts' },
      { connection: 'sandbox-payments' },
    )) as { id: string };
    const key = (await host.store.connections.get('sandbox-payments'))!.credentials.apiKey;
    await first.close();

    const second = await startSandbox(host);
    cleanups.push(() => second.close());
    expect(second.notes).toEqual([]);
    expect(second.simulators.payments!.connection.credentials.apiKey).toBe(key);
    expect(
      await host.runner.call(
        'payments.getCustomerById',
        { customerId: created.id },
        { connection: 'sandbox-payments' },
      ),
    ).toMatchObject({ id: created.id, email: 'kept@example.com', name: 'Kept Across Restarts' });
  });

  it('starts from the seed, saying why, when the saved data cannot be read', async () => {
    const host = await keeperHost();
    await (await startSandbox(host)).close();
    writeFileSync(join(host.config.dataDir, 'sandbox', 'keeper.state'), 'not a state');
    const next = await startSandbox(host);
    cleanups.push(() => next.close());
    expect(next.notes).toEqual([
      expect.stringMatching(
        /^Sandbox: the saved keeper data in .* could not be read \(.*\); the keeper simulator starts from its seed data\.$/,
      ),
    ]);
    // Its connections follow the fresh simulator's key rather than keeping a dead one.
    expect(await host.connections.test('sandbox-keeper')).toMatchObject({ status: 'ok' });
  });

  it('moves a simulator whose port was taken meanwhile, and its connections follow', async () => {
    const host = await tempHost(await loadConnectors(['payments']));
    cleanups.push(() => host.cleanup());
    const first = await startSandbox(host);
    const port = Number(new URL(first.urls.payments!).port);
    await first.close();
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => squatter.close(() => resolve())));

    const second = await startSandbox(host);
    cleanups.push(() => second.close());
    expect(second.urls.payments).not.toBe(first.urls.payments);
    expect(second.notes).toEqual([
      `Sandbox: port ${port} of the payments simulator is taken; it listens on ${new URL(second.urls.payments!).port} now, and its connections follow.`,
    ]);
    expect((await host.connections.get('sandbox-payments')).options.baseUrl).toBe(second.urls.payments);
    await second.close();
    // The new port is the one kept from now on.
    await new Promise<void>((resolve) => squatter.close(() => resolve()));
    const third = await startSandbox(host);
    cleanups.push(() => third.close());
    expect(third.urls.payments).toBe(second.urls.payments);
  });
});

describe('a sandbox connection while the sandbox is stopped', () => {
  it('fails a run at once saying to start the sandbox, and is listed as stopped, not ok', async () => {
    const host = await tempHost(await loadConnectors(['payments']));
    cleanups.push(() => host.cleanup());
    const sandbox = await startSandbox(host);
    expect((await host.connections.get('sandbox-payments')).status).toBe('ok');
    await sandbox.close();

    const failure = await host.runner
      .call('payments.getCustomers', { limit: 1 })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      kind: 'network',
      retryable: false,
      details: { connection: 'sandbox-payments', sandboxStopped: true },
    });
    expect((failure as Error).message).toContain('`c-host serve --sandbox`');
    expect((failure as Error).message).not.toMatch(/ECONNREFUSED/);
    const [view] = await host.connections.list();
    expect(view).toMatchObject({ name: 'sandbox-payments', status: 'sandbox_stopped' });
    expect(view!.statusMessage).toContain('The sandbox is not running');
  });

  it('c-host connections list says so, as JSON and on a terminal, and a run exits 1 with the reason', async () => {
    const dir = tempDir();
    cleanups.push(() => dir.remove());
    const host = await tempHost(await loadConnectors(['payments']), { dataDir: dir.path });
    await (await startSandbox(host)).close();
    await host.close();
    const list = await runCli(['connections', 'list'], { env: { C_HOST_DATA_DIR: dir.path } });
    expect(list.json).toEqual([
      expect.objectContaining({ name: 'sandbox-payments', status: 'sandbox_stopped' }),
    ]);
    const table = await runInTerminal(['connections', 'list'], { env: { C_HOST_DATA_DIR: dir.path } });
    expect(table.screen).toMatch(/^sandbox-payments\s+payments\s+sandbox stopped\s/m);
    expect(table.screen).toMatch(
      /^sandbox-payments: the sandbox is not running\. Start it with `\S*c-host serve --sandbox`/m,
    );
    const run = await runCli(['run', 'payments.getCustomers'], { env: { C_HOST_DATA_DIR: dir.path } });
    expect(run.code).toBe(1);
    expect(run.error).toMatchObject({ kind: 'network', details: { sandboxStopped: true } });
  }, 60_000);
});

describe('c-host mcp --sandbox', () => {
  it('runs the simulators in its own process: one client config is enough', async () => {
    const dir = tempDir();
    cleanups.push(() => dir.remove());
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: cliCommand.command,
        args: [...cliCommand.args, 'mcp', '--sandbox', '--tools', 'payments.*'],
        cwd: hostRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', C_HOST_DATA_DIR: dir.path },
        stderr: 'pipe',
      }),
    );
    cleanups.push(() => client.close());
    const result = await client.callTool({ name: 'payments_getCustomers', arguments: { limit: 2 } });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      object: 'list',
      data: [{ object: 'customer' }, { object: 'customer' }],
    });
    await client.close();
    // Once the client has gone, the sandbox has let go of its claim: a serve --sandbox may start.
    const host = await tempHost([], { dataDir: dir.path });
    cleanups.push(() => host.close());
    expect(await host.store.settings.getSetting('sandbox_owner')).toBeUndefined();
  }, 60_000);
});
