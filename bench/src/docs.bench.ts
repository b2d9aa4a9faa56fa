import { docs } from '@c/docs';
import { google } from 'googleapis';
import { Agent, request } from 'undici';
import { compare, printCallTable, startChildServer } from './harness.ts';

interface SimulatorInfo {
  url: string;
  connection: {
    credentials: { accessToken: string; refreshToken?: string; clientId?: string; clientSecret?: string };
    options: { baseUrl: string; fileApiBaseUrl: string; tokenUrl: string };
  };
}

/** A seeded document of the docs simulator (see packages/docs/README.md). */
const DOCUMENT_ID = '1T6dCxR4WREs9gU9ELxhEvDtK6kACyQ3412Dj44T02sk';

/** fetchDocumentContent: @c/docs vs googleapis vs raw undici, on one simulator. */
export async function benchDocs(scale: number): Promise<void> {
  const server = await startChildServer<SimulatorInfo>(
    new URL('./servers/simulator-server.ts', import.meta.url).pathname,
    ['docs'],
  );
  const { url, connection } = server.info;
  const token = connection.credentials.accessToken;
  const ours = docs.connect({ credentials: { accessToken: token }, ...connection.options });
  const auth = new google.auth.OAuth2();
  auth.setCredentials({ access_token: token });
  const official = google.docs({ version: 'v1', auth, rootUrl: `${connection.options.baseUrl}/` });
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  // The raw baseline does per call what @c/docs does: build the auth header and the URL of the same
  // document with the same query (every tab's content), and parse the JSON answer.
  const input = { documentId: DOCUMENT_ID };
  const raw = async () => {
    const path = `/v1/documents/${encodeURIComponent(input.documentId)}?includeTabsContent=true`;
    const response = await request(`${connection.options.baseUrl}${path}`, {
      dispatcher: agent,
      headers: { authorization: `Bearer ${token}` },
    });
    return response.body.json();
  };
  for (const concurrency of [1, 32]) {
    const calls = Math.round((concurrency === 1 ? 1500 : 4000) * scale);
    const rows = await compare(
      [
        ['raw undici.request', raw],
        ['@c/docs', () => ours.run('fetchDocumentContent', input)],
        [
          'googleapis',
          () => official.documents.get({ documentId: input.documentId, includeTabsContent: true }),
        ],
      ],
      { calls, concurrency },
    );
    printCallTable(
      `docs.fetchDocumentContent: @c/docs vs googleapis (${concurrency === 1 ? 'sequential' : `${concurrency} concurrent`}, ${rows[0]?.calls ?? calls} calls)`,
      rows,
      { '@c/docs': '≤ 1.25× raw' },
    );
  }
  void url;
  await ours.close();
  await agent.close();
  await server.stop();
}
