// Loads only undici's Agent and request API instead of its whole index (fetch, websockets, caches):
// the full package costs about four times a bare Node start to import, these two files a fraction.
// The undici version is pinned exactly in package.json because these paths are not its public API.
import { createRequire } from 'node:module';
import type { Agent as AgentType, Dispatcher } from 'undici';

const require = createRequire(import.meta.url);

/** undici's Agent: a keep-alive pool per origin. */
export const Agent: typeof AgentType = require('undici/lib/dispatcher/agent.js');

const apiRequest: (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData> =
  require('undici/lib/api/api-request.js');

/** `dispatcher.request(options)` without loading undici's index. */
export function dispatchRequest(
  dispatcher: Dispatcher,
  options: Dispatcher.RequestOptions,
): Promise<Dispatcher.ResponseData> {
  return apiRequest.call(dispatcher, options);
}

export type { Dispatcher };
