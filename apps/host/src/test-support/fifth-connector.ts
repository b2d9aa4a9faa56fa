// Serves the fake `things` connector beside the built-in ones, as a fifth connector would be: in
// the test process that imports this module, and in a CLI process started with
// `runCli(args, { preload: [fifthConnector] })` (`node --import` of this same file). Nothing in the
// host besides `connectors.ts` learns about it.
import { fileURLToPath } from 'node:url';
import { addConnector, connectorIds } from '../connectors.js';
import { things } from './fake-connector.js';

/** This module's path, for `runCli(…, { preload })`. */
export const fifthConnector = fileURLToPath(import.meta.url);

if (!connectorIds.includes(things.id)) addConnector(things.id, async () => things);
