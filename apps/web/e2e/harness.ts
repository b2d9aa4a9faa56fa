import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));

/** The host's built CLI, which serves `apps/web/dist`. */
export const hostCli = resolve(here, '../../host/dist/cli.js');
/** The web UI's build. */
export const webIndex = resolve(here, '../dist/index.html');
/** Where the tests save screenshots (git-ignored). */
export const artifactsDir = resolve(here, '../artifacts');

/** Flags that let Debian's Chromium run headless in a container (see NOTES.md). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
];

/** Debian's Chromium, or the one `CHROMIUM_PATH` names. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
}

/**
 * The command that starts the host: `node apps/host/dist/cli.js`, or the space-separated command in
 * `C_WEB_E2E_HOST_COMMAND` (e.g. the host's source through tsx while its build is broken).
 */
function hostCommand(): string[] {
  const custom = process.env.C_WEB_E2E_HOST_COMMAND?.trim();
  return custom ? custom.split(/\s+/) : [process.execPath, hostCli];
}

/** What the browser tests need and is missing, or `undefined` when they can run. */
export function missingForE2e(): string | undefined {
  const missing: string[] = [];
  if (!chromiumPath()) missing.push('Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)');
  if (!process.env.C_WEB_E2E_HOST_COMMAND?.trim() && !existsSync(hostCli))
    missing.push('the host build apps/host/dist/cli.js (pnpm --filter @c/host build)');
  if (!existsSync(webIndex)) missing.push('the web build apps/web/dist (pnpm --filter @c/web build)');
  return missing.length > 0 ? `missing ${missing.join('; ')}` : undefined;
}

/** A running `c-host serve --sandbox`. */
export interface RunningHost {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The one-time sign-in link it printed. */
  link: string;
  /** Everything it printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the built host with the sandbox on a free port and a fresh data directory. */
export async function startHost(): Promise<RunningHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'c-web-e2e-'));
  const [command = process.execPath, ...prefix] = hostCommand();
  const child: ChildProcess = spawn(
    command,
    [...prefix, '--data-dir', dataDir, 'serve', '--sandbox', '--port', '0', '--no-open'],
    {
      env: { ...process.env, C_HOST_DATA_DIR: dataDir, C_HOST_PORT: '0', C_HOST_TOKEN: '', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let printed = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const link = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`the host printed no sign-in link within 60 s:\n${printed}`)),
      60_000,
    );
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /(https?:\/\/[^\s]+\/auth\?token=[^\s]+)/.exec(printed);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`the host exited (${code}) before printing a sign-in link:\n${printed}`));
    });
  });
  return {
    url: new URL(link).origin,
    link,
    output: () => printed,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const stopped = await Promise.race([
          exited,
          new Promise((done) => setTimeout(() => done('timeout'), 10_000)),
        ]);
        if (stopped === 'timeout') child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Launches headless Chromium through playwright-core. */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(artifactsDir, { recursive: true });
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}
