#!/usr/bin/env node
// The `c-host` command line. Only commander loads up front: each command imports what it needs when
// it runs, so `c-host run` does not pay for Fastify, the MCP SDK, prompts or the simulators.
import { Command, CommanderError, Option } from 'commander';
import { hostVersion } from './paths.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

type Action = (...args: any[]) => Promise<void>;

/**
 * Runs an action; any failure is printed with exit code 2 or 1: a sentence on a terminal,
 * `{"error": …}` on stderr otherwise (and with `--json`).
 */
function guarded(load: () => Promise<Action>): Action {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    try {
      const action = await load();
      await action(...args.slice(0, -2), command.optsWithGlobals());
    } catch (error) {
      const { printError } = await import('./cli/output.js');
      await printError(error, command.optsWithGlobals());
    }
  };
}

/** What commander wrote for the user (help for a bare group, or a usage error), shown or turned into JSON at the end. */
let commanderText = '';

const program = new Command('c-host')
  .description('Every connector command from one place: CLI, HTTP API, MCP server and web UI.')
  .version(hostVersion)
  .addOption(new Option('--data-dir <dir>', 'where connections are stored').env('C_HOST_DATA_DIR'))
  .addOption(
    new Option(
      '--database-url <url>',
      'a PostgreSQL database shared by a fleet of hosts (prefer the variable: a flag shows in ps)',
    ).env('C_HOST_DATABASE_URL'),
  )
  .addOption(
    new Option(
      '--public-url <url>',
      'the address providers reach this host at, for webhook triggers (https://, or http:// on loopback)',
    ).env('C_HOST_PUBLIC_URL'),
  )
  .option('--json', 'print JSON even on a terminal (it is always JSON when stdout is not a terminal)')
  // Usage errors become the same `{"error": …}` JSON (exit 2) as any other bad input.
  .exitOverride()
  // Commander's own messages are kept, not printed: a usage error becomes the error JSON below, and
  // the help it shows for a bare group (`c-host`, `c-host runs`) goes to stdout with exit 0, as gh does.
  .configureOutput({
    writeErr: (text) => {
      commanderText += text;
    },
  });

program
  .command('list')
  .description(
    'List the commands: on a terminal folded by area, or those of an area, a connector or a search; else JSON',
  )
  .argument('[query...]', 'an area (payments.refunds), a connector (payments), or words to search for')
  .option('--all', 'every command, unfolded')
  .option('--connector <id>', 'only this connector')
  .action(guarded(async () => (await import('./cli/run.js')).listCommand));

program
  .command('describe')
  .description('Show a command with its input and output JSON Schema')
  .argument('<id>', 'command id, <connector>.<command> (`c-host list` shows them)')
  .action(guarded(async () => (await import('./cli/run.js')).describeCommand));

program
  .command('run')
  .description(
    'Run a command: the result on stdout (a table for a list on a terminal, else JSON), errors on stderr',
  )
  .argument('<id>', 'command id, <connector>.<command> (`c-host list` shows them)')
  .option('-i, --input <json>', 'parameters as a JSON object, @file, or - for stdin')
  .option(
    '-p, --param <key=value>',
    'one parameter (repeatable; dotted keys set nested fields; objects and lists as JSON or JSON5: filter={priority:1})',
    collect,
  )
  .option('-c, --connection <name>', "connection name (default: the connector's default)")
  .option('-o, --output <file>', 'write the result list as NDJSON to this file (its folder must exist)')
  .option(
    '--idempotency-key <key>',
    'write commands: repeating with the same key and input within 24 h returns the first result and changes nothing',
  )
  .option('--dry-run', 'print the requests the run would send (credentials masked) and send nothing')
  .option('--no-prompt', 'never prompt for missing parameters')
  .option('-y, --yes', 'on a terminal, run a command that changes or deletes data without asking first')
  .option(
    '--async',
    'run in the background: prints {id, status} at once, then on a terminal follows it to its end',
  )
  .option('--wait', 'with --async, follow the run to its end even off a terminal')
  .option(
    '--no-wait',
    'with --async, return at once even on a terminal (`c-host runs get <id>` reads it later)',
  )
  .action(guarded(async () => (await import('./cli/run.js')).runCommand));

const runs = program
  .command('runs')
  .description('Run history of every surface, and async runs (`run --async`, POST /api/runs)');
runs
  .command('list')
  .description(
    'List recent runs from the CLI, web UI, MCP, API and background, newest first (a table; else JSON)',
  )
  .option('--command <id>', 'only runs of this command (payments.listCustomers)')
  .option('--connection <name>', 'only runs on this connection')
  .option('--surface <where>', 'only runs from: web, cli, mcp, http, async')
  .option('--status <status>', 'only runs that: succeeded, failed, queued, running, canceling')
  .option('--limit <n>', 'at most this many runs (default 30, at most 200)')
  .option('--cursor <id>', 'the next page, as the previous one said')
  .action(guarded(async () => (await import('./cli/history.js')).listRunsCommand));
