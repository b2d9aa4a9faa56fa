// Release readiness: each publishable package passes publint and are-the-types-wrong, and its packed
// tarball installs into an empty folder with only its own dependencies and runs a command against its
// simulator. Needs the packages built (the test command builds first) and the npm registry.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmInstall } from '../../../scripts/npm-install.mjs';

const root = join(import.meta.dirname, '..', '..', '..');
const packs = mkdtempSync(join(tmpdir(), 'c-packs-'));
const pnpmBin = join(root, '.toolchain', 'node_modules', '.bin', 'pnpm');

/** Each connector's smoke script: start its simulator, connect, run one read command. */
const smokes: Record<string, { peers: string[]; script: string; expect: RegExp }> = {
  payments: {
    peers: ['msw@3.0.5'],
    script: `import { payments } from '@c/payments';
import { startPaymentsSimulator } from '@c/payments/testing';
const sim = await startPaymentsSimulator({ seed: true, contracts: false });
const client = payments.connect({ credentials: sim.connection.credentials, ...sim.connection.options });
const list = await client.run('getCustomers', { limit: 2 });
console.log(JSON.stringify({ object: list.object, count: list.data.length }));
await client.close(); await sim.close();`,
    expect: /"object":"list","count":2/,
  },
  analytics: {
    peers: ['msw@3.0.5'],
    script: `import { analytics } from '@c/analytics';
import { startAnalyticsSimulator } from '@c/analytics/testing';
const sim = await startAnalyticsSimulator({ seed: true, contracts: false });
const client = analytics.connect({ credentials: sim.connection.credentials, ...sim.connection.options });
const cohorts = await client.run('behavioralCohorts', {});
console.log(JSON.stringify({ cohorts: Array.isArray(cohorts.cohorts) && cohorts.cohorts.length > 0 }));
await client.close(); await sim.close();`,
    expect: /"cohorts":true/,
  },
  issues: {
    peers: ['msw@3.0.5', 'graphql@17.1.0'],
    script: `import { issues } from '@c/issues';
import { startIssuesSimulator } from '@c/issues/testing';
const sim = await startIssuesSimulator({ seed: true, contracts: false });
const client = issues.connect({ credentials: sim.connection.credentials, ...sim.connection.options });
const teams = await client.run('searchTeams', { name: 'eng' });
console.log(JSON.stringify({ teams: teams.nodes.map((team) => team.key) }));
await client.close(); await sim.close();`,
    expect: /"teams":\["ENG"\]/,
  },
  docs: {
    peers: ['msw@3.0.5'],
    script: `import { docs } from '@c/docs';
import { startDocsSimulator } from '@c/docs/testing';
const sim = await startDocsSimulator({ seed: true, contracts: false });
const client = docs.connect({ credentials: sim.connection.credentials, ...sim.connection.options });
const found = await client.run('searchDocuments', { name: 'meeting' });
console.log(JSON.stringify({ found: found.files.length > 0 }));
await client.close(); await sim.close();`,
    expect: /"found":true/,
  },
};

const packages = ['core', 'payments', 'analytics', 'issues', 'docs'].filter((name) =>
  existsSync(join(root, 'packages', name, 'dist', 'index.js')),
);
const tarballs = new Map<string, string>();

beforeAll(() => {
  const pnpm = existsSync(pnpmBin) ? pnpmBin : 'pnpm';
  for (const name of packages) {
    execFileSync(pnpm, ['pack', '--pack-destination', packs], {
      cwd: join(root, 'packages', name),
      stdio: 'ignore',
    });
  }
  for (const file of readdirSync(packs)) {
    const match = /^c-(\w+)-\d+\.\d+\.\d+.*\.tgz$/.exec(file);
    if (match?.[1]) tarballs.set(match[1], join(packs, file));
  }
}, 120_000);
afterAll(() => rmSync(packs, { recursive: true, force: true }));

describe.skipIf(packages.length === 0 && !process.env.CI)('release readiness', () => {
  it('has built packages to check (the test command builds before testing)', () => {
    expect(packages).toContain('core');
  });

  it.each(packages.map((name) => [name]))('@c/%s passes publint', async (name) => {
    const { messages } = await publint({
      pkgDir: join(root, 'packages', name),
      level: 'warning',
      pack: 'pnpm',
    });
    expect(messages.map((message) => `${message.code} ${message.path.join('.')}`)).toEqual([]);
  });

  it.each(packages.map((name) => [name]))('@c/%s passes are-the-types-wrong (ESM-only profile)', (name) => {
    const tarball = tarballs.get(name);
    expect(tarball).toBeDefined();
    const attw = join(root, 'node_modules', '.pnpm', 'node_modules', '.bin', 'attw');
    const bin = existsSync(attw) ? attw : join(import.meta.dirname, '..', 'node_modules', '.bin', 'attw');
    const output = execFileSync(bin, [tarball!, '--profile', 'esm-only', '--format', 'json'], {
      encoding: 'utf8',
    });
    const report = JSON.parse(output) as { analysis?: { problems?: { resolutionKind?: string }[] } };
    // ES modules by design: pre-exports `node10` resolution is out of scope, and attw's node16-cjs
    // view flags a CommonJS caller reaching ES modules, which Node ≥ 22.12 require()s: the release
    // check (scripts/release-check.mjs) runs each package's example through require() instead.
    const problems = (report.analysis?.problems ?? []).filter(
      (problem) => problem.resolutionKind !== 'node10' && problem.resolutionKind !== 'node16-cjs',
    );
    expect(problems).toEqual([]);
  });

  it('changeset version would release only the packages with changesets (private ones never)', () => {
    const out = join(packs, 'changeset-status.json');
    const changeset = join(root, 'node_modules', '.bin', 'changeset');
    execFileSync(changeset, ['status', `--output=${out}`], { cwd: root, stdio: 'ignore' });
    const status = JSON.parse(readFileSync(out, 'utf8')) as {
      releases: { name: string; type: string }[];
      changesets: { releases: { name: string }[] }[];
    };
    const named = new Set(
      status.changesets.flatMap((entry) => entry.releases.map((release) => release.name)),
    );
    for (const release of status.releases) {
      if (
        release.name === '@c/host' ||
        release.name === '@c/web' ||
        release.name.startsWith('@c/bench') ||
        release.name === '@c/hardening'
      ) {
        expect(release.type, release.name).toBe('none');
      } else if (!named.has(release.name)) {
        // Only a dependency bump of a package no changeset names.
        expect(release.type, release.name).toBe('patch');
      }
    }
    expect([...named].every((name) => !['@c/host', '@c/web'].includes(name))).toBe(true);
  });

  it.each(packages.filter((name) => smokes[name]).map((name) => [name]))(
    '@c/%s installs alone from its tarball and runs a command',
    async (name) => {
      const smoke = smokes[name]!;
      const dir = join(packs, `alone-${name}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({ name: `alone-${name}`, private: true, type: 'module' }),
      );
      await npmInstall(dir, [tarballs.get('core')!, tarballs.get(name)!, ...smoke.peers], {
        cache: join(packs, 'npm-cache'),
      });
      const installed = readdirSync(join(dir, 'node_modules', '@c')).sort();
      expect(installed).toEqual(['core', name].sort());
      writeFileSync(join(dir, 'smoke.mjs'), smoke.script);
      const output = execFileSync(process.execPath, ['smoke.mjs'], { cwd: dir, encoding: 'utf8' });
      expect(output).toMatch(smoke.expect);
    },
    // Room for npmInstall's three attempts and its pauses on a slow registry.
    600_000,
  );
});
