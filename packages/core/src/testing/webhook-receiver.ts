import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flatHeaders } from './incoming-headers.js';

/** One request a webhook receiver got. */
export interface ReceivedDelivery<Body = any> {
  method: string;
  /** The request's path and query, e.g. `/hooks/test`. */
  path: string;
  /** Its headers, lower-case (repeated ones joined with `, `). */
  headers: Record<string, string>;
  /** The exact text of its body, as a signature is computed over it. */
  rawBody: string;
  /** The body parsed as JSON, or `undefined` when it is empty or not JSON (e.g. a Drive push notification). */
  body: Body | undefined;
}

/** Options of `startWebhookReceiver`. */
export interface WebhookReceiverOptions {
  /** The status to answer a delivery with (200 by default), e.g. 500 to watch a provider retry. */
  status?: (delivery: ReceivedDelivery) => number;
}

/** A running loopback webhook receiver. */
export interface WebhookReceiver<Body = any> {
  /** Where a provider should deliver: `http://127.0.0.1:<port>/hooks/test`. */
  readonly url: string;
  /** Every delivery received, in order. */
  readonly received: ReceivedDelivery<Body>[];
  close(): Promise<void>;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Starts a loopback HTTP server that records every request a provider (or its simulator) delivers to
 * it, for trigger tests: subscribe with `url`, make the provider fire, then read `received`.
 */
export async function startWebhookReceiver<Body = any>(
  options: WebhookReceiverOptions = {},
): Promise<WebhookReceiver<Body>> {
  const received: ReceivedDelivery<Body>[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      // The sender hung up mid-body: nothing was delivered, and no one is left to answer.
      return;
    }
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const delivery: ReceivedDelivery<Body> = {
      method: req.method ?? 'POST',
      path: req.url ?? '/',
      headers: flatHeaders(req),
      rawBody,
      body: parseJson(rawBody) as Body | undefined,
    };
    received.push(delivery);
    res.statusCode = options.status?.(delivery) ?? 200;
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/test`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A sender's keep-alive sockets would otherwise hold the close for seconds.
        server.closeAllConnections();
      }),
  };
}
