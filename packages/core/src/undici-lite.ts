// Loads only undici's Agent and request API, and only when a connection makes its first call:
// undici's index (fetch, websockets, caches) costs about four times a bare Node start to import.
// The undici version is pinned exactly in package.json because these paths are not its public API.
import { createRequire } from 'node:module';
import type { Agent, Dispatcher } from 'undici';

const require = createRequire(import.meta.url);

type AgentClass = typeof Agent;
type RequestFn = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
let loaded: { Agent: AgentClass; request: RequestFn } | undefined;

function undici() {
  loaded ??= {
    Agent: require('undici/lib/dispatcher/agent.js') as AgentClass,
    request: require('undici/lib/api/api-request.js') as RequestFn,
  };
  return loaded;
}

/** A new undici Agent: a keep-alive pool per origin. */
export function createAgent(options: Agent.Options): Dispatcher {
  return new (undici().Agent)(options);
}

/** `dispatcher.request(options)` without loading undici's index. */
export function dispatchRequest(
  dispatcher: Dispatcher,
  options: Dispatcher.RequestOptions,
): Promise<Dispatcher.ResponseData> {
  return undici().request.call(dispatcher, options);
}

export type { Dispatcher };
