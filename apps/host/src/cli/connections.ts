import { type JsonSchema, TimeoutError, ValidationError, zod } from '@c/core';
import type { Host } from '../host.js';
import { checkConnectorId, cliHost, type GlobalFlags } from './context.js';
import {
  colourful,
  forPerson,
  interactive,
  note,
  type OutputFlags,
  printJson,
  terminalWidth,
} from './output.js';
import { applyParams } from './params.js';
import { runningServer } from './server-record.js';

/** Options of `connections add` and `connect`. */
export interface AddFlags extends GlobalFlags {
  connector?: string;
  name?: string;
  credential?: string[];
  option?: string[];
  default?: boolean;
  verify?: boolean;
  apiKey?: boolean;
  open?: boolean;
}

/** `c-host connections list`: a table on a terminal (with why any is not ok), else JSON. */
export async function listConnections(flags: GlobalFlags & OutputFlags): Promise<void> {
  const host = await cliHost(flags);
  try {
    const views = await host.connections.list();
    if (!forPerson(flags)) {
      printJson(views);
      return;
    }
    const { connectionsTable } = await import('./terminal.js');
    process.stdout.write(
      connectionsTable(views, { width: terminalWidth(), colour: colourful(process.stdout) }),
    );
  } finally {
    await host.close();
  }
}

/**
 * `c-host connections remove|test|default <name>`: a sentence on a terminal, else JSON. Remove asks
 * first on a terminal (`--yes` skips it); scripts are never asked.
 */
export async function connectionAction(
  action: 'remove' | 'test' | 'default',
  name: string,
  flags: GlobalFlags & OutputFlags & { yes?: boolean },
): Promise<void> {
  const host = await cliHost(flags);
  const say = (sentence: string, json: unknown) => {
    if (forPerson(flags)) process.stdout.write(`${sentence}\n`);
    else printJson(json);
  };
  try {
    if (action === 'remove') {
      const view = await host.connections.get(name);
      if (!flags.yes && interactive()) {
        const { confirm, isPromptExit } = await import('./prompts.js');
        const question = `Remove the ${view.connector} connection "${name}"? Its stored credentials are deleted.`;
        const yes = await confirm(question).catch((error: unknown) => {
          if (isPromptExit(error)) return false;
          throw error;
        });
        if (!yes) {
          note('Cancelled: nothing was removed.');
          process.exitCode = 1;
          return;
        }
      }
      await host.connections.remove(name);
      say(`Removed "${name}".`, { removed: name });
    } else if (action === 'test') {
      const view = await host.connections.test(name);
      say(`"${name}" works: ${view.connector} answered with these credentials.`, view);
    } else {
      const view = await host.connections.setDefault(name);
      say(`"${name}" is now the default ${view.connector} connection.`, view);
    }
  } finally {
    await host.close();
  }
}

