import { fillLookupInput } from '@c/core';
import { lookupChoices, lookupRequestFor } from '@c/core/lookup';
import type { Host } from '../host.js';
import type { RegisteredCommand } from '../registry.js';
import type { ConnectionRecord } from '../store/connection-store.js';
import type { ListChoices } from './prompts.js';

/**
 * Lists the choices of a command's parameters for its prompts: each lookup runs its listing
 * command (with nothing typed: its fallback request when it has one) through the same path as any
 * run, on the connection the command will run on, and its result is read as the connector declares.
 */
export function lookupChoiceLister(
  host: Host,
  entry: RegisteredCommand,
  connection: string | ConnectionRecord | undefined,
): ListChoices {
  return async (lookup, form) => {
    const request = lookupRequestFor(lookup, '');
    const result = await host.runner.run(
      await host.runner.check({
        command: `${entry.connectorId}.${request.command}`,
        input: fillLookupInput(request.input, '', form),
        connection,
      }),
      { lookup: true },
    );
    return lookupChoices(lookup, result, request.items);
  };
}
