import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { freePort, percentile, printTable, startChildServer } from './harness.ts';

// Runs per second of `c-host serve`: one instance on its embedded store, one on PostgreSQL, three on
// PostgreSQL behind nginx, against raw `undici.request` to the same simulator (the floor: what the
// provider call alone costs). Every process (the client, the simulator, nginx, PostgreSQL and the
// hosts) shares this machine's cores, so each figure is also given per core. The database's own
// load is read from `pg_stat_database` and its backends' CPU time.

const hostDir = fileURLToPath(new URL('../../apps/host/', import.meta.url));
const cli = join(hostDir, 'dist/cli.js');
const services = fileURLToPath(new URL('./servers/fleet-services.mjs', import.meta.url));
const TOKEN = `bench-fleet-${randomBytes(12).toString('hex')}`;
const CONCURRENCY = 32;
/** Clock ticks per second of `/proc/<pid>/stat` times (Linux's USER_HZ). */
const TICKS = 100;

interface SimulatorInfo {
  url: string;
  connection: { credentials: { apiKey: string } };
}

/** A process's `/proc/<pid>/stat` fields after its name (field 3, the state, first); undefined once it is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used, in µs; with `children`, that of its ended children too. */
function cpuUs(pid: number, children = false): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  const ticks =
    Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0);
  return (ticks / TICKS) * 1e6;
}

/**
 * The CPU time of a whole PostgreSQL cluster: the postmaster, the backends and background processes
 * it has now, and those that ended (a pool closes idle connections), which the kernel adds to it.
 */
function clusterCpuUs(postmaster: number): number {
  let total = cpuUs(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (Number(statFields(Number(entry))?.[1]) === postmaster) total += cpuUs(Number(entry));
  }
  return total;
}

/** A system service from `fleet-services.mjs` (host test helpers, so tsx from apps/host). */
async function startService(
  args: string[],
): Promise<{ info: { url: string; port?: number }; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', services, ...args], {
    cwd: hostDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<{ url: string; port?: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fleet-services ${args[0]} exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
  });
  return { info, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** One `c-host serve` from the build, listening on `port`; resolves once it listens. */
async function startHost(
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<{ pid: number; url: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'c-bench-fleet-'));
  const child = spawn(process.execPath, [cli, 'serve', '--port', String(port), '--no-open'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      C_HOST_TOKEN: TOKEN,
      C_HOST_DATA_DIR: dataDir,
      ...env,
    },
    // Its JSON logs (one line per request and per run, at `info` as in production) are written and dropped.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (stderr.includes('is listening on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`c-host serve exited with ${code}: ${stderr}`)));
  });
  return {
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs one query with `psql` (Debian's client, beside the server): the first row's fields. */
function psql(url: string, sql: string): string[] {
  const result = spawnSync('psql', [url, '-AtF', '|', '-c', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
  return result.stdout.trim().split('\n')[0]!.split('|');
}

const postmasters = new Map<string, number>();

/** The bench database's transactions and rows (`pg_stat_database`), and its cluster's CPU time. */
function databaseStats(url: string): { xacts: number; rows: number; cpuUs: number } {
  let postmaster = postmasters.get(url);
  if (postmaster === undefined) {
    // The checkpointer lives as long as the cluster: its parent is the postmaster.
    const [checkpointer = '0'] = psql(
      url,
      "SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'",
    );
    postmaster = Number(statFields(Number(checkpointer))?.[1]);
    if (!(postmaster > 0)) throw new Error('the PostgreSQL postmaster was not found');
    postmasters.set(url, postmaster);
  }
  const [xacts = '0', rows = '0'] = psql(
    url,
    `SELECT xact_commit + xact_rollback, tup_returned + tup_fetched + tup_inserted + tup_updated + tup_deleted
     FROM pg_stat_database WHERE datname = current_database()`,
  );
  return { xacts: Number(xacts), rows: Number(rows), cpuUs: clusterCpuUs(postmaster) };
}

interface Scenario {
  name: string;
  call: () => Promise<number>;
  /** Host processes the scenario runs on (their CPU is counted). */
  hosts: number[];
  database?: string | undefined;
}

interface Outcome {
  runs: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  hostCpuUs: number;
  db?: { xacts: number; rows: number; cpuUs: number } | undefined;
}

/** Rounds of every scenario: each one's median round (by runs per second) is kept, as `compare` does. */
const ROUNDS = 3;
/** Unmeasured runs before each round (JIT, keep-alive sockets, pools). */
const WARMUP = 200;
/**
 * How long PostgreSQL may hold a backend's statistics before `pg_stat_database` shows them: an
 * idle backend reports at the latest after its 10 s idle interval.
 */
const STATS_SETTLE_MS = 11_000;

async function drive(call: () => Promise<number>, count: number, latencies?: number[]): Promise<number> {
  let next = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next += 1;
        const t0 = process.hrtime.bigint();
        const status = await call();
        latencies?.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (status !== 200) errors += 1;
      }
    }),
  );
  return errors;
}

