import { createServer as createHttpServer } from 'node:http';

// The fleet soak's `deliverTo` endpoint (soak.ts): it counts deliveries, to find lost or duplicated events.

/** A `deliverTo` receiver that counts each event id it is given. */
export async function countingReceiver(): Promise<{
  url: string;
  seen: Map<string, number>;
  /** When each event id arrived, each time. */
  times: Map<string, number[]>;
  close(): Promise<void>;
}> {
  const seen = new Map<string, number>();
  const times = new Map<string, number[]>();
  const server = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      try {
        const id = (JSON.parse(body) as { id?: string }).id;
        if (id) {
          seen.set(id, (seen.get(id) ?? 0) + 1);
          times.set(id, [...(times.get(id) ?? []), Date.now()]);
        }
      } catch {
        // Not an event: not counted.
      }
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/events`,
    seen,
    times,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
