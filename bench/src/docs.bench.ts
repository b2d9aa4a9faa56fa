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
  const raw = async () => {
    const response = await request(`${connection.options.baseUrl}/v1/documents/${DOCUMENT_ID}`, {
      dispatcher: agent,
      headers: { authorization: `Bearer ${token}` },
    });
    await response.body.json();
  };
  for (const concurrency of [1, 32]) {
    const calls = Math.round((concurrency === 1 ? 1500 : 4000) * scale);
    const rows = await compare(
      [
        ['raw undici.request', raw],
        ['@c/docs', () => ours.run('fetchDocumentContent', { documentId: DOCUMENT_ID })],
        ['googleapis', () => official.documents.get({ documentId: DOCUMENT_ID })],
      ],
      { calls, concurrency },
    );
    printCallTable(
      `docs.fetchDocumentContent: @c/docs vs googleapis (${concurrency === 1 ? 'sequential' : `${concurrency} concurrent`}, ${calls} calls)`,
      rows,
      { '@c/docs': '≤ 1.25× raw' },
    );
  }
  void url;
  await ours.close();
  await agent.close();
  await server.stop();
}
