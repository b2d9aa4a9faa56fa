// A second host process for tests of what processes sharing one data directory do at once. It
// opens the host on the data directory given as the first argument (with the connectors named in
// the second), says `ready`, and then for every line `<command> <count> <input JSON>` on stdin runs
// the command that many times at once and answers one JSON line: how many succeeded and the errors.
import { createInterface } from 'node:readline';
import { toErrorJson } from '@c/core';
import { resolveConfig } from '../config.js';
import { loadConnectors } from '../connectors.js';
import { openHost } from '../host.js';

const [dataDir, connectorList] = process.argv.slice(2);
const host = await openHost({
  config: resolveConfig({ dataDir }, {}),
  env: {},
  connectors: await loadConnectors((connectorList ?? '').split(',')),
});
process.stdout.write('ready\n');

for await (const line of createInterface({ input: process.stdin })) {
  const [command, count, ...rest] = line.split(' ');
  const outcomes = await Promise.allSettled(
    Array.from({ length: Number(count) }, () => host.runner.call(command!, JSON.parse(rest.join(' ')))),
  );
  process.stdout.write(
    `${JSON.stringify({
      ok: outcomes.filter((outcome) => outcome.status === 'fulfilled').length,
      errors: outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [toErrorJson(outcome.reason)] : [],
      ),
    })}\n`,
  );
}
await host.close();
