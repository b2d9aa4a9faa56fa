import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  asServiceUser,
  findExecutable,
  freePort,
  serviceDir,
  servicesRequired,
  serviceUser,
} from './system.js';

/** A throwaway PostgreSQL cluster on a loopback port. */
export interface TestPostgres {
  /** `postgres://…@127.0.0.1:<port>/postgres`: the superuser on the maintenance database. */
  adminUrl: string;
  port: number;
  /** Creates a fresh, empty database and returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server as a restart or a failover does (`pg_ctl stop -m fast`): every session is cut. */
  pause(): Promise<void>;
  /** Starts the server again on the same port, with the same data. */
  resume(): Promise<void>;
  /** Ends every session on a database but the caller's (`pg_terminate_backend`); returns how many. */
  terminateSessions(databaseUrl: string): Promise<number>;
  /** Stops the cluster and removes its files. */
  stop(): Promise<void>;
}

/** Either a running cluster, or why there is none (skip with this reason; in CI it is a failure). */
export type PostgresAvailability =
  | { available: true; postgres: TestPostgres }
  | { available: false; reason: string };

/** The folder of initdb and pg_ctl: Debian's newest `/usr/lib/postgresql/<major>/bin`, else PATH. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const majors = readdirSync(root)
      .filter((entry) => /^\d+$/.test(entry) && existsSync(join(root, entry, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (majors[0]) return join(root, majors[0], 'bin');
  }
  const initdb = findExecutable(['initdb']);
  return initdb ? join(initdb, '..') : undefined;
}

/** Runs a command without blocking the event loop (the test's own clients keep going meanwhile). */
function runAsync(command: [string, string[]], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(...command, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code}): ${stderr}`)),
    );
  });
}

function run(command: [string, string[]], what: string): void {
  const result = spawnSync(command[0], command[1], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${what} failed (exit ${result.status}): ${result.stderr || result.stdout || result.error}`,
    );
  }
}

/**
 * Starts a throwaway cluster: initdb and pg_ctl as an unprivileged user (they refuse root) in a
 * temporary folder it owns, listening on 127.0.0.1 at a free port with its socket in that folder,
 * password authentication only. Tuned for tests (no fsync: the cluster is thrown away; the host
 * processes killed in the tests are the clients, never the server).
 */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (no initdb): install Debian’s postgresql package');
  const user = serviceUser();
  const dir = serviceDir(user, 'c-host-pg-');
  const data = join(dir.path, 'data');
  const password = randomBytes(18).toString('base64url');
  const passwordFile = join(dir.path, 'password');
  writeFileSync(passwordFile, password, { mode: 0o600 });
  chownSync(passwordFile, user.uid, user.gid);
  const as = (tool: string, args: string[]) => asServiceUser(user, join(bin, tool), args);
  try {
    run(
      as('initdb', [
        '-D',
        data,
        '-U',
        'postgres',
        '--auth=scram-sha-256',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--no-instructions',
      ]),
      'initdb',
    );
    let port = 0;
    let options = '';
    for (let attempt = 0; ; attempt += 1) {
      port = await freePort();
      options = [
        `-p ${port}`,
        `-k ${dir.path}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c full_page_writes=off',
        '-c max_connections=300',
      ].join(' ');
      const started = spawnSync(
        ...as('pg_ctl', [
          '-D',
          data,
          '-l',
          join(dir.path, 'server.log'),
          '-o',
          options,
          '-w',
          '-t',
          '60',
          'start',
        ]),
        { encoding: 'utf8' },
      );
      if (started.status === 0) break;
      // Another process took the port between the probe and the start: pick another.
      if (attempt >= 3) {
        const log = existsSync(join(dir.path, 'server.log'))
          ? readFileSync(join(dir.path, 'server.log'), 'utf8')
          : '';
        throw new Error(`pg_ctl start failed: ${started.stderr || started.stdout}\n${log}`);
      }
    }
    const stopNow = () => {
      spawnSync(...as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
    };
    // A test process that ends without its afterAll (a crash, a timeout) must not leave a server running.
    process.once('exit', stopNow);
    const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
    let created = 0;
    return {
      adminUrl,
      port,
      async createDatabase() {
        created += 1;
        const name = `c_host_${process.pid}_${created}_${randomBytes(3).toString('hex')}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        try {
          await admin.query(`CREATE DATABASE ${name}`);
        } finally {
          await admin.end();
        }
        return `postgres://postgres:${password}@127.0.0.1:${port}/${name}`;
      },
      async pause() {
        await runAsync(as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']), 'pg_ctl stop');
      },
      async resume() {
        const log = join(dir.path, 'server.log');
        await runAsync(
          as('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']),
          'pg_ctl start',
        );
      },
      async terminateSessions(databaseUrl) {
        const database = new URL(databaseUrl).pathname.slice(1);
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        try {
          const { rows } = await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = $1 AND pid <> pg_backend_pid()`,
            [database],
          );
          return rows.length;
        } finally {
          await admin.end();
        }
      },
      async stop() {
        process.removeListener('exit', stopNow);
        await new Promise<void>((resolve) => {
          const child = spawn(...as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']), { stdio: 'ignore' });
          child.once('close', () => resolve());
          child.once('error', () => resolve());
        });
        dir.remove();
      },
    };
  } catch (error) {
    dir.remove();
    throw error;
  }
}

/**
 * A cluster for a test file, or the reason there is none. Locally a machine without PostgreSQL
 * skips; in CI (`CI=true`) the failure to start is thrown, so the suite fails instead.
 */
export async function postgresForTests(): Promise<PostgresAvailability> {
  try {
    return { available: true, postgres: await startPostgres() };
  } catch (error) {
    if (servicesRequired) throw error;
    const reason = `PostgreSQL unavailable: ${(error as Error).message.split('\n')[0]}`;
    process.stderr.write(`skipping: ${reason}\n`);
    return { available: false, reason };
  }
}
