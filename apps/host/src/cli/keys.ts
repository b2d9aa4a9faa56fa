import { OLD_KEYS_VARIABLE } from '../store/secret-box.js';
import { cliHost, type GlobalFlags } from './context.js';
import { note, printJson } from './output.js';

/**
 * `c-host keys rotate`: re-seals every stored secret with the current key (`C_HOST_SECRET_KEY`),
 * opening those of earlier keys with `C_HOST_SECRET_KEYS_OLD`, one row per transaction so that
 * running hosts and their token refreshes carry on, then retires the earlier keys. Prints what it
 * did; connections that no supplied key opens are left as they are and named.
 */
export async function rotateKeysCommand(flags: GlobalFlags): Promise<void> {
  const host = await cliHost(flags, []);
  try {
    const report = await host.store.reseal();
    printJson(report);
    if (report.unreadable.length > 0) {
      note(
        `${report.unreadable.length} connection(s) could not be opened with C_HOST_SECRET_KEY or ${OLD_KEYS_VARIABLE} and were left as they are: ${report.unreadable.join(', ')}. Put the key they were sealed with in ${OLD_KEYS_VARIABLE} and run this again, or reconnect them.`,
      );
    }
  } finally {
    await host.close();
  }
}
