// Runs the `c-host` command line as a child process, as a user would: from its build
// (`apps/host/dist/cli.js`) or from source (Node with the `@c/source` condition and tsx, as the host's
// own tests do). The suites talk to it only through its CLI output and its HTTP API.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The host package's folder: the CLI runs from there (tsx resolves from it). */
export const hostRoot = fileURLToPath(new URL('../../../apps/host/', import.meta.url));
const distCli = `${hostRoot}dist/cli.js`;
const sourceCli = `${hostRoot}src/cli.ts`;

/** Which build of the host to run. */
export type HostBuild = 'dist' | 'source';

/** The command that starts `c-host`, or why it cannot start. */
export function hostCommand(build: HostBuild): { args: string[] } | { missing: string } {
  if (build === 'dist') {
    return existsSync(distCli)
      ? { args: [distCli] }
      : { missing: `${distCli} is not built (pnpm --filter @c/host build)` };
  }
  if (!existsSync(`${hostRoot}node_modules/tsx`)) return { missing: 'tsx is not installed in apps/host' };
  return { args: ['--conditions=@c/source', '--import', 'tsx', sourceCli] };
}

/** The outcome of one `c-host` run. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function spawnHost(build: HostBuild, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const command = hostCommand(build);
  if ('missing' in command) throw new Error(`cannot start c-host: ${command.missing}`);
  return spawn(process.execPath, [...command.args, ...args], {
    cwd: hostRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs `c-host <args>` to the end. */
export function runHostCli(build: HostBuild, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawnHost(build, args, env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A running `c-host serve`. */
export interface HostProcess {
  /** `http://127.0.0.1:<port>` as it printed. */
  url: string;
  /** The access token it generated and printed once. */
  token: string;
  pid: number;
  stdout(): string;
  stderr(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `c-host serve --port 0 --data-dir <dataDir> --no-open` (with `--sandbox` when asked) on a fresh
 * data directory and waits until it prints its URL and the access token it generated.
 */
export function startHost(
  build: HostBuild,
  options: { dataDir: string; sandbox?: boolean; env?: NodeJS.ProcessEnv; startTimeoutMs?: number },
): Promise<HostProcess> {
  const args = ['serve', '--port', '0', '--data-dir', options.dataDir, '--no-open'];
  if (options.sandbox) args.push('--sandbox');
  const child = spawnHost(build, args, options.env ?? {});
  let stdout = '';
  let stderr = '';
  let exitCode: number | null | undefined;
  const closed = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const stop = () => {
    if (exitCode === undefined) child.kill('SIGTERM');
    return closed;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`c-host did not start within ${options.startTimeoutMs ?? 60_000} ms:\n${stderr}`));
    }, options.startTimeoutMs ?? 60_000);
    const check = () => {
      const url = /c-host is listening on (http:\/\/\S+)/.exec(stderr)?.[1];
      const token = /access token was created[^\n]*\n\s*(\S+)/.exec(stderr)?.[1];
      // The sign-in link is printed last, once the sandbox is up.
      if (url && token && /sign-in link/.test(stderr)) {
        clearTimeout(timer);
        resolve({
          url,
          token,
          pid: child.pid!,
          stdout: () => stdout,
          stderr: () => stderr,
          stop,
        });
      } else if (exitCode !== undefined) {
        clearTimeout(timer);
        reject(new Error(`c-host exited (${exitCode}) before it was ready:\n${stderr}`));
      }
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      check();
    });
    void closed.then(check);
  });
}
