// `npm install` as a stranger would run it, for the release check (scripts/release-check.mjs) and the
// hardening test that installs each package alone (tests/hardening/src/release.test.ts). Both run
// inside pnpm, on a machine whose only network is the npm registry, so this:
// - removes the `npm_config_*` settings pnpm passes down that would point npm back at the workspace;
// - keeps npm's cache in a folder of the caller's (a fresh machine's ~/.npm is not ours to rely on);
// - tries again, after a pause, when an install fails: one slow or refused registry answer must not
//   fail a whole CI run (npm's own retries cover a single request, not a packument served half-way);
// - and, when every attempt failed, throws with the end of what npm printed on each, never "Command
//   failed" alone.
import { exec } from './exec.mjs';

/**
 * The environment for a plain `npm` run from inside pnpm.
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string | undefined>}
 */
export function npmEnv(env = process.env) {
  const clean = { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false' };
  for (const key of Object.keys(clean)) {
    if (/^npm_config_(workspace|dir|prefix|global|location|cache|offline)/i.test(key)) delete clean[key];
  }
  return clean;
}

const tail = (text, lines) => text.trim().split('\n').slice(-lines).join('\n');

/**
 * `npm install <specs>` in `cwd`, tried up to `attempts` times with `pauseMs` × attempt between tries.
 * @param {string} cwd the project to install into (it has its package.json)
 * @param {string[]} specs tarball paths and `name@range` specs
 * @param {{ cache: string, attempts?: number, pauseMs?: number, timeoutMs?: number, npm?: string }} options
 * @returns {Promise<{ ms: number, attempts: number }>}
 */
export async function npmInstall(cwd, specs, options) {
  const { cache, attempts = 3, pauseMs = 5_000, timeoutMs = 300_000, npm = 'npm' } = options;
  const args = [
    'install',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    '--prefer-offline',
    `--cache=${cache}`,
    ...specs,
  ];
  const env = npmEnv();
  const failures = [];
  const t0 = performance.now();
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const result = await exec(npm, args, { cwd, env, timeoutMs });
    if (result.status === 0) return { ms: performance.now() - t0, attempts: attempt };
    const output = `${result.stdout}\n${result.stderr}`;
    failures.push(
      `attempt ${attempt} (exit ${result.status}):\n${tail(output, 25) || '(npm printed nothing)'}`,
    );
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, pauseMs * attempt));
  }
  throw new Error(
    `npm install ${specs.join(' ')} failed ${attempts} times in ${cwd}:\n${failures.join('\n')}`,
  );
}