runs
  .command('get')
  .description('Show a run: its status and progress, then its result or error (JSON)')
  .argument('<id>', 'run id, as `run --async` printed it')
  .option('-o, --output <file>', "write the result's list as NDJSON to this file")
  .action(guarded(async () => (await import('./cli/runs.js')).getRunCommand));
runs
  .command('cancel')
  .description('Cancel a run: a queued one never starts, a running one is stopped by its worker')
  .argument('<id>', 'run id, as `run --async` printed it')
  .action(guarded(async () => (await import('./cli/runs.js')).cancelRunCommand));
runs
  .command('work', { hidden: true })
  .description('Run the queued runs of this store until none is left (started by `run --async`)')
  .action(guarded(async () => (await import('./cli/runs.js')).workCommand));

program
  .command('connect')
  .description('Connect an account: an API key, or the OAuth flow in the browser')
  .argument('<connector>', 'connector id (`c-host list` shows them)')
  .option('-n, --name <name>', 'connection name (default: the connector id); an existing one is reconnected')
  .option('--credential <key=value>', 'a credential (repeatable); prompted for when missing', collect)
  .option('--option <key=value>', 'a connection option such as baseUrl (repeatable)', collect)
  .option('--api-key', 'use an API key instead of OAuth (where the connector accepts one)')
  .option('--default', "make it the connector's default")
  .option('--no-verify', 'save without checking the credentials')
  .option('--no-open', 'print the link instead of opening the browser')
  .addOption(new Option('--port <port>', 'port of the temporary server for OAuth').env('C_HOST_PORT'))
  .action(guarded(async () => (await import('./cli/connections.js')).connectCommand));

const connections = program.command('connections').description('Manage stored connections');
connections
  .command('list')
  .description('List connections (secrets as masked hints)')
  .action(guarded(async () => (await import('./cli/connections.js')).listConnections));
connections
  .command('add')
  .description('Add a connection (its credentials are checked first)')
  .argument('<name>', 'connection name')
  .requiredOption('--connector <id>', 'connector id (`c-host list` shows them)')
  .option('--credential <key=value>', 'a credential (repeatable); prompted for when missing', collect)
  .option('--option <key=value>', 'a connection option such as baseUrl (repeatable)', collect)
  .option('--default', "make it the connector's default")
  .option('--no-verify', 'save without checking the credentials')
  .action(guarded(async () => (await import('./cli/connections.js')).addConnection));
for (const [action, description] of [
  ['remove', 'Remove a connection (on a terminal it asks first; --yes skips that)'],
  ['test', 'Check a connection with a cheap read call'],
  ['default', "Make a connection its connector's default"],
] as const) {
  const command = connections.command(action).description(description).argument('<name>', 'connection name');
  if (action === 'remove') command.option('-y, --yes', 'remove without asking, on a terminal');
  command.action(
    guarded(async () => {
      const { connectionAction } = await import('./cli/connections.js');
      return (name: string, flags: object) => connectionAction(action, name, flags);
    }),
  );
}

program
  .command('serve')
  .description('Serve the HTTP API, /mcp and the web UI')
  .option('--sandbox', 'start local simulators of every provider and connect to them')
  .addOption(new Option('--port <port>', 'port').env('C_HOST_PORT'))
  .addOption(new Option('--bind <address>', 'address to listen on (default 127.0.0.1)').env('C_HOST_BIND'))
  .addOption(new Option('--token <token>', 'access token (default: generated once)').env('C_HOST_TOKEN'))
  .addOption(
    new Option(
      '--trust-proxy <addresses>',
      'the load balancers in front (IPs, CIDRs, comma-separated): only from them is X-Forwarded-For believed',
    ).env('C_HOST_TRUST_PROXY'),
  )
  .addOption(
    new Option(
      '--max-result-bytes <bytes>',
      'the largest result a run keeps, in bytes of JSON (default 8 MiB): a larger list is cut at a whole item',
    ).env('C_HOST_MAX_RESULT_BYTES'),
  )
  .option('--no-open', 'do not open the browser')
  .action(guarded(async () => (await import('./cli/serve.js')).serveCommand));

const sandbox = program
  .command('sandbox')
  .description(
    "Show the sandbox: each simulator's base URL and keys, and its environment variables (sandbox keys are not secrets)",
  )
  .action(guarded(async () => (await import('./cli/sandbox.js')).sandboxCommand));
sandbox
  .command('env')
  .description(
    'Print the sandbox\'s environment variables as shell export lines: eval "$(c-host sandbox env)"',
  )
  .action(guarded(async () => (await import('./cli/sandbox.js')).sandboxEnvCommand));

program
  .command('triggers')
  .description('List every trigger (what a subscription can watch) with its kinds')
  .action(guarded(async () => (await import('./cli/triggers.js')).triggersCommand));