/** One measured round of a scenario: throughput and latency, after a warm-up. */
async function round(scenario: Scenario, runs: number): Promise<Omit<Outcome, 'hostCpuUs' | 'db'>> {
  await drive(scenario.call, WARMUP);
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  const errors = await drive(scenario.call, runs, latencies);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return {
    runs,
    rps: runs / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** What the database does per millisecond with the hosts up and no run: their queue polling, listeners. */
interface IdleRate {
  xacts: number;
  rows: number;
  cpuUs: number;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));

/** The database's load over a quiet window of the hosts (statistics settled before and after). */
async function idleRate(database: string): Promise<IdleRate> {
  await settle();
  const before = databaseStats(database);
  const started = performance.now();
  await settle();
  const after = databaseStats(database);
  const ms = performance.now() - started;
  return {
    xacts: (after.xacts - before.xacts) / ms,
    rows: (after.rows - before.rows) / ms,
    cpuUs: (after.cpuUs - before.cpuUs) / ms,
  };
}

/**
 * The work behind each run of a scenario, in a pass of its own: the hosts' CPU time, and the
 * database's transactions, rows and CPU (read once its statistics have settled before and after),
 * less what it does meanwhile without runs (`idle`).
 */
async function work(
  scenario: Scenario,
  runs: number,
  idle: IdleRate | undefined,
): Promise<Pick<Outcome, 'hostCpuUs' | 'db'>> {
  if (scenario.database) await settle();
  const dbBefore = scenario.database ? databaseStats(scenario.database) : undefined;
  const started = performance.now();
  const cpuBefore = scenario.hosts.reduce((sum, pid) => sum + cpuUs(pid), 0);
  await drive(scenario.call, runs);
  const hostCpuUs = (scenario.hosts.reduce((sum, pid) => sum + cpuUs(pid), 0) - cpuBefore) / runs;
  if (scenario.database) await settle();
  const dbAfter = scenario.database ? databaseStats(scenario.database) : undefined;
  const ms = performance.now() - started;
  const net = (key: keyof IdleRate) =>
    Math.max(0, (dbAfter![key] - dbBefore![key] - (idle?.[key] ?? 0) * ms) / runs);
  return {
    hostCpuUs,
    db: dbBefore && dbAfter ? { xacts: net('xacts'), rows: net('rows'), cpuUs: net('cpuUs') } : undefined,
  };
}

/**
 * Throughput and latency in rounds that go through every scenario in turn (so a busy moment of
 * the machine weighs on all of them alike), each scenario's median round kept; then each one's work
 * per run in a pass of its own.
 */
async function measureAll(
  scenarios: Scenario[],
  perRound: number,
  idle: IdleRate | undefined,
): Promise<Outcome[]> {
  const rounds = scenarios.map(() => [] as Omit<Outcome, 'hostCpuUs' | 'db'>[]);
  for (let index = 0; index < ROUNDS; index += 1) {
    for (const [at, scenario] of scenarios.entries()) rounds[at]!.push(await round(scenario, perRound));
  }
  const outcomes: Outcome[] = [];
  for (const [at, scenario] of scenarios.entries()) {
    const median = [...rounds[at]!].sort((a, b) => a.rps - b.rps)[Math.floor(ROUNDS / 2)]!;
    outcomes.push({
      ...median,
      runs: ROUNDS * perRound,
      errors: rounds[at]!.reduce((sum, one) => sum + one.errors, 0),
      ...(await work(scenario, perRound, idle)),
    });
  }
  return outcomes;
}

/**
 * One instance (embedded store, then PostgreSQL) and three behind nginx, 32 concurrent clients,
 * against raw undici to the simulator; with each run's host CPU and database work.
 */
export async function benchFleet(scale: number): Promise<void> {
  if (!existsSync(cli)) throw new Error('apps/host is not built: run `pnpm turbo run build` first');
  if (
    spawnSync('sh', ['-c', 'command -v psql && (command -v nginx || test -x /usr/sbin/nginx)']).status !== 0
  ) {
    process.stdout.write(
      '\n### Fleet: skipped: needs Debian’s postgresql and nginx (psql, initdb, pg_ctl, nginx)\n',
    );
    return;
  }
  const cores = availableParallelism();
  const perRound = Math.max(100, Math.round(1000 * scale));
  const simulator = await startChildServer<SimulatorInfo>(
    fileURLToPath(new URL('./servers/simulator-server.ts', import.meta.url)),
    ['payments'],
  );
  const stops: (() => Promise<void>)[] = [() => simulator.stop()];
  const agent = new Agent({ keepAliveTimeout: 60_000, connections: 64 });
  try {
    const apiKey = simulator.info.connection.credentials.apiKey;
    const postgres = await startService(['postgres']);
    stops.push(() => postgres.stop());
    const database = postgres.info.url;
    const ports = [await freePort(), await freePort(), await freePort()];
    const nginx = await startService(['nginx', ...ports.map((port) => `127.0.0.1:${port}`)]);
    stops.push(() => nginx.stop());
    const fleetEnv = {
      C_HOST_DATABASE_URL: database,
      C_HOST_SECRET_KEY: randomBytes(32).toString('base64'),
      C_HOST_ALLOWED_HOSTS: `127.0.0.1:${nginx.info.port}`,
    };
    const fleet = [];
    for (const port of ports) {
      const instance = await startHost(port, fleetEnv);
      stops.push(() => instance.stop());
      fleet.push(instance);
    }
    const embedded = await startHost(await freePort(), {});
    stops.push(() => embedded.stop());

    const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    const connect = async (base: string) => {
      const response = await request(`${base}/api/connections`, {
        method: 'POST',
        dispatcher: agent,
        headers,
        body: JSON.stringify({
          name: 'bench',
          connector: 'payments',
          credentials: { apiKey },
          options: { baseUrl: simulator.info.url },
        }),
      });
      const body = await response.body.text();
      if (response.statusCode !== 201) throw new Error(`connecting failed: ${response.statusCode} ${body}`);
    };
    await connect(fleet[0]!.url);
    await connect(embedded.url);

    const run = (base: string, command: string, input: () => unknown) => async () => {
      const response = await request(`${base}/api/commands/payments.${command}/run`, {
        method: 'POST',
        dispatcher: agent,
        headers,
        body: JSON.stringify({ connection: 'bench', input: input() }),
      });
      await response.body.dump();
      return response.statusCode;
    };
    const list = () => ({ limit: 3 });
    let made = 0;
    const customer = () => ({ email: `bench${++made}@example.com` });
    const scenarios: Scenario[] = [
      {
        name: 'raw undici.request to the simulator (floor)',
        hosts: [],
        call: async () => {
          const response = await request(`${simulator.info.url}/v1/customers?limit=3`, {
            dispatcher: agent,
            headers: { authorization: `Bearer ${apiKey}` },
          });
          await response.body.dump();
          return response.statusCode;
        },
      },
      {
        name: '1 instance, embedded store: getCustomers',
        hosts: [embedded.pid],
        call: run(embedded.url, 'getCustomers', list),
      },
      {
        name: '1 instance, PostgreSQL: getCustomers',
        hosts: [fleet[0]!.pid],
        database,
        call: run(fleet[0]!.url, 'getCustomers', list),
      },
      {
        name: '3 instances behind nginx, PostgreSQL: getCustomers',
        hosts: fleet.map((instance) => instance.pid),
        database,
        call: run(nginx.info.url, 'getCustomers', list),
      },
      {
        name: '3 instances behind nginx, PostgreSQL: createCustomer (write, audited)',
        hosts: fleet.map((instance) => instance.pid),
        database,
        call: run(nginx.info.url, 'createCustomer', customer),
      },
    ];
    const rows: string[][] = [];
    const idle = await idleRate(database);
    const outcomes = await measureAll(scenarios, perRound, idle);
    const floor = outcomes[0]!.rps;
    for (const [at, scenario] of scenarios.entries()) {
      const outcome = outcomes[at]!;
      rows.push([
        scenario.name,
        String(outcome.runs),
        Math.round(outcome.rps).toString(),
        Math.round(outcome.rps / cores).toString(),
        `${(outcome.rps / floor).toFixed(2)}×`,
        outcome.p50.toFixed(1),
        outcome.p99.toFixed(1),
        scenario.hosts.length ? Math.round(outcome.hostCpuUs).toString() : '',
        outcome.db ? outcome.db.xacts.toFixed(2) : '',
        outcome.db ? outcome.db.rows.toFixed(1) : '',
        outcome.db ? Math.round(outcome.db.cpuUs).toString() : '',
        String(outcome.errors),
      ]);
    }
    printTable(
      `Fleet: runs per second (median of ${ROUNDS} rounds), ${CONCURRENCY} concurrent clients, payments simulator; ${cores} cores shared by every process`,
      [
        'scenario',
        'runs',
        'runs/s',
        'per core',
        'vs floor',
        'p50 ms',
        'p99 ms',
        'host CPU µs/run',
        'DB xacts/run',
        'DB rows/run',
        'DB CPU µs/run',
        'errors',
      ],
      rows,
    );
    process.stdout.write(
      `\nDB figures are per run, less the database's load with its ${fleet.length} instances up and no run (their queue polling): ${(idle.xacts * 1000).toFixed(1)} transactions and ${Math.round(idle.cpuUs)} ms of CPU per second.\n`,
    );
  } finally {
    await agent.close();
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}
