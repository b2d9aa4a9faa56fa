import type { Connection } from '../types';

/** What a snippet reproduces: one command run with one input on one connection. */
export interface CallSpec {
  commandId: string;
  input: unknown;
  connection?: Connection | undefined;
  /** The host's origin, e.g. `http://127.0.0.1:8787`. */
  origin: string;
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

/** Credential keys of each connector and the environment variables that hold them (spec/COMMANDS.md). */
const credentialEnv: Record<string, Record<string, string>> = {
  payments: { apiKey: 'C_PAYMENTS_API_KEY' },
  analytics: { apiKey: 'C_ANALYTICS_API_KEY', secretKey: 'C_ANALYTICS_SECRET_KEY' },
  issues: { accessToken: 'C_ISSUES_ACCESS_TOKEN' },
  docs: {
    accessToken: 'C_DOCS_ACCESS_TOKEN',
    refreshToken: 'C_DOCS_REFRESH_TOKEN',
    clientId: 'C_DOCS_CLIENT_ID',
    clientSecret: 'C_DOCS_CLIENT_SECRET',
  },
};

function identifier(text: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(text) ? text : JSON.stringify(text);
}

function credentialsFor(connector: string, connection: Connection | undefined): [string, string][] {
  if (connector === 'issues' && connection && 'apiKey' in connection.credentialHints) {
    return [['apiKey', 'C_ISSUES_API_KEY']];
  }
  const known = credentialEnv[connector];
  if (known) return Object.entries(known);
  const keys = Object.keys(connection?.credentialHints ?? {});
  return keys.map((key) => [key, optionEnv(connector, key)]);
}

/** `baseUrl` → `C_PAYMENTS_BASE_URL`: the variable spec/COMMANDS.md names for a connector's option. */
export function optionEnv(connector: string, key: string): string {
  return `C_${connector.toUpperCase()}_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

function isUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}

/**
 * The same call in TypeScript with the connector's package, credentials read from the environment.
 * A sandbox's addresses change each time it starts, so a sandbox connection's URL options are read
 * from the environment too; a real connection's are written out.
 */
export function typescriptSnippet({ commandId, input, connection }: CallSpec): string {
  const dot = commandId.indexOf('.');
  const connector = commandId.slice(0, dot);
  const key = commandId.slice(dot + 1);
  const credentials = credentialsFor(connector, connection)
    .map(([name, env]) => `    ${identifier(name)}: process.env.${env}!,`)
    .join('\n');
  const fromEnv: string[] = [];
  const options = Object.entries(connection?.options ?? {})
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => {
      if (connection?.sandbox && isUrl(value)) {
        const env = optionEnv(connector, name);
        fromEnv.push(env);
        return `  ${identifier(name)}: process.env.${env},`;
      }
      return `  ${identifier(name)}: ${JSON.stringify(value)},`;
    })
    .join('\n');
  return [
    '// Run from the repository checkout, where the @c/* packages are workspace packages.',
    ...(fromEnv.length > 0
      ? [`// The sandbox's address changes each time it starts: set ${fromEnv.join(', ')} to it.`]
      : []),
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