program
  .command('subscribe')
  .description(
    'Subscribe to a trigger: the provider is told where to deliver; events land in `c-host events`',
  )
  .argument('<trigger>', 'trigger id, <connector>.<trigger> (`c-host triggers` shows them)')
  .option('-c, --connection <name>', "connection name (default: the connector's default)")
  .option('-p, --param <key=value>', 'one filter (repeatable), e.g. events=customer.created', collect)
  .option('-i, --input <json>', 'filters as a JSON object, @file, or - for stdin')
  .option(
    '--deliver-to <url>',
    'also POST each event to this URL, signed with C-Signature (secret shown once)',
  )
  .action(guarded(async () => (await import('./cli/triggers.js')).subscribeCommand));

program
  .command('subscriptions')
  .description('List subscriptions, or remove one (and its provider webhook)')
  .argument('[action]', 'list (default) or remove')
  .argument('[id]', 'the subscription to remove')
  .action(guarded(async () => (await import('./cli/triggers.js')).subscriptionsCommand));

program
  .command('events')
  .description('Print received events in arrival order; --follow keeps printing new ones (NDJSON)')
  .option('--subscription <id>', 'only this subscription')
  .option('--after <cursor>', 'only events after this cursor (nextCursor of an earlier call)')
  .option('--limit <n>', 'at most this many per read (default 100)')
  .option('-f, --follow', 'keep printing events as they arrive, until interrupted')
  .action(guarded(async () => (await import('./cli/triggers.js')).eventsCommand));

program
  .command('link')
  .description('Print a new one-time sign-in link for the running server (10 minutes, once)')
  .action(guarded(async () => (await import('./cli/link.js')).linkCommand));

program
  .command('token')
  .description('Make a new access token for the API and /mcp, replacing the stored one, and print it')
  .action(guarded(async () => (await import('./cli/serve.js')).tokenCommand));

const keys = program.command('keys').description('Manage the secret key that seals stored credentials');
keys
  .command('rotate')
  .description(
    'Re-seal every stored secret with C_HOST_SECRET_KEY (C_HOST_SECRET_KEYS_OLD names the earlier keys), then retire the earlier keys; safe while hosts serve',
  )
  .action(guarded(async () => (await import('./cli/keys.js')).rotateKeysCommand));

program
  .command('audit')
  .description(
    'Show the audit log (JSON, newest first): every write run and connection change, who, when, outcome',
  )
  .option('--limit <n>', 'at most this many entries (default 100, at most 1000)')
  .option(
    '--since <time>',
    'only entries from this time on: ISO 8601 (2026-03-01T10:00:00Z) or a duration back (24h, 7d)',
  )
  .action(guarded(async () => (await import('./cli/audit.js')).auditCommand));

program
  .command('mcp')
  .description(
    "Serve the commands as MCP tools over stdio: each connector's core toolset and discovery tools, or the selected toolsets",
  )
  .option('--read-only', 'serve only the tools that change nothing')
  .option(
    '--tools <list>',
    'serve only these tools: ids and globs, comma-separated (<connector>.*,<connector>.<command>)',
  )
  .option(
    '--toolsets <list>',
    "list the commands of these toolsets, comma-separated: core (the default: each connector's core, the rest through discovery tools), all, <connector>, <connector>.<toolset>; --tools and --read-only narrow them",
  )
  .option(
    '--max-result-tokens <tokens>',
    'cut results past about this many tokens (3 bytes of JSON each) at a whole list item (default 25000, or C_HOST_MCP_MAX_RESULT_TOKENS; 1500 to 1000000)',
  )
  .option(
    '--max-result-bytes <bytes>',
    'cut results past this many bytes of JSON instead (4096 to 4194304; with --max-result-tokens, the smaller bound)',
  )
  .option(
    '--allow-destructive',
    'run destructive tools unasked when the client cannot ask the person (no elicitation); or C_HOST_MCP_ALLOW_DESTRUCTIVE=1',
  )
  .option(
    '--sandbox',
    'run the simulators of every provider in this process (or use those of a running serve --sandbox), with a sandbox connection to each',
  )
  .action(guarded(async () => (await import('./cli/mcp.js')).mcpCommand));

// A reader that stops early (`c-host runs get <id> | head`) closes the pipe under a result still
// being written: stop quietly, as `cat` does, instead of dying with an EPIPE stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit();
});

program.parseAsync(process.argv).catch(async (error: unknown) => {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return;
    if (error.code === 'commander.help') {
      process.stdout.write(commanderText);
      return;
    }
    const { ValidationError } = await import('@c/core');
    const message = error.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
    error = new ValidationError(`Invalid usage: ${message} (see c-host --help)`, {
      details: { usage: error.code },
    });
  }
  const { printError } = await import('./cli/output.js');
  await printError(error);
});
