import type { Connection, ConnectorInfo, SandboxEntry, SandboxView } from '../types';

/** What a snippet needs of the command's connector: its auth and the environment variables it reads. */
export type SnippetConnector = Pick<ConnectorInfo, 'auth' | 'env'>;

/** What a snippet reproduces: one command run with one input on one connection. */
export interface CallSpec {
  commandId: string;
  connector?: SnippetConnector | undefined;
  input: unknown;
  connection?: Connection | undefined;
  /** The host's origin, e.g. `http://127.0.0.1:8787`. */
  origin: string;
  /** The sandbox's simulator of the command's connector, when the connection is a sandbox one. */
  sandbox?: SandboxEntry | undefined;
}

/** `export NAME=value` lines of one simulator's variables, as `c-host sandbox env` prints them. */
export function sandboxExportLines(entry: SandboxEntry): string[] {
  return Object.entries(entry.env).map(([name, value]) => `export ${name}=${shellQuote(value)}`);
}

/** Every simulator's `export` lines, one commented block per connector (what `c-host sandbox env` prints). */
export function sandboxExports(view: SandboxView): string {
  return view.simulators
    .map(
      (entry) =>
        `# ${entry.connector} (connection ${entry.connection})\n${sandboxExportLines(entry).join('\n')}\n`,
    )
    .join('');
}

/** Quotes a string for a POSIX shell. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The same call with the host's CLI, as the repository checkout runs it. */
export function cliSnippet({ commandId, input, connection }: CallSpec): string {
  const parts = ['./c-host', 'run', commandId];
  if (connection) parts.push('--connection', shellQuote(connection.name));
  parts.push('--input', shellQuote(JSON.stringify(input ?? {})));
  return ['# From the root of the repository checkout (./c-host is its launcher).', parts.join(' ')].join(
    '\n',
  );
}

/** The same call through the host's HTTP API, with the access token from the environment. */
export function curlSnippet({ commandId, input, connection, origin }: CallSpec): string {
  const body = connection ? { connection: connection.name, input: input ?? {} } : { input: input ?? {} };
  return [
    `curl -sS -X POST ${shellQuote(`${origin}/api/commands/${commandId}/run`)} \\`,
    `  -H "Authorization: Bearer $C_HOST_TOKEN" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  --data ${shellQuote(JSON.stringify(body))}`,
  ].join('\n');
}

function identifier(text: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(text) ? text : JSON.stringify(text);
}

/**
 * The environment variables of the connection's credentials, as the connector declares them: those
 * the connection holds (an issues connection made with a personal key reads `…_API_KEY`), or, with
 * no connection, every one but the alternatives to OAuth.
 */
function credentialVars(
  connector: SnippetConnector | undefined,
  connection: Connection | undefined,
): [string, string][] {
  const vars = Object.entries(connector?.env ?? {}).flatMap(([variable, target]): [string, string][] =>
    target.startsWith('credentials.') ? [[target.slice('credentials.'.length), variable]] : [],
  );
  const held = vars.filter(([key]) => connection !== undefined && key in connection.credentialHints);
  if (held.length > 0) return held;
  const alternatives = connector?.auth.type === 'oauth2' ? (connector.auth.alternatives ?? []) : [];
  return vars.filter(([key]) => !alternatives.includes(key));
}

/** The variable the connector declares for an option (`baseUrl` → `C_PAYMENTS_BASE_URL`). */
export function optionEnv(connector: SnippetConnector, key: string): string | undefined {
  return Object.entries(connector.env).find(([, target]) => target === key)?.[0];
}

function isUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}

/**
 * What a sandbox connection's snippet says to set first: the sandbox's own values when the host
 * listed them (`GET /api/sandbox`), else where to find them.
 */
function sandboxPreamble(fromEnv: string[], sandbox: SandboxEntry | undefined): string[] {
  if (sandbox && Object.keys(sandbox.env).length > 0) {
    return [
      "// A sandbox connection. First, in the shell that runs this, set the sandbox's values",
      '// (sandbox keys are not secrets; `eval "$(./c-host sandbox env)"` sets every connector\'s):',
      ...sandboxExportLines(sandbox).map((line) => `//   ${line}`),
    ];
  }
  if (fromEnv.length === 0) return [];
  return [
    `// A sandbox connection: set ${fromEnv.join(', ')} to the sandbox's address (\`./c-host sandbox env\` prints it).`,
  ];
}

/**
 * The same call in TypeScript with the connector's package, credentials read from the environment.
 * A sandbox connection's URL options are read from the environment too, and the sandbox's values
 * to set are written above it; a real connection's options are written out.
 */
export function typescriptSnippet({
  commandId,
  input,
  connection,
  connector: declared,
  sandbox,
}: CallSpec): string {
  const dot = commandId.indexOf('.');
  const connector = commandId.slice(0, dot);
  const key = commandId.slice(dot + 1);
  const credentials = credentialVars(declared, connection)
    .map(([name, env]) => `    ${identifier(name)}: process.env.${env}!,`)
    .join('\n');
  const fromEnv: string[] = [];
  const options = Object.entries(connection?.options ?? {})
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => {
      const env = declared && optionEnv(declared, name);
      if (connection?.sandbox && isUrl(value) && env) {
        fromEnv.push(env);
        return `  ${identifier(name)}: process.env.${env},`;
      }
      return `  ${identifier(name)}: ${JSON.stringify(value)},`;
    })
    .join('\n');
  return [
    '// Run from the repository checkout, where the @c/* packages are workspace packages.',
    ...(connection?.sandbox ? sandboxPreamble(fromEnv, sandbox) : []),
    `import { ${connector} } from '@c/${connector}';`,
    '',
    `const client = ${connector}.connect({`,
    '  credentials: {',
    credentials,
    '  },',
    ...(options ? [options] : []),
    '});',
    `const result = await client.run(${JSON.stringify(key)}, ${JSON.stringify(input ?? {}, null, 2)});`,
    'console.log(result);',
    'await client.close();',
  ].join('\n');
}
