import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The folder of the host package: the CLI runs from there. */
export const hostRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * How to start the CLI from source: Node with the `@c/source` condition (workspace packages resolve
 * to their `src/`, as in vitest) and tsx to load TypeScript. No build is needed, so the tests see the
 * code as it is.
 */
const sourceFlags = ['--conditions=@c/source', '--import', 'tsx'];
const cliSource = fileURLToPath(new URL('../cli.ts', import.meta.url));
export const cliCommand = {
  command: process.execPath,
  args: [...sourceFlags, cliSource],
};

/** The outcome of one CLI run. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON, when it is. */
  json: any;
  /** The `error` of stderr's JSON line, when there is one. */
  error: any;
}

function parse(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The built CLI, as `npm start` and the `c-host` bin run it. */
export const builtCli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/**
 * Runs `c-host …` as a child process with a clean environment plus `env`, from the sources (or the
 * build with `built`). `preload` modules are imported before the CLI (`node --import`), such as
 * `test-support/fifth-connector.ts`, which serves one more connector in that process.
 */
export function runCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdin?: string; built?: boolean; preload?: string[] } = {},
): Promise<CliResult> {
  const preload = (options.preload ?? []).flatMap((module) => ['--import', module]);
  const prefix = options.built ? [builtCli] : [...sourceFlags, ...preload, cliSource];
  return new Promise((resolve, reject) => {
    const child = spawn(cliCommand.command, [...prefix, ...args], {
      cwd: hostRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const errorLine = stderr
        .split('\n')
        .reverse()
        .find((line) => line.startsWith('{"error"'));
      resolve({
        code,
        stdout,
        stderr,
        json: parse(stdout),
        error: errorLine ? parse(errorLine)?.error : undefined,
      });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

/** A long-running CLI process (`serve`, `mcp`) whose stderr a test can wait on. */
export interface RunningCli {
  /** Resolves with the first match of the pattern in stderr (waiting for it to appear). */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  stderr(): string;
  stdout(): string;
  /** Resolves with the exit code when the process ends by itself. */
  readonly done: Promise<number | null>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `c-host …` and keeps it running. */
export function startCli(args: string[], env: NodeJS.ProcessEnv = {}): RunningCli {
  const child = spawn(cliCommand.command, [...cliCommand.args, ...args], {
    cwd: hostRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  let exited: number | null | undefined;
  const waiters = new Set<() => void>();
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    for (const wake of waiters) wake();
  });
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  const closed = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      exited = code;
      for (const wake of waiters) wake();
      resolve(code);
    }),
  );
  return {
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = stderr.match(pattern);
          if (match) {
            waiters.delete(check);
            resolve(match);
          } else if (exited !== undefined) {
            waiters.delete(check);
            reject(new Error(`c-host exited (${exited}) before printing ${pattern}:\n${stderr}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    stderr: () => stderr,
    stdout: () => stdout,
    done: closed,
    stop() {
      if (exited === undefined) child.kill('SIGTERM');
      return closed;
    },
  };
}
