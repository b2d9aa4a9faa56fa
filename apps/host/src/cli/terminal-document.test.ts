import { docsSimulator, type RunningDocsSimulator } from '@c/docs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-host.js';
import { runInTerminal } from '../test-support/terminal.js';

// A fetched Google Doc on a terminal reads as its text (headings, lists), not as the JSON of its
// tabs and body; a pipe still gets the JSON.

let google: RunningDocsSimulator;
const dir = tempDir();
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  google = await docsSimulator.start({ seed: true, contracts: false });
  const { credentials, options } = google.connection;
  env = {
    C_HOST_DATA_DIR: dir.path,
    C_DOCS_ACCESS_TOKEN: credentials.accessToken,
    C_DOCS_REFRESH_TOKEN: credentials.refreshToken,
    C_DOCS_CLIENT_ID: credentials.clientId,
    C_DOCS_CLIENT_SECRET: credentials.clientSecret,
    C_DOCS_BASE_URL: options.baseUrl,
    C_DOCS_FILE_API_BASE_URL: options.fileApiBaseUrl,
    C_DOCS_TOKEN_URL: options.tokenUrl,
  };
});
afterAll(async () => {
  await google.close();
  dir.remove();
});

describe('c-host run docs.fetchDocumentContent', () => {
  it('shows the document as its text on a terminal, and its JSON through a pipe', async () => {
    const documentId = google.seeded!.meetingNotesId;
    const args = ['run', 'docs.fetchDocumentContent', '-p', `documentId=${documentId}`];
    const run = await runInTerminal(args, { env });
    expect(run.code, run.screen).toBe(0);
    expect(run.screen).toMatch(/^# Weekly Sync — Meeting Notes$/m);
    expect(run.screen).toMatch(/^# Action items$/m);
    expect(run.screen).toMatch(/^\*\*Priya\*\* — ship the tokenizer fix/m);
    expect(run.screen).not.toContain('"tabs"');
    const piped = await runCli(args, { env });
    expect(piped.json).toMatchObject({ documentId, tabs: expect.any(Array) });
    expect(piped.json.markdown).toMatch(/^# Weekly Sync — Meeting Notes\n/);
  }, 60_000);
});
