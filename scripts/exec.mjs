// One command run to its end with its output collected, for the release check (scripts/release-check.mjs)
// and its npm installs (scripts/npm-install.mjs).
import { spawn } from 'node:child_process';

/**
 * Runs a command and resolves with its exit status and output (never rejects; a timeout kills it).
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, timeoutMs?: number }} [options]
 * @returns {Promise<{ status: number, stdout: string, stderr: string, ms: number }>}
 */
export function exec(command, args, { cwd = process.cwd(), env = process.env, timeoutMs = 180_000 } = {}) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      stderr += String(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const status = code ?? (signal ? 128 : 1);
      resolve({
        status,
        stdout,
        stderr: signal ? `${stderr}\nkilled (${signal})` : stderr,
        ms: performance.now() - t0,
      });
    });
  });
}
