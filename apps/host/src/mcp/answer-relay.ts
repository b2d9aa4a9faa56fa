import { randomUUID } from 'node:crypto';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

// MCP over HTTP is stateless here: each POST gets a fresh server and transport. A question the
// server asks the client during a tool call (elicitation) goes out on that call's event stream, but
// the client's answer comes back in a POST of its own, which a fresh transport would not know. So
// each request a server sends gets a unique id on the way out, and an answer bearing that id is
// handed back, under the server's own id, to the transport that asked. A UUID is not guessable, and
// the POST carrying it has passed the token check like any other.

interface Asker {
  readonly transport: Transport;
  /** The id the server gave its request. */
  readonly id: string | number;
}

/** The questions in flight in this process, by the id the client saw. */
const asked = new Map<string, Asker>();

const isRequest = (message: JSONRPCMessage): message is JSONRPCMessage & { id: string | number } =>
  'method' in message && 'id' in message;

const isAnswer = (message: unknown): message is { id: string | number } =>
  message !== null &&
  typeof message === 'object' &&
  !('method' in message) &&
  'id' in message &&
  ('result' in message || 'error' in message);

/**
 * Renames the requests `transport` sends (before its server connects), so that `deliverAnswers`
 * can route their answers back. Returns the function that forgets its questions (when its HTTP
 * exchange ends: an answer after that has nobody waiting).
 */
export function relayQuestions(transport: Transport): () => void {
  const send = transport.send.bind(transport);
  const mine: string[] = [];
  transport.send = (message, options) => {
    if (!isRequest(message)) return send(message, options);
    const relayed = randomUUID();
    asked.set(relayed, { transport, id: message.id });
    mine.push(relayed);
    return send({ ...message, id: relayed }, options);
  };
  return () => {
    for (const id of mine) asked.delete(id);
  };
}

/**
 * Hands the answers in a POST's body to the transports that asked, when the body holds answers
 * only and each is awaited here; returns whether it did (then the POST is answered 202). Anything
 * else (a request, or an answer nobody here awaits: another instance's, or late) is left to the
 * ordinary path.
 */
export function deliverAnswers(body: unknown): boolean {
  const messages = [body].flat();
  const mine = messages.every((message) => isAnswer(message) && asked.has(String(message.id)));
  if (messages.length === 0 || !mine) return false;
  for (const message of messages as { id: string | number }[]) {
    const asker = asked.get(String(message.id));
    asked.delete(String(message.id));
    asker?.transport.onmessage?.({ ...message, id: asker.id } as JSONRPCMessage);
  }
  return true;
}
