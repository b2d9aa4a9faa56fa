import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { forbiddenKeyPath } from '../run/input-keys.js';

/** JSON-RPC 2.0's code for a request whose params are invalid. */
const INVALID_PARAMS = -32602;

/**
 * Refuses, on a transport that hands over parsed messages (stdio, in-memory), a request whose params
 * hold a `__proto__`, `constructor` or `prototype` key, answering it with a JSON-RPC "invalid params"
 * error that names the key; the request never reaches the server. The SDK's own validation would drop
 * a `__proto__` key silently and run the tool on what is left: the HTTP transport refuses the same
 * body with a 400 (see `parseJsonBody`), and every surface must refuse it alike.
 *
 * Installed before `server.connect(transport)`: the server's handler is set through the guard.
 */
export function guardInputKeys(transport: Transport): void {
  let inner: Transport['onmessage'];
  const guarded: Transport['onmessage'] = (message, extra) => {
    const refusal = refusalOf(message);
    if (refusal) {
      transport.send(refusal).catch(() => undefined);
      return;
    }
    inner?.(message, extra);
  };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => (inner ? guarded : undefined),
    set: (handler: Transport['onmessage']) => {
      inner = handler;
    },
  });
}

/** The error answer to a request carrying a forbidden key, or `undefined` when it carries none. */
function refusalOf(message: JSONRPCMessage): JSONRPCMessage | undefined {
  if (!('method' in message) || !('id' in message) || !('params' in message)) return undefined;
  const key = forbiddenKeyPath(message.params);
  if (!key) return undefined;
  // Named as the run pipeline names it: tool arguments are a command's input.
  const parameter = (key[0] === 'arguments' ? key.slice(1) : key).join('.');
  const text = `Invalid parameter "${parameter}": the key "${key.at(-1)}" is not allowed in a command's input`;
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: { code: INVALID_PARAMS, message: text, data: { kind: 'validation', parameter } },
  };
}
