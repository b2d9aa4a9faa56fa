// The pure parts of the release check (scripts/release-check.mjs): reading a README's first example,
// turning it into CommonJS, and auditing a packed tarball's files. No I/O here, so that a test can
// drive each rule with a made-up package (tests/hardening/src/release-check.test.ts).
import { builtinModules } from 'node:module';
import { posix } from 'node:path';

/**
 * The first TypeScript block of a README (```ts or ```typescript), or undefined when it has none.
 * @param {string} markdown
 * @returns {string | undefined}
 */
export function firstTsBlock(markdown) {
  const match = /^```(?:ts|typescript)[ \t]*\r?\n([\s\S]*?)^```[ \t]*$/m.exec(markdown);
  return match?.[1];
}

/** `import … from '…';` statements, possibly over several lines, and bare `import '…';`. */
const IMPORT = /^import\s+(?:(type)\s+)?(?:([\s\S]*?)\s+from\s+)?(['"])([^'"]+)\3;?[ \t]*$/gm;

/**
 * One ES import statement as CommonJS: `const { a, b: c } = require('m');`, with any type-only
 * names kept as an `import type` (which Node's type stripping erases).
 * @param {string | undefined} typeOnly `type` for `import type …`
 * @param {string | undefined} clause what stands between `import` and `from`
 * @param {string} specifier
 */
function requireOf(typeOnly, clause, specifier) {
  const from = JSON.stringify(specifier);
  if (typeOnly) return `import type ${clause} from ${from};`;
  if (!clause) return `require(${from});`;
  const namespace = /^\*\s+as\s+([\w$]+)$/.exec(clause.trim());
  if (namespace) return `const ${namespace[1]} = require(${from});`;
  const named = /\{([\s\S]*)\}/.exec(clause);
  const defaultName = clause
    .replace(/\{[\s\S]*\}/, '')
    .replace(/,/g, '')
    .trim();
  const values = [];
  const types = [];
  for (const raw of (named?.[1] ?? '').split(',')) {
    const part = raw.trim();
    if (!part) continue;
    if (part.startsWith('type ')) types.push(part.slice(5).trim());
    else values.push(part.replace(/\s+as\s+/, ': '));
  }
  if (defaultName) values.unshift(`default: ${defaultName}`);
  const lines = [];
  if (types.length > 0) lines.push(`import type { ${types.join(', ')} } from ${from};`);
  if (values.length > 0) lines.push(`const { ${values.join(', ')} } = require(${from});`);
  return lines.join('\n');
}

/**
 * An ES module example as a CommonJS one that Node ≥ 22.12 runs with `require()`: its imports become
 * `require` calls and the rest runs in an async function (CommonJS has no top-level await).
 * @param {string} code
 * @returns {string}
 */
export function toCommonJs(code) {
  const requires = [];
  const body = code
    .replace(IMPORT, (_, typeOnly, clause, _quote, specifier) => {
      requires.push(requireOf(typeOnly, clause, specifier));
      return '';
    })
    .replace(/^export\s+(?=(?:const|let|var|function|async|class|interface|type)\b)/gm, '')
    .trim();
  return [
    ...requires,
    '',
    '(async () => {',
    body,
    '})().catch((error) => {',
    '  console.error(error);',
    '  process.exitCode = 1;',
    '});',
    '',
  ].join('\n');
}

/** File names a package keeps whether or not code reaches them. */
const ALWAYS_SHIPPED = /^(package\.json|README(\.md)?|CHANGELOG\.md|LICEN[CS]E(\.[\w-]+)?)$/i;
const LICENSE = /^LICEN[CS]E(\.md|\.txt)?$/i;
/** Test files and fixtures, which a package never ships. */
const TEST_FILE =
  /(^|\/)(__tests__|__fixtures__|__snapshots__)\/|\.(test|spec)\.[cm]?[jt]sx?(\.map)?$|\.test-d\.ts$/;
const BUILTINS = new Set(builtinModules);
const CODE = /\.(c|m)?[jt]sx?$/;

/**
 * The relative specifiers and package names a module names: imports, re-exports, dynamic imports,
 * requires, triple-slash references and its source map. Without `dynamic`, only what loads with the
 * module: not what a dynamic `import()` loads when called (a connector's simulator, say).
 * @param {string} text
 * @param {{ dynamic?: boolean }} [options]
 */
export function moduleReferences(text, { dynamic = true } = {}) {
  const relative = new Set();
  const bare = new Set();
  const patterns = [
    /\bfrom\s*(['"])([^'"]+)\1/g,
    ...(dynamic ? [/\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g] : []),
    /^\s*import\s*(['"])([^'"]+)\1/gm,
    /\brequire\s*\(\s*(['"])([^'"]+)\1\s*\)/g,
    /\/\/\/\s*<reference\s+path=(['"])([^'"]+)\1/g,
    /\/\/# sourceMappingURL=()(\S+)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[2] ?? '';
      if (specifier.startsWith('.') || pattern.source.includes('sourceMappingURL')) relative.add(specifier);
      else if (!specifier.startsWith('node:') && !BUILTINS.has(specifier)) bare.add(packageName(specifier));
    }
  }
  return { relative: [...relative], bare: [...bare] };
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The file a relative specifier names from `from`, among `files` (a `.js` import also names its `.d.ts`). */
function resolveIn(files, from, specifier) {
  const target = posix.normalize(posix.join(posix.dirname(from), specifier));
  const candidates = from.endsWith('.d.ts')
    ? [target.replace(/\.js$/, '.d.ts'), `${target}.d.ts`, `${target}/index.d.ts`, target]
    : [target, `${target}.js`, `${target}/index.js`];
  return candidates.find((candidate) => files.has(candidate));
}

/** Every file path (`./dist/x.js` → `dist/x.js`) an exports map names, by subpath and condition. */
export function exportTargets(exports) {
  const targets = [];
  const walk = (subpath, value, conditions) => {
    if (typeof value === 'string') targets.push({ subpath, conditions, file: value.replace(/^\.\//, '') });
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.startsWith('.')) walk(key, inner, []);
        else walk(subpath, inner, [...conditions, key]);
      }
    }
  };
  walk('.', typeof exports === 'string' ? { '.': exports } : exports, []);
  return targets;
}

/**
 * Follows every module an entry file reaches inside the package.
 * @param {Set<string>} files
 * @param {(path: string) => string} read
 * @param {string[]} entries
 * @param {{ dynamic?: boolean }} [options] whether to follow dynamic `import()`s
 */
function reach(files, read, entries, { dynamic = true } = {}) {
  const reached = new Set();
  const bare = new Set();
  const broken = [];
  const queue = entries.filter((entry) => files.has(entry));
  while (queue.length > 0) {
    const file = queue.pop();
    if (reached.has(file)) continue;
    reached.add(file);
    if (!/\.(c|m)?js$|\.d\.(c|m)?ts$/.test(file)) continue;
    // A declaration's `import('…')` is a type reference, needed as much as a static import.
    const references = moduleReferences(read(file), { dynamic: dynamic || file.endsWith('.d.ts') });
    for (const name of references.bare) bare.add(name);
    for (const specifier of references.relative) {
      const target = resolveIn(files, file, specifier);
      if (target) queue.push(target);
      else broken.push(`${file} names ${specifier}, which is not in the tarball`);
    }
  }
  return { reached, bare, broken };
}

/**
 * Checks a packed package: LICENSE, README, type declarations for every export, a condition that
 * `require()` matches, no test files, every file reached from an export (or named by one, for a
 * data folder such as `schema/`), and a main entry that needs nothing but its dependencies.
 * @param {{ files: string[], packageJson: any, read: (path: string) => string }} tarball
 * @returns {{ problems: string[], unreached: string[], types: number, tests: string[] }}
 */
export function auditTarball({ files, packageJson, read }) {
  const all = new Set(files);
  const problems = [];
  if (!files.some((file) => LICENSE.test(file))) problems.push('no LICENSE at the package root');
  if (!files.some((file) => /^README(\.md)?$/i.test(file))) problems.push('no README at the package root');
  const targets = exportTargets(packageJson.exports ?? {});
  const subpaths = new Set(targets.map((target) => target.subpath).filter((path) => !path.endsWith('.json')));
  let types = 0;
  for (const subpath of subpaths) {
    const mine = targets.filter((target) => target.subpath === subpath);
    const declared = mine.find((target) => target.conditions.includes('types'));
    if (!declared || !all.has(declared.file)) problems.push(`export ${subpath} has no type declarations`);
    else types += 1;
    if (
      !mine.some((target) => ['default', 'require', 'node'].includes(target.conditions.at(-1) ?? 'default'))
    ) {
      problems.push(`export ${subpath} has no condition require() matches (default, require or node)`);
    }
  }
  for (const target of targets) {
    if (!all.has(target.file))
      problems.push(`export ${target.subpath} names ${target.file}, not in the tarball`);
  }
  const tests = files.filter((file) => TEST_FILE.test(file));
  for (const file of tests) problems.push(`ships a test file: ${file}`);

  const graph = reach(
    all,
    read,
    targets.map((target) => target.file),
  );
  problems.push(...graph.broken);
  const dataFolders = [
    ...new Set((packageJson.files ?? []).map((entry) => entry.split('/')[0]).filter((top) => top !== 'dist')),
  ];
  const namedFolders = dataFolders.filter((folder) =>
    [...graph.reached].some((file) => file.endsWith('.js') && read(file).includes(`"${folder}"`)),
  );
  // A data folder's code is not data: a script there (say, the one that derives the data) must be
  // reached like any module, or not shipped.
  const unreached = files.filter(
    (file) =>
      !graph.reached.has(file) &&
      !ALWAYS_SHIPPED.test(posix.basename(file)) &&
      !(!CODE.test(file) && namedFolders.some((folder) => file.startsWith(`${folder}/`))),
  );
  for (const file of unreached) problems.push(`no export reaches ${file}`);
  problems.push(...mainEntryNeeds(all, read, targets, packageJson));
  return { problems, unreached, types, tests };
}

/**
 * The main entry (`.`) may import only Node's modules, dependencies and required peers: what it loads
 * only when called (a dynamic `import()` of the testing entry) may need optional peers.
 */
function mainEntryNeeds(all, read, targets, packageJson) {
  const main = reach(
    all,
    read,
    targets.filter((target) => target.subpath === '.').map((target) => target.file),
    { dynamic: false },
  );
  const optional = packageJson.peerDependenciesMeta ?? {};
  const allowed = new Set([
    packageJson.name,
    ...Object.keys(packageJson.dependencies ?? {}),
    ...Object.keys(packageJson.peerDependencies ?? {}).filter((name) => !optional[name]?.optional),
  ]);
  return [...main.bare]
    .filter((name) => !allowed.has(name))
    .map((name) => `the main entry needs ${name}, which is not a dependency (a user's tsc or import fails)`);
}
