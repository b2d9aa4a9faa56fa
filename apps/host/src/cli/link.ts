import { ValidationError } from '@c/core';
import { cliHost, type GlobalFlags } from './context.js';
import { printJson } from './output.js';
import { runningServer } from './server-record.js';

/**
 * `c-host link`: a new one-time sign-in link for the server running on this data directory, for
 * signing a browser in again (a spent or expired link) without replacing the access token.
 */
export async function linkCommand(flags: GlobalFlags): Promise<void> {
  const host = await cliHost(flags, []);
  try {
    const server = runningServer(host.config.dataDir);
    if (!server) {
      throw new ValidationError(
        `Invalid parameter "data-dir": no c-host serve is running on ${host.config.dataDir}. Start one with \`c-host serve\`: it prints a sign-in link.`,
        { parameter: 'data-dir' },
      );
    }
    // The server reads login tokens from the store it shares with this process.
    printJson({
      link: `${server.url}/auth?token=${await host.access.createLoginToken()}`,
      expiresInMinutes: 10,
    });
  } finally {
    await host.close();
  }
}
