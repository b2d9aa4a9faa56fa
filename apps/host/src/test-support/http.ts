import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

/** A response as the tests read it. */
export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/**
 * One HTTP request over a real socket with `node:http`, which (unlike fetch) lets a test send any
 * `Host` and `Origin` header. `localAddress` sends it from another loopback address (127.0.0.2…),
 * as another client would.
 */
export function call(
  base: string,
  method: string,
  path: string,
  options: {
    headers?: Record<string, string>;
    body?: unknown;
    form?: Record<string, string>;
    localAddress?: string;
  } = {},
): Promise<TestResponse> {
  const url = new URL(path, base);
  const body = options.form
    ? new URLSearchParams(options.form).toString()
    : options.body === undefined
      ? undefined
      : JSON.stringify(options.body);
  const type = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: {
          ...(body !== undefined ? { 'content-type': type } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A response read off a raw socket: the status line's code, the headers as sent, the body. */
export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/**
 * Writes `request` byte for byte on a new TCP connection and reads the answer until the server
 * closes it: nothing (no client library, no URL parser) normalizes the request line on the way.
 * Send `Connection: close`. An answer that never ends (an event stream) is cut after `idleMs` of
 * silence and returned as far as it came.
 */
export function rawRequest(port: number, request: string, idleMs = 5000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.setTimeout(idleMs, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may answer and close before it has read the whole request (a 413): keep what came.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const head = end === -1 ? text : text.slice(0, end);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: end === -1 ? '' : text.slice(end + 4),
      });
    });
  });
}

/** The `name=value` of a Set-Cookie header, by cookie name prefix. */
export function cookieFrom(response: TestResponse, prefix: string): string | undefined {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const found = list.find((line) => line.startsWith(prefix));
  return found?.split(';', 1)[0];
}

/**
 * Plays the user on a simulator's authorization page: reads its form (hidden fields and the
 * Approve button) and submits it, returning where the provider redirects the browser.
 */
export async function approve(
  authorizationUrl: string,
  decision: 'approve' | 'deny' = 'approve',
): Promise<string> {
  const page = await call(authorizationUrl, 'GET', authorizationUrl);
  if (page.status !== 200) throw new Error(`authorization page answered ${page.status}: ${page.text}`);
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(page.text);
  if (!form) throw new Error(`no form on the authorization page: ${page.text}`);
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input[^>]*name="([^"]*)"[^>]*value="([^"]*)"/gi)) {
    fields[decodeEntities(input[1]!)] = decodeEntities(input[2]!);
  }
  const button = [...form[2]!.matchAll(/<button[^>]*name="([^"]*)"[^>]*value="([^"]*)"/gi)].find((match) =>
    match[2]!.toLowerCase().includes(decision),
  );
  if (button) fields[button[1]!] = button[2]!;
  const action = new URL(decodeEntities(form[1]!), authorizationUrl).toString();
  const answer = await call(action, 'POST', action, { form: fields });
  const location = answer.headers.location;
  if (answer.status !== 302 || typeof location !== 'string') {
    throw new Error(`the authorization form answered ${answer.status}: ${answer.text}`);
  }
  return location;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');
}
