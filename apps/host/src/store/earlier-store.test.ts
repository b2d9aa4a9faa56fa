import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { postgresForTests } from '../test-support/postgres.js';
import { tempDir } from '../test-support/temp-host.js';
import type { HostStore } from './host-store.js';
import { PostgresHostStore } from './postgres-store.js';
import { DATABASE_FILE, SqliteHostStore } from './sqlite-store.js';

// Stores written by the host before its store was split by role (`__fixtures__/README.md` says how),
// opened by today's code: the same tables, the same rows, every role reading what it wrote.

/** The key the fixtures were sealed with (a test key, sealing nothing but the fixtures). */
const FIXTURE_KEY = '//9y9EPDavDNv+GqEODmrP3nDhM50PR0Ohy0a9BAv/c=';
const fixture = (name: string) => readFileSync(join(import.meta.dirname, '__fixtures__', name), 'utf8');

/** What every role of a store written before the split reads back. */
async function readsEveryRole(store: HostStore): Promise<void> {
  const connections = await store.connections.list();
  expect(connections.map((record) => [record.name, record.status, record.isDefault])).toEqual([
    ['docs-oauth', 'needs_reconnect', true],
    ['live', 'ok', true],
  ]);
  expect(await store.connections.get('live')).toMatchObject({
    credentials: { apiKey: 'sk_test_FIXTURE_4242' },
    options: { accountId: 'acct_1' },
    createdAt: '2026-12-01T12:00:00.000Z',
  });
  expect((await store.connections.getDefault('docs'))?.credentials).toEqual({
    accessToken: 'ya29.FIXTURE',
    refreshToken: '1//FIXTURE',
  });

  expect(await store.settings.getSetting('access_token_sha256')).toBe('ab'.repeat(32));
  expect(await store.settings.getEphemeral('session', 'cd'.repeat(32))).toBe('{"generation":1}');

  const done = await store.runs.getRun('00000000-0000-4000-8000-000000000001');
  expect(done).toMatchObject({ status: 'succeeded', input: { limit: 2 }, actor: 'cli', attempt: 1 });
  const pieces: string[] = [];
  for await (const piece of store.runs.readRunResult(done!.id)) pieces.push(piece);
  expect(pieces).toEqual(['{"id":"cus_1"}\n', '{"id":"cus_2"}\n']);
  expect(await store.runs.listRuns({ status: 'queued' })).toMatchObject([
    { command: 'payments.createCustomer', idempotencyKey: 'key-1', repeatSafe: false },
  ]);

  expect(await store.audit.listAudit({ limit: 10 })).toMatchObject([
    { action: 'command.run', requestId: 'req_FIXTURE', at: '2026-12-01T11:30:00.000Z' },
    { action: 'connection.create', target: 'live', at: '2026-12-01T11:00:00.000Z' },
  ]);

  expect(await store.triggers.getSubscription('sub_fixture')).toMatchObject({
    state: { endpointId: 'we_1', secret: 'whsec_FIXTURE' },
    deliverSecret: 'c_whsec_FIXTURE',
    deliverTo: { url: 'https://example.com/hook' },
    hookUrl: 'https://host.example.com/hooks/sub_fixture',
  });
  expect(await store.triggers.listEvents({ subscription: 'sub_fixture' })).toMatchObject([
    { id: 'evt_1', seq: 1, data: { id: 'evt_1', object: 'event' } },
  ]);
  expect(await store.triggers.listDeliveries('sub_fixture')).toMatchObject([{ seq: 1, status: 'pending' }]);
  // The replay key is still held: the same signed delivery under another id stores nothing.
  const copy = { id: 'evt_copy', type: 'customer.created', occurredAt: '2026-12-01T11:45:00.000Z', data: {} };
  expect(
    await store.triggers.addEvents('sub_fixture', [
      { ...copy, replay: { key: 'replay-1', until: '2100-01-01T00:00:00.000Z' } },
    ]),
  ).toEqual([]);

  expect(await store.failures.get('ip:203.0.113.7', Date.parse('2026-12-01T12:00:01Z'))).toMatchObject({
    count: 1,
  });
  expect(await store.locks.withLock('fixture', async () => 'held')).toBe('held');
  await store.history.appendHistory({
    id: 'f0000000-0000-4000-8000-000000000001',
    at: new Date(),
    command: 'payments.getCustomers',
    connection: 'env',
    surface: 'cli',
    actor: 'cli',
    outcome: 'ok',
    durationMs: 5,
    dryRun: false,
  });
  expect((await store.history.listHistory({ limit: 5 })).map((line) => line.command)).toEqual([
    'payments.getCustomers',
  ]);
  expect(await store.checkReady()).toMatchObject({ ready: true });
}

describe('a SQLite store written before the split by role', () => {
  const dirs: { remove(): void }[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });

  it('opens unchanged: the same tables (and the run history beside them), every row read by its role', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = join(dir.path, DATABASE_FILE);
    const seeded = new DatabaseSync(file);
    seeded.exec(fixture('store-2026-12-sqlite.sql'));
    const schema = () => {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        return db
          .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
          .all();
      } finally {
        db.close();
      }
    };
    const before = schema();
    seeded.close();

    const store = new SqliteHostStore({ dataDir: dir.path, secretKey: FIXTURE_KEY });
    try {
      await readsEveryRole(store);
    } finally {
      await store.close();
    }
    // The one role added since, the run history, is a table of its own; nothing earlier changes.
    const after = schema() as { name: string }[];
    expect(after.filter((entry) => !entry.name.startsWith('run_history'))).toEqual(before);
    expect(after.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['run_history', 'run_history_at']),
    );
  });
});

const availability = await postgresForTests();
const cluster = availability.available ? availability.postgres : undefined;
afterAll(async () => {
  await cluster?.stop();
});

describe.skipIf(!cluster)('a PostgreSQL store written before the split by role', () => {
  /** The host schema's columns and the migrations applied, as whoever reads the catalog sees them. */
  async function schemaOf(url: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const columns = await client.query(
        `SELECT table_name, column_name, data_type FROM information_schema.columns
         WHERE table_schema = 'c_host' ORDER BY table_name, column_name`,
      );
      const steps = await client.query('SELECT version, name FROM c_host.schema_migrations ORDER BY version');
      return { columns: columns.rows, steps: steps.rows };
    } finally {
      await client.end();
    }
  }

  it('opens unchanged: the same tables and migrations (and the run history beside them), every row read by its role', async () => {
    const url = await cluster!.createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(fixture('store-2026-12-postgres.sql'));
    await client.end();
    const before = await schemaOf(url);
    expect(before.steps.at(-1)).toMatchObject({ version: 7 });

    const store = await PostgresHostStore.open({ url, secretKey: FIXTURE_KEY });
    try {
      await readsEveryRole(store);
    } finally {
      await store.close();
    }
    // The one step added since (8) makes the run history's table; nothing earlier changes.
    const after = await schemaOf(url);
    expect(after.columns.filter((column) => column.table_name !== 'run_history')).toEqual(before.columns);
    expect(after.steps).toEqual([
      ...before.steps,
      { version: 8, name: expect.stringMatching(/^run history/) },
    ]);
  });
});
