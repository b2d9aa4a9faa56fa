import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type PaymentsSandbox, SEED_IDS, startPaymentsSimulator } from '@c/payments/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './test-support/cli.js';
import { tempDir } from './test-support/temp-host.js';

let stripe: PaymentsSandbox;
let key: string;
const dirs: { path: string; remove(): void }[] = [];

beforeAll(async () => {
  stripe = await startPaymentsSimulator({ seed: true, contracts: false });
  key = stripe.connection.credentials.apiKey;
});
afterAll(async () => {
  await stripe.close();
  for (const dir of dirs) dir.remove();
});
beforeEach(() => stripe.server.reset());

function dataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir.path;
}

describe('c-host CLI', () => {
  it('lists and describes commands as JSON', async () => {
    const list = await runCli(['list', '--connector', 'payments']);
    expect(list.code).toBe(0);
    expect(list.json).toContainEqual(
      expect.objectContaining({
        id: 'payments.createCustomer',
        toolName: 'payments_createCustomer',
        title: 'Create Customer',
      }),
    );
    const one = await runCli(['describe', 'payments.getCustomers']);
    expect(one.code).toBe(0);
    expect(one.json.inputSchema.properties.limit.title).toBeTruthy();
  });

  it('runs a command on the env connection, with --param coerced by the schema', async () => {
    const env = { C_HOST_DATA_DIR: dataDir(), C_PAYMENTS_API_KEY: key, C_PAYMENTS_BASE_URL: stripe.url };
    const result = await runCli(['run', 'payments.getCustomers', '--param', 'limit=2'], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({ object: 'list' });
    expect(result.json.data).toHaveLength(2);
    const sent = stripe.server.calls.at(-1)!;
    expect(sent.method).toBe('GET');
    expect(sent.path).toBe('/v1/customers');
    expect(sent.query.get('limit')).toBe('2');
    expect(sent.headers.authorization).toBe(`Bearer ${key}`);
  });

  it('takes --input JSON, and --param wins over it', async () => {
    const env = { C_HOST_DATA_DIR: dataDir(), C_PAYMENTS_API_KEY: key, C_PAYMENTS_BASE_URL: stripe.url };
    const result = await runCli(
      [
        'run',
        'payments.createCustomer',
        '--input',
        '{"name":"Edsger","email":"e@example.com"}',
        '-p',
        'metadata.tier=gold',
        '-p',
        'name=Edsger D.',
      ],
      { env },
    );
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({
      name: 'Edsger D.',
      email: 'e@example.com',
      metadata: { tier: 'gold' },
    });
    expect(stripe.server.calls.at(-1)?.bodyForm?.get('metadata[tier]')).toBe('gold');
  });

  it('exits 2 with the error JSON on stderr for bad input or an unknown command, sending nothing', async () => {
    const env = { C_HOST_DATA_DIR: dataDir(), C_PAYMENTS_API_KEY: key, C_PAYMENTS_BASE_URL: stripe.url };
    const bad = await runCli(['run', 'payments.getCustomerById', '--param', 'customerId=nope'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.error).toMatchObject({ name: 'ValidationError', kind: 'validation', parameter: 'customerId' });
    const unknown = await runCli(['run', 'payments.nope'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.error.parameter).toBe('command');
    const json = await runCli(['run', 'payments.getCustomers', '--input', '{oops'], { env });
    expect(json.code).toBe(2);
    expect(json.error.parameter).toBe('input');
    expect(stripe.server.calls).toHaveLength(0);
  });

  it('prints help and exits 0 when run bare or with a bare group, as gh does', async () => {
    const env = { C_HOST_DATA_DIR: dataDir() };
    for (const args of [[], ['runs'], ['connections'], ['keys']]) {
      const bare = await runCli(args, { env });
      expect(bare.code, `c-host ${args.join(' ')}`).toBe(0);
      expect(bare.stdout).toContain(`Usage: c-host${args.length ? ` ${args[0]}` : ''} [options] [command]`);
      expect(bare.stdout).toContain('Commands:');
      expect(bare.stderr).toBe('');
    }
    const unknown = await runCli(['bogus'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.error.message).toContain("unknown command 'bogus'");
  });

  it('exits 1 for a provider error', async () => {
    const env = { C_HOST_DATA_DIR: dataDir(), C_PAYMENTS_API_KEY: key, C_PAYMENTS_BASE_URL: stripe.url };
    const missing = await runCli(['run', 'payments.getCustomerById', '-p', 'customerId=cus_DoesNotExist'], {
      env,
    });
    expect(missing.code).toBe(1);
    expect(missing.error).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('streams the list of a result as NDJSON to --output', async () => {
    const dir = dataDir();
    const file = join(dir, 'customers.ndjson');
    const env = { C_HOST_DATA_DIR: dir, C_PAYMENTS_API_KEY: key, C_PAYMENTS_BASE_URL: stripe.url };
    const result = await runCli(['run', 'payments.getCustomers', '-p', 'limit=5', '--output', file], { env });
    expect(result.code).toBe(0);
    expect(result.json).toEqual({ output: file, count: 5 });
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line.id).toMatch(/^cus_/);
  });

  it('manages connections: add (verified), list with hints, run, test, default, remove', async () => {
    const env = { C_HOST_DATA_DIR: dataDir() };
    const add = await runCli(
      [
        'connections',
        'add',
        'live',
        '--connector',
        'payments',
        '--credential',
        `apiKey=${key}`,
        '--option',
        `baseUrl=${stripe.url}`,
      ],
      { env },
    );
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
    expect(add.stdout).not.toContain(key);
    expect(add.json).toMatchObject({ name: 'live', connector: 'payments', isDefault: true, status: 'ok' });
    expect(add.json.credentialHints.apiKey).toMatch(/^sk_test_…/);
    expect(stripe.server.calls).toHaveLength(1);

    const second = await runCli(
      [
        'connections',
        'add',
        'other',
        '--connector',
        'payments',
        '--credential',
        `apiKey=${key}`,
        '--option',
        `baseUrl=${stripe.url}`,
      ],
      { env },
    );
    expect(second.json.isDefault).toBe(false);

    const list = await runCli(['connections', 'list'], { env });
    expect(list.stdout).not.toContain(key);
    expect(list.json.map((view: { name: string }) => view.name)).toEqual(['live', 'other']);

    const run = await runCli(
      ['run', 'payments.getCustomerById', '-p', `customerId=${SEED_IDS.customers.ada}`, '-c', 'other'],
      { env },
    );
    expect(run.code).toBe(0);
    expect(run.json.id).toBe(SEED_IDS.customers.ada);

    expect((await runCli(['connections', 'test', 'other'], { env })).json.status).toBe('ok');
    expect((await runCli(['connections', 'default', 'other'], { env })).json.isDefault).toBe(true);
    expect((await runCli(['connections', 'remove', 'other'], { env })).json).toEqual({ removed: 'other' });
    const gone = await runCli(['connections', 'remove', 'other'], { env });
    expect(gone.code).toBe(1);
    expect(gone.error.kind).toBe('not_found');
    const files = readdirSync(env.C_HOST_DATA_DIR);
    for (const file of files) {
      expect(readFileSync(join(env.C_HOST_DATA_DIR, file)).includes(Buffer.from(key)), file).toBe(false);
    }
  });

  it('says how to set up OAuth when connect has no client and no running server', async () => {
    const result = await runCli(['connect', 'docs', '--no-open'], { env: { C_HOST_DATA_DIR: dataDir() } });
    expect(result.code).toBe(2);
    expect(result.error).toMatchObject({ kind: 'validation', parameter: 'connector' });
    expect(result.error.message).toContain('C_DOCS_OAUTH_CLIENT_ID');
  });

  it('refuses a wrong key on add and stores nothing', async () => {
    const env = { C_HOST_DATA_DIR: dataDir() };
    const wrong = 'sk_test_WrongKeyWrongKey1234';
    const add = await runCli(
      [
        'connections',
        'add',
        'bad',
        '--connector',
        'payments',
        '--credential',
        `apiKey=${wrong}`,
        '--option',
        `baseUrl=${stripe.url}`,
      ],
      { env },
    );
    expect(add.code).toBe(1);
    expect(add.error.kind).toBe('auth');
    expect(add.stderr).not.toContain(wrong);
    expect((await runCli(['connections', 'list'], { env })).json).toEqual([]);
  });

  it('refuses a credential given as an option, on add and on Reconnect, storing and sending nothing', async () => {
    const env = { C_HOST_DATA_DIR: dataDir() };
    const planted = 'sk_test_PlantedAsAnOption99';
    const add = await runCli(
      [
        'connections',
        'add',
        'planted',
        '--connector',
        'payments',
        '--credential',
        `apiKey=${key}`,
        '--option',
        `baseUrl=${stripe.url}`,
        '--option',
        `credentials.apiKey=${planted}`,
        '--no-verify',
      ],
      { env },
    );
    expect(add.code).toBe(2);
    expect(add.error).toMatchObject({ kind: 'validation', parameter: 'options.credentials' });
    expect(add.stderr).not.toContain(planted);
    expect((await runCli(['connections', 'list'], { env })).json).toEqual([]);

    const base = ['--credential', `apiKey=${key}`, '--option', `baseUrl=${stripe.url}`];
    expect((await runCli(['connect', 'payments', '--name', 'p', ...base], { env })).code).toBe(0);
    const reconnect = await runCli(
      ['connect', 'payments', '--name', 'p', ...base, '--option', `apiKey=${planted}`],
      {
        env,
      },
    );
    expect(reconnect.code).toBe(2);
    expect(reconnect.error).toMatchObject({ kind: 'validation', parameter: 'options.apiKey' });
    expect(stripe.server.calls.some((call) => call.headers.authorization?.includes(planted))).toBe(false);
  });

  it('refuses to start without the secret key the store was sealed with, and makes no new one', async () => {
    const dir = dataDir();
    const env = { C_HOST_DATA_DIR: dir };
    const add = ['connections', 'add', 'live', '--connector', 'payments', '--credential', `apiKey=${key}`];
    expect((await runCli([...add, '--option', `baseUrl=${stripe.url}`], { env })).code).toBe(0);
    const keyFile = join(dir, 'secret.key');
    const original = readFileSync(keyFile, 'utf8');
    rmSync(keyFile);

    const lost = await runCli(['connections', 'list'], { env });
    expect(lost.code).toBe(2);
    expect(lost.error).toMatchObject({ kind: 'validation', parameter: 'C_HOST_SECRET_KEY' });
    expect(lost.error.message).toContain(keyFile);
    expect(readdirSync(dir)).not.toContain('secret.key');

    const wrong = await runCli(['connections', 'list'], {
      env: { ...env, C_HOST_SECRET_KEY: 'not the key' },
    });
    expect(wrong.code).toBe(2);
    expect(wrong.error.message).toMatch(/secret key from C_HOST_SECRET_KEY does not open the store/);

    const supplied = await runCli(['connections', 'list'], { env: { ...env, C_HOST_SECRET_KEY: original } });
    expect(supplied.code).toBe(0);
    expect(supplied.json).toEqual([expect.objectContaining({ name: 'live', status: 'ok' })]);
  });
});
