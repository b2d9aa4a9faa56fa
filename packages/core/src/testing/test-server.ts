import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';
import { flatHeaders } from './incoming-headers.js';
import type { RecordedCall } from './recorded-call.js';

/** Methods that never change a provider's state. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type { RecordedCall } from './recorded-call.js';

/** A fault the server injects into matching requests (each fault fires `times` times, default 1). */
export type Fault = {
  match?: (call: RecordedCall) => boolean;
  times?: number;
} & (
  | { type: 'reset-before-response' }
  | { type: 'reset-after-handler' }
  | { type: 'reset-mid-body' }
  | { type: 'stall' }
  | { type: 'delay'; ms: number }
  | { type: 'status'; status: number; headers?: Record<string, string>; body?: string }
);

/** Options of `createTestServer`. */
export interface TestServerOptions {
  port?: number;
  host?: string;
  /** Keep only the newest N recorded calls (a long-running sandbox); all of them by default. */
  maxRecordedCalls?: number;
  /** Checks each request; a returned string is recorded as a contract violation. */
  check?: (call: RecordedCall) => string | undefined | Promise<string | undefined>;
}

/** A loopback HTTP server answering with msw handlers. */
export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Every request received, in order. */
  readonly calls: RecordedCall[];
  /**
   * How many requests that may change state (any method but GET, HEAD and OPTIONS) it has received,
   * recorded or not: a cheap way for a host to tell whether a simulator's data may have changed.
   */
  readonly writes: number;
  /** Contract violations found by `check`. */
  readonly violations: string[];
  /** Prepends handlers (they win over the initial ones) until `resetHandlers`. */
  use(...handlers: RequestHandler[]): void;
  resetHandlers(): void;
  /** Keeps only the newest N recorded calls from now on (0: record none), e.g. in a long-running sandbox. */
  limitRecording(max: number | undefined): void;
  /** Records a contract violation found outside `check` (e.g. in a response). */
  addViolation(message: string): void;
  /** Queues a fault for the next matching request(s). */
  fault(fault: Fault): void;
  clearFaults(): void;
  /** Forgets recorded calls and violations. */
  reset(): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function record(req: IncomingMessage, body: Buffer, origin: string): RecordedCall {
  const url = new URL(req.url ?? '/', origin);
  const headers = flatHeaders(req);
  const bodyText = body.toString('utf8');
  const type = headers['content-type'] ?? '';
  let bodyJson: unknown;
  if (/json/i.test(type) && bodyText) {
    try {
      bodyJson = JSON.parse(bodyText);
    } catch {
      bodyJson = undefined;
    }
  }
  return {
    method: req.method ?? 'GET',
    url,
    path: url.pathname,
    query: url.searchParams,
    headers,
    bodyText,
    bodyJson,
    bodyForm: /x-www-form-urlencoded/i.test(type) ? new URLSearchParams(bodyText) : undefined,
  };
}

/** Waits for a response to drain, or for its connection to close, leaving no listener behind. */
function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Serves msw request handlers on a real loopback socket, so that code using undici directly (which
 * msw's interceptors do not see) can be tested, connections can be dropped mid-response, and the
 * same handlers can back a local sandbox.
 */
export async function createTestServer(
  handlers: RequestHandler[],
  options: TestServerOptions = {},
): Promise<TestServer> {
  const initial = [...handlers];
  let runtime: RequestHandler[] = [];
  let faults: (Fault & { left: number })[] = [];
  const calls: RecordedCall[] = [];
  let writes = 0;
  const violations: string[] = [];
  const sockets = new Set<Socket>();
  let origin = '';
  let recordLimit = options.maxRecordedCalls;

  const takeFault = (call: RecordedCall) => {
    const index = faults.findIndex((fault) => !fault.match || fault.match(call));
    if (index === -1) return undefined;
    const fault = faults[index]!;
    fault.left -= 1;
    if (fault.left <= 0) faults.splice(index, 1);
    return fault;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const call = record(req, body, origin);
    if (!READ_METHODS.has(call.method)) writes += 1;
    calls.push(call);
    if (recordLimit !== undefined && calls.length > recordLimit) calls.splice(0, calls.length - recordLimit);
    const violation = await options.check?.(call);
    if (violation) violations.push(`${call.method} ${call.path}: ${violation}`);
    const fault = takeFault(call);
    if (fault?.type === 'reset-before-response') {
      req.socket.destroy();
      return;
    }
    if (fault?.type === 'stall') return;
    if (fault?.type === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault?.type === 'status') {
      res.writeHead(fault.status, fault.headers ?? { 'content-type': 'application/json' });
      res.end(fault.body ?? '');
      return;
    }
    // Handlers see the client going away through request.signal (e.g. to stop generating a stream).
    const aborter = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborter.abort();
    });
    const request = new Request(call.url, {
      method: call.method,
      headers: call.headers,
      signal: aborter.signal,
      // A copy as a plain Uint8Array: a valid body under both Node's and the DOM's fetch types.
      body:
        call.method === 'GET' || call.method === 'HEAD' || body.length === 0
          ? undefined
          : new Uint8Array(body),
    });
    const response = await getResponse([...runtime, ...initial], request);
    if (fault?.type === 'reset-after-handler') {
      req.socket.destroy();
      return;
    }
    if (!response) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `No simulator route for ${call.method} ${call.path}` }));
      return;
    }
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, key) => {
      headers[key] = key === 'set-cookie' ? response.headers.getSetCookie() : value;
    });
    if (fault?.type === 'reset-mid-body') {
      // Announce the full length, send the first half of the body, then cut the connection.
      const bytes = new Uint8Array(await response.arrayBuffer());
      res.writeHead(response.status, { ...headers, 'content-length': String(bytes.length) });
      res.write(bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2))));
      await new Promise((resolve) => setTimeout(resolve, 5));
      req.socket.destroy();
      return;
    }
    res.writeHead(response.status, headers);
    if (!response.body) {
      res.end();
      return;
    }
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (res.destroyed) break;
      // A client that goes away mid-stream never drains: stop instead of waiting forever.
      if (!res.write(chunk)) await drainOrClose(res);
    }
    if (res.destroyed) {
      aborter.abort();
      return;
    }
    res.end();
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String((error as Error)?.message ?? error) }));
      } else {
        res.destroy();
      }
    });
  });
  server.keepAliveTimeout = 5000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: origin,
    port,
    calls,
    get writes() {
      return writes;
    },
    violations,
    use: (...more) => {
      runtime = [...more, ...runtime];
    },
    resetHandlers: () => {
      runtime = [];
    },
    limitRecording: (max) => {
      recordLimit = max;
      if (max !== undefined && calls.length > max) calls.splice(0, calls.length - max);
    },
    addViolation: (message) => {
      violations.push(message);
    },
    fault: (fault) => {
      faults.push({ ...fault, left: fault.times ?? 1 });
    },
    clearFaults: () => {
      faults = [];
    },
    reset: () => {
      calls.length = 0;
      violations.length = 0;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
