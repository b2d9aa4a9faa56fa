import { type SandboxView, sandboxExports, sandboxView } from '../sandbox/sandbox-env.js';
import { cliHost, type GlobalFlags } from './context.js';
import { forPerson, note, type OutputFlags, printJson } from './output.js';

async function readSandbox(flags: GlobalFlags): Promise<SandboxView> {
  const host = await cliHost(flags);
  try {
    return await sandboxView(host);
  } finally {
    await host.close();
  }
}

/** What to say on stderr when there is no sandbox, or it does not run now. */
function stateNote(view: SandboxView): void {
  if (view.simulators.length === 0) {
    note('No sandbox in this data directory yet: start one with `c-host serve --sandbox`.');
  } else if (!view.running) {
    note(
      'The sandbox is not running: start it with `c-host serve --sandbox` (it listens on these same ports).',
    );
  }
}

/**
 * `c-host sandbox`: each simulator's base URL and keys, and the environment variables to use the
 * sandbox from a program (a list on a terminal, else JSON). Sandbox keys are not secrets.
 */
export async function sandboxCommand(flags: GlobalFlags & OutputFlags): Promise<void> {
  const view = await readSandbox(flags);
  if (!forPerson(flags)) return printJson(view);
  stateNote(view);
  for (const entry of view.simulators) {
    process.stdout.write(`${entry.connector}  ${entry.baseUrl ?? ''}  (connection ${entry.connection})\n`);
    for (const [name, value] of Object.entries(entry.env)) process.stdout.write(`  ${name}=${value}\n`);
  }
  if (view.simulators.length > 0) {
    process.stdout.write(
      '\n`c-host sandbox env` prints these as export lines: eval "$(c-host sandbox env)"\n',
    );
  }
}

/** `c-host sandbox env`: `export NAME=value` lines for every connector's variables, to eval or paste. */
export async function sandboxEnvCommand(flags: GlobalFlags): Promise<void> {
  const view = await readSandbox(flags);
  stateNote(view);
  process.stdout.write(sandboxExports(view));
}
