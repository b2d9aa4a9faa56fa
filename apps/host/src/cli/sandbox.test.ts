import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { hostRoot, runCli, startCli } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-host.js';

const dirs: { path: string; remove(): void }[] = [];
afterAll(() => {
  for (const dir of dirs) dir.remove();
});

/** The root README's library example, as a stranger would copy it. */
function readmeLibraryExample(): string {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Library use'));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error('README.md has no library example under "## Library use"');
  return code;
}

/** Runs a shell script (the `sandbox env` output, then node) and resolves with its stdout. */
function shell(script: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile('sh', ['-c', script], { cwd: hostRoot, env, timeout: 300_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve({ stdout, stderr }),
    );
  });
}

describe('c-host sandbox', () => {
  it('says how to start a sandbox when the data directory has none', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const shown = await runCli(['sandbox'], { env: { C_HOST_DATA_DIR: dir.path } });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.json).toEqual({ running: false, simulators: [] });
    const env = await runCli(['sandbox', 'env'], { env: { C_HOST_DATA_DIR: dir.path } });
    expect(env.code).toBe(0);
    expect(env.stdout).toBe('');
    expect(env.stderr).toContain('c-host serve --sandbox');
  }, 240_000);

  it("shows the running sandbox's URLs and keys, never a real connection's; `sandbox env` runs the README's library example", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const env = { C_HOST_DATA_DIR: dir.path };
    const real = 'sk_live_realConnectionKeyNeverShown';
    const added = await runCli(
      [
        'connections',
        'add',
        'mine',
        '--connector',
        'payments',
        '--credential',
        `apiKey=${real}`,
        '--no-verify',
      ],
      { env },
    );
    expect(added.code, added.stderr).toBe(0);
    const serve = startCli(['serve', '--sandbox', '--port', '0', '--no-open'], env);
    try {
      await serve.waitFor(/\/auth\?token=/);
      const shown = await runCli(['sandbox'], { env });
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.json.running).toBe(true);
      expect(shown.json.simulators.map((entry: { connector: string }) => entry.connector).sort()).toEqual([
        'analytics',
        'docs',
        'issues',
        'payments',
      ]);
      const payments = shown.json.simulators.find(
        (entry: { connector: string }) => entry.connector === 'payments',
      );
      expect(payments.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(payments.env.C_PAYMENTS_BASE_URL).toBe(payments.baseUrl);
      expect(payments.env.C_PAYMENTS_API_KEY).toMatch(/^sk_test_/);
      expect(shown.stdout).not.toContain(real);

      const exported = await runCli(['sandbox', 'env'], { env });
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).not.toContain(real);
      expect(exported.stdout).toContain(`export C_PAYMENTS_API_KEY=${payments.env.C_PAYMENTS_API_KEY}\n`);
      for (const name of [
        'C_ANALYTICS_API_KEY',
        'C_ISSUES_BASE_URL',
        'C_DOCS_ACCESS_TOKEN',
        'C_DOCS_BASE_URL',
      ]) {
        expect(exported.stdout).toMatch(new RegExp(`^export ${name}=\\S+$`, 'm'));
      }

      // A stranger's shell: eval the output, then run the README's example as written.
      const script = `${readmeLibraryExample()}\nconsole.log(JSON.stringify(customer));\nawait stripe.close();\n`;
      const { stdout } = await shell(
        `eval "$SANDBOX_ENV" && exec "$NODE" --conditions=@c/source --import tsx --input-type=module-typescript -e "$SCRIPT"`,
        {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          SANDBOX_ENV: exported.stdout,
          NODE: process.execPath,
          SCRIPT: script,
        },
      );
      const customer = JSON.parse(stdout.trim().split('\n').at(-1)!);
      expect(customer.id).toMatch(/^cus_/);
      // It landed in the sandbox: the host's sandbox connection reads it back.
      const read = await runCli(
        ['run', 'payments.getCustomerById', '-c', 'sandbox-payments', '-p', `customerId=${customer.id}`],
        { env },
      );
      expect(read.code, read.stderr).toBe(0);
      expect(read.json.id).toBe(customer.id);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  }, 900_000);
});
