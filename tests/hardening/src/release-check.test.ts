// The rules of the release check (scripts/release-check.mjs, run by .ci/run after `npm test`), each
// on a made-up package: the README's first example, its CommonJS form (run here by Node), and the
// audit of a tarball's files.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npmEnv, npmInstall } from '../../../scripts/npm-install.mjs';
import { auditTarball, firstTsBlock, toCommonJs } from '../../../scripts/release-check-lib.mjs';

const dir = mkdtempSync(join(tmpdir(), 'c-release-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A package as `pnpm pack` would ship it, which each test then spoils in one way. */
function goodPackage() {
  const contents: Record<string, string> = {
    'package.json': '',
    'README.md': '# x',
    LICENSE: 'MIT',
    'dist/index.js': `import { z } from 'zod';\nimport { a } from './chunk-1.js';\nexport const simulator = () => import('./testing/index.js');\n//# sourceMappingURL=index.js.map`,
    'dist/index.js.map': '{}',
    'dist/chunk-1.js': 'export const a = 1;',
    'dist/index.d.ts': `import { z } from 'zod';\nexport { a } from './chunk-1.js';`,
    'dist/chunk-1.d.ts': 'export declare const a: number;',
    'dist/testing/index.js': `import { http } from 'msw';\nimport { a } from '../chunk-1.js';`,
    'dist/testing/index.d.ts': `import { RequestHandler } from 'msw';`,
  };
  const packageJson = {
    name: '@c/x',
    files: ['dist'],
    dependencies: { zod: '4' },
    peerDependencies: { msw: '^3' },
    peerDependenciesMeta: { msw: { optional: true } },
    exports: {
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './testing': { types: './dist/testing/index.d.ts', default: './dist/testing/index.js' },
      './package.json': './package.json',
    },
  };
  return { contents, packageJson };
}

function audit({ contents, packageJson }: ReturnType<typeof goodPackage>) {
  return auditTarball({
    files: Object.keys(contents),
    packageJson,
    read: (path: string) => contents[path] ?? '',
  });
}

describe('the README example', () => {
  it('is the first ts block', () => {
    const readme = '# x\n\n```sh\nnpm i x\n```\n\n```ts\nconst a = 1;\n```\n\n```ts\nconst b = 2;\n```\n';
    expect(firstTsBlock(readme)).toBe('const a = 1;\n');
    expect(firstTsBlock('```typescript\nlet c;\n```')).toBe('let c;\n');
    expect(firstTsBlock('```js\nlet c;\n```')).toBeUndefined();
  });

  it('runs as CommonJS through require(), types stripped and top-level await kept', () => {
    const example = [
      `import { join as joinPath, type ParsedPath } from 'node:path';`,
      `import * as os from 'node:os';`,
      `import type { Stats } from 'node:fs';`,
      `import {`,
      `  setTimeout as sleep,`,
      `} from 'node:timers/promises';`,
      '',
      'interface Box { value: string }',
      `export const box: Box = { value: joinPath('a', 'b') };`,
      'const parsed: ParsedPath | undefined = undefined;',
      'const stats: Stats | undefined = undefined;',
      `await sleep(1);`,
      `console.log(JSON.stringify({ box, module: typeof module, os: typeof os.tmpdir, parsed, stats }));`,
    ].join('\n');
    const cjs = toCommonJs(example);
    expect(cjs).toContain(`const { join: joinPath } = require("node:path");`);
    expect(cjs).toContain(`import type { ParsedPath } from "node:path";`);
    expect(cjs).not.toMatch(/^export /m);
    const file = join(dir, 'example.cts');
    writeFileSync(file, cjs);
    const output = execFileSync(process.execPath, ['--disable-warning=ExperimentalWarning', file], {
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ box: { value: 'a/b' }, module: 'object', os: 'function' });
  });

  it('fails as CommonJS when it throws', () => {
    const file = join(dir, 'throws.cts');
    writeFileSync(
      file,
      toCommonJs(`import { sep } from 'node:path';\nawait Promise.reject(new Error(sep));`),
    );
    expect(() => execFileSync(process.execPath, [file], { stdio: 'pipe' })).toThrow();
  });
});

describe('the tarball audit', () => {
  it('passes a package whose every file an export reaches', () => {
    const result = audit(goodPackage());
    expect(result.problems).toEqual([]);
    expect(result.types).toBe(2);
  });

  it('fails without a LICENSE or README at the root', () => {
    const pkg = goodPackage();
    delete pkg.contents.LICENSE;
    delete pkg.contents['README.md'];
    pkg.contents['schema/LICENSE.linear'] = 'Linear';
    pkg.packageJson.files.push('schema');
    expect(audit(pkg).problems).toEqual(
      expect.arrayContaining(['no LICENSE at the package root', 'no README at the package root']),
    );
  });

  it('fails on test files and on files no export reaches', () => {
    const pkg = goodPackage();
    pkg.contents['dist/index.test.js'] = '';
    pkg.contents['dist/testing/vitest.js'] = `import { it } from 'vitest';`;
    const result = audit(pkg);
    expect(result.tests).toEqual(['dist/index.test.js']);
    expect(result.unreached).toEqual(['dist/index.test.js', 'dist/testing/vitest.js']);
    expect(result.problems).toContain('ships a test file: dist/index.test.js');
    expect(result.problems).toContain('no export reaches dist/testing/vitest.js');
  });

  it('accepts a data folder of `files` that a reached module names', () => {
    const pkg = goodPackage();
    pkg.packageJson.files.push('schema');
    pkg.contents['schema/api.graphql'] = 'type Query { a: Int }';
    expect(audit(pkg).problems).toEqual(['no export reaches schema/api.graphql']);
    pkg.contents['dist/testing/index.js'] += `\nconst file = join(root, "schema", "api.graphql");`;
    expect(audit(pkg).problems).toEqual([]);
    // A script beside the data (the one that derives it, say) is code no export reaches.
    pkg.contents['schema/derive.mjs'] = `import { writeFileSync } from 'node:fs';`;
    expect(audit(pkg).problems).toEqual(['no export reaches schema/derive.mjs']);
  });

  it('fails on an export without declarations, or with only an import condition', () => {
    const pkg = goodPackage();
    pkg.packageJson.exports['./testing'] = { default: './dist/testing/index.js' } as never;
    pkg.packageJson.exports['.'] = { types: './dist/index.d.ts', import: './dist/index.js' } as never;
    const { problems } = audit(pkg);
    expect(problems).toContain('export ./testing has no type declarations');
    expect(problems).toContain('export . has no condition require() matches (default, require or node)');
  });

  it('fails when the main entry needs an optional peer (its declarations importing msw)', () => {
    const pkg = goodPackage();
    pkg.contents['dist/index.d.ts'] += `\nimport 'msw';`;
    expect(audit(pkg).problems).toEqual([
      "the main entry needs msw, which is not a dependency (a user's tsc or import fails)",
    ]);
  });

  it('fails on a module that names a file the tarball lacks', () => {
    const pkg = goodPackage();
    pkg.contents['dist/chunk-1.js'] = `export { b } from './chunk-2.js';`;
    expect(audit(pkg).problems).toEqual(['dist/chunk-1.js names ./chunk-2.js, which is not in the tarball']);
  });
});

describe('npmInstall (the release check and the alone-install test)', () => {
  /** A stand-in for npm that fails its first `failures` runs (saying why on stderr), then installs. */
  function fakeNpm(name: string, failures: number) {
    const count = join(dir, `${name}.count`);
    const script = join(dir, `${name}.mjs`);
    writeFileSync(
      script,
      `#!${process.execPath}
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
const runs = existsSync(${JSON.stringify(count)}) ? Number(readFileSync(${JSON.stringify(count)}, 'utf8')) + 1 : 1;
writeFileSync(${JSON.stringify(count)}, String(runs));
writeFileSync(${JSON.stringify(join(dir, `${name}.args`))}, JSON.stringify({ args: process.argv.slice(2), prefix: process.env.npm_config_prefix ?? null }));
if (runs <= ${failures}) { console.error('npm error code ECONNRESET (run ' + runs + ')'); process.exit(1); }
`,
    );
    chmodSync(script, 0o755);
    return { npm: script, runs: () => Number(readFileSync(count, 'utf8')), args: join(dir, `${name}.args`) };
  }

  it("tries again after a failed install, with its own cache and without pnpm's workspace settings", async () => {
    const fake = fakeNpm('flaky', 1);
    const before = process.env.npm_config_prefix;
    process.env.npm_config_prefix = '/the/workspace';
    try {
      const result = await npmInstall(dir, ['zod@4'], {
        cache: join(dir, 'cache'),
        npm: fake.npm,
        pauseMs: 1,
      });
      expect(result.attempts).toBe(2);
    } finally {
      if (before === undefined) delete process.env.npm_config_prefix;
      else process.env.npm_config_prefix = before;
    }
    expect(fake.runs()).toBe(2);
    const seen = JSON.parse(readFileSync(fake.args, 'utf8'));
    expect(seen.prefix).toBeNull();
    expect(seen.args).toContain(`--cache=${join(dir, 'cache')}`);
    expect(seen.args.at(-1)).toBe('zod@4');
  });

  it('says what npm printed on every attempt when all of them fail', async () => {
    const fake = fakeNpm('down', 9);
    const install = npmInstall(dir, ['zod@4'], { cache: join(dir, 'cache'), npm: fake.npm, pauseMs: 1 });
    await expect(install).rejects.toThrow(
      /failed 3 times[\s\S]*ECONNRESET \(run 1\)[\s\S]*ECONNRESET \(run 3\)/,
    );
    expect(fake.runs()).toBe(3);
  });

  it('leaves npm_config_ settings that are not about the workspace', () => {
    const env = npmEnv({ npm_config_registry: 'https://registry.example/', npm_config_workspace: 'core' });
    expect(env.npm_config_registry).toBe('https://registry.example/');
    expect(env.npm_config_workspace).toBeUndefined();
  });
});