function credentialsSchema(host: Host, connectorId: string): JsonSchema {
  const connector = host.registry.connector(connectorId);
  if (!connector) {
    throw new ValidationError(`Invalid parameter "connector": unknown connector "${connectorId}"`, {
      parameter: 'connector',
    });
  }
  return zod().toJSONSchema(connector.credentials, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Asks for the credentials the flags did not give (hidden input: they are secrets). */
async function promptCredentials(
  credentials: Record<string, unknown>,
  schema: JsonSchema,
  useApiKey: boolean,
): Promise<void> {
  // A union (OAuth tokens or a personal API key) asks for the API-key branch: tokens come from Connect.
  const branches = (Array.isArray(schema.anyOf) ? schema.anyOf : [schema]) as JsonSchema[];
  const branch =
    branches.find((entry) => useApiKey && Object.hasOwn((entry.properties ?? {}) as object, 'apiKey')) ??
    branches[0]!;
  const properties = (branch.properties ?? {}) as Record<string, JsonSchema>;
  const required = (branch.required ?? []) as string[];
  const missing = required.filter((key) => credentials[key] === undefined);
  if (missing.length === 0 || !interactive()) return;
  const { password } = await import('@inquirer/prompts');
  for (const key of missing) {
    const property = properties[key] ?? {};
    credentials[key] = await password(
      { message: String(property.title ?? key), mask: '*' },
      { output: process.stderr },
    );
  }
}

/** `c-host connections add <name> --connector <id>`: verified with a cheap call, then saved. */
export async function addConnection(name: string, flags: AddFlags): Promise<void> {
  if (!flags.connector) {
    throw new ValidationError('Invalid parameter "connector": --connector is required', {
      parameter: 'connector',
    });
  }
  checkConnectorId(flags.connector);
  const host = await cliHost(flags, [flags.connector]);
  try {
    printJson(await saveWithKey(host, name, flags.connector, flags, false));
  } finally {
    await host.close();
  }
}

async function saveWithKey(
  host: Host,
  name: string,
  connectorId: string,
  flags: AddFlags,
  reconnect: boolean,
) {
  const schema = credentialsSchema(host, connectorId);
  const credentials = applyParams({}, flags.credential ?? [], schema, 'credential');
  const options = applyParams({}, flags.option ?? [], { type: 'object' }, 'option');
  await promptCredentials(credentials, schema, flags.apiKey ?? true);
  const existing = reconnect ? await host.store.connections.get(name) : undefined;
  if (existing) {
    if (existing.connector !== connectorId) {
      throw new ValidationError(`Invalid parameter "name": "${name}" is a ${existing.connector} connection`, {
        parameter: 'name',
      });
    }
    const connector = host.registry.connector(connectorId)!;
    const merged = { ...existing.options, ...options };
    connector.parseOptions(merged);
    const client = connector.connect({ ...merged, credentials });
    try {
      if (flags.verify !== false) await client.verify();
    } finally {
      await client.close();
    }
    return host.connections.replaceCredentials(name, credentials, merged);
  }
  return host.connections.create(
    { name, connector: connectorId, credentials, options, isDefault: flags.default },
    { verify: flags.verify !== false },
  );
}

/**
 * `c-host connect <connector>`: API-key connectors take the key from flags or a hidden prompt;
 * OAuth connectors run Connect in the browser, through a running `c-host serve` or a temporary
 * server on the configured port, and wait for the tokens to land.
 */
export async function connectCommand(connectorId: string, flags: AddFlags): Promise<void> {
  checkConnectorId(connectorId);
  const host = await cliHost(flags);
  try {
    const connector = host.registry.connector(connectorId);
    if (!connector) credentialsSchema(host, connectorId);
    const name = flags.name ?? connectorId;
    if (connector!.auth.type !== 'oauth2' || flags.apiKey || (flags.credential?.length ?? 0) > 0) {
      printJson(await saveWithKey(host, name, connectorId, flags, true));
      return;
    }
    const server = runningServer(host.config.dataDir);
    let stop: (() => Promise<void>) | undefined;
    let base = server?.url;
    if (!base) {
      if (!host.oauth.configured().includes(connectorId)) {
        const prefix = `C_${connectorId.toUpperCase()}_OAUTH_`;
        throw new ValidationError(
          `Invalid parameter "connector": OAuth is not configured for ${connectorId}. Set ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET, run \`c-host serve --sandbox\` and connect through it, or use --api-key where the provider has one.`,
          { parameter: 'connector' },
        );
      }
      const { startServer } = await import('./serve.js');
      const started = await startServer(host, { quiet: true });
      base = started.url;
      stop = started.stop;
    }
    try {
      const before = await host.store.connections.get(name);
      const login = await host.access.createLoginToken();
      const next = `/api/oauth/${encodeURIComponent(connectorId)}/start?connection=${encodeURIComponent(name)}`;
      const url = `${base}/auth?token=${login}&next=${encodeURIComponent(next)}`;
      note(`Open this link to connect ${connector!.title} as "${name}":\n  ${url}`);
      if (flags.open !== false && interactive()) {
        const { default: open } = await import('open');
        await open(url).catch(() => {});
      }
      const view = await waitForConnection(host, name, before?.updatedAt);
      printJson(view);
    } finally {
      await stop?.();
    }
  } finally {
    await host.close();
  }
}

async function waitForConnection(host: Host, name: string, previous: string | undefined) {
  const deadline = Date.now() + 10 * 60 * 1000;
  while (Date.now() < deadline) {
    const record = await host.store.connections.get(name);
    if (record && record.updatedAt !== previous && record.status === 'ok') return host.connections.get(name);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new TimeoutError('Connect did not finish within 10 minutes: run `c-host connect` again');
}
