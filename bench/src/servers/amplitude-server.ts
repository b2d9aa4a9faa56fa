// Serves the Amplitude simulator in its own process for the analytics benchmark, so the bench process
// measures only its own decoding or sending. Prints `{url, connection, statsUrl}` on its first stdout
// line; `statsUrl` answers the simulator's own counts (events ingested, duplicates), which the bench
// checks against what the client reports.
//
//   node amplitude-server.ts export <uncompressed bytes> <deflate|store>
//   node amplitude-server.ts ingest
import { createServer } from 'node:http';
import { startAnalyticsSimulator } from '@c/analytics/testing';

const [mode, bytesArg, compressionArg] = process.argv.slice(2);
const compression = compressionArg === 'store' ? 'store' : 'deflate';
if (mode !== 'export' && mode !== 'ingest') {
  throw new Error('usage: amplitude-server.ts export <bytes> <deflate|store> | ingest');
}

const sandbox = await startAnalyticsSimulator(
  mode === 'export'
    ? {
        // One generated file served again for every member: the archive flows at memory speed, so
        // the reader is measured rather than the generator.
        export: { bytes: Number(bytesArg), reuseFiles: true, compression },
        exportLimitBytes: Number.MAX_SAFE_INTEGER,
        throttle: false,
        recordCalls: false,
      }
    : { throttle: false, recordCalls: false, retainEvents: 0 },
);

const stats = createServer((_request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(
    JSON.stringify({
      ingested: sandbox.state.ingestedCount,
      duplicates: sandbox.state.duplicateCount,
      violations: sandbox.server.violations.length,
    }),
  );
});
await new Promise<void>((resolve) => stats.listen(0, '127.0.0.1', resolve));
const address = stats.address();
const statsUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';

process.stdout.write(`${JSON.stringify({ url: sandbox.url, connection: sandbox.connection, statsUrl })}\n`);
process.on('SIGTERM', () => {
  stats.close();
  sandbox.close().then(() => process.exit(0));
});
