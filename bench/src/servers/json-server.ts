// A minimal keep-alive JSON server for client overhead measurements: every call gets the same
// Stripe-customer-sized body, so the client's own cost is what differs.
import { createServer } from 'node:http';

const body = JSON.stringify({
  id: 'cus_NffrFeUfNV2Hib',
  object: 'customer',
  created: 1680893993,
  email: 'jennyrosen@example.com',
  livemode: false,
  metadata: {},
  name: 'Jenny Rosen',
});

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') {
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
  }
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
