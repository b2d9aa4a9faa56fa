import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

// The fleet soak's provider outage (soak.ts): a relay between the hosts and the provider.

/** A TCP relay in front of the provider that can be cut: an outage resets every connection. */
export async function cuttableRelay(
  target: URL,
): Promise<{ url: string; down(value: boolean): void; close(): Promise<void> }> {
  let down = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = tcpConnect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    down(value) {
      down = value;
      if (value) for (const socket of sockets) socket.resetAndDestroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
