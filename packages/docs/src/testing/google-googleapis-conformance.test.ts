import { contractsDir } from '@c/core/testing';
import { google } from 'googleapis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAgainstSchema } from '../docs-discovery.js';
import { type DiscoveryDocument, loadGoogleContracts } from './google-contract.js';
import { everyOtherRequestType } from './google-googleapis-requests-suite.js';
import { docsSimulator, type RunningDocsSimulator } from './google-simulator.js';

// The full `googleapis` package (188.0.0, the one most integrations install) drives the Docs calls a
// writer makes, batchUpdate request type by request type, and the Drive calls around them. Every
// request is checked against the discovery documents by the simulator's contract check (no
// violation may be left at the end), and every JSON answer against the method's response schema.
// A table of the operations passed is printed.

const dir = contractsDir();
if (!dir && process.env.CI === 'true') throw new Error('the contracts folder is missing');
const contracts = dir ? loadGoogleContracts(dir) : undefined;

type Method = { id: string; response?: { $ref: string } };
const methodsOf = (resources: Record<string, unknown>): Method[] =>
  Object.values(resources).flatMap((resource) => {
    const { methods = {}, resources: inner = {} } = resource as {
      methods?: Record<string, Method>;
      resources?: Record<string, unknown>;
    };
    return [...Object.values(methods), ...methodsOf(inner)];
  });

/** The first way an answer departs from its method's response schema, if any. */
function misfit(methodId: string, data: unknown): string | undefined {
  if (!contracts) return undefined;
  const document: DiscoveryDocument = methodId.startsWith('docs.') ? contracts.docs : contracts.drive;
  const method = methodsOf(document.resources).find((candidate) => candidate.id === methodId);
  if (!method) return `no method ${methodId}`;
  if (!method.response) return undefined;
  const issue = checkAgainstSchema(data, method.response, document.schemas, '');
  return issue ? `${issue.path || '(root)'} ${issue.message}` : undefined;
}

describe('googleapis 188.0.0 against the simulator', () => {
  let sim: RunningDocsSimulator;
  const rows: { operation: string; outcome: string; ok: boolean }[] = [];

  beforeAll(async () => {
    sim = await docsSimulator.start({ seed: true });
  });
  afterAll(async () => {
    const passed = rows.filter((row) => row.ok).length;
    const width = Math.max(...rows.map((row) => row.operation.length));
    console.log(
      [
        `googleapis 188.0.0 against the Google Docs simulator: ${passed} of ${rows.length} operations pass`,
        ...rows.map((row) => `${row.ok ? 'pass' : 'FAIL'}  ${row.operation.padEnd(width)}  ${row.outcome}`),
      ].join('\n'),
    );
    await sim?.close();
  });

  it('creates, edits with every request type a writer sends, reads, exports and shares a document', async () => {
    const auth = new google.auth.OAuth2();
    auth.setCredentials({ access_token: sim.state.issueTokens().accessToken });
    const rootUrl = `${sim.url}/`;
    const docs = google.docs({ version: 'v1', auth, rootUrl });
    const drive = google.drive({ version: 'v3', auth, rootUrl });
    const step = async (operation: string, run: () => Promise<string>) => {
      try {
        rows.push({ operation, outcome: await run(), ok: true });
      } catch (error) {
        rows.push({ operation, outcome: `FAILED: ${(error as Error).message}`.slice(0, 120), ok: false });
      }
    };
    const batch = async (documentId: string, requests: object[], writeControl?: object) => {
      const { data } = await docs.documents.batchUpdate({
        documentId,
        requestBody: { requests, ...(writeControl ? { writeControl } : {}) },
      });
      expect(misfit('docs.documents.batchUpdate', data)).toBeUndefined();
      return data;
    };

    let documentId = '';
    await step('docs.documents.create', async () => {
      const { data } = await docs.documents.create({ requestBody: { title: 'Quarterly plan' } });
      expect(misfit('docs.documents.create', data)).toBeUndefined();
      documentId = data.documentId!;
      return data.title!;
    });
    const edits: [string, object[]][] = [
      ['insertText', [{ insertText: { location: { index: 1 }, text: 'Plan\nGoals\nShip it\n' } }]],
      [
        'updateParagraphStyle',
        [
          {
            updateParagraphStyle: {
              range: { startIndex: 1, endIndex: 5 },
              paragraphStyle: { namedStyleType: 'HEADING_1' },
              fields: 'namedStyleType',
            },
          },
        ],
      ],
      [
        'updateTextStyle',
        [
          {
            updateTextStyle: {
              range: { startIndex: 6, endIndex: 11 },
              textStyle: { bold: true },
              fields: 'bold',
            },
          },
        ],
      ],
      [
        'createParagraphBullets',
        [
          {
            createParagraphBullets: {
              range: { startIndex: 12, endIndex: 19 },
              bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
            },
          },
        ],
      ],
      ['replaceAllText', [{ replaceAllText: { containsText: { text: 'Ship it' }, replaceText: 'Ship' } }]],
      ['createNamedRange', [{ createNamedRange: { name: 'goals', range: { startIndex: 6, endIndex: 11 } } }]],
      ['replaceNamedRangeContent', [{ replaceNamedRangeContent: { namedRangeName: 'goals', text: 'Aims' } }]],
      ['insertTable', [{ insertTable: { rows: 2, columns: 2, endOfSegmentLocation: {} } }]],
      ['insertPageBreak', [{ insertPageBreak: { endOfSegmentLocation: {} } }]],
      [
        'insertInlineImage',
        [{ insertInlineImage: { uri: 'https://example.com/chart.png', endOfSegmentLocation: {} } }],
      ],
      [
        'updateDocumentStyle',
        [
          {
            updateDocumentStyle: {
              documentStyle: { marginTop: { magnitude: 36, unit: 'PT' } },
              fields: 'marginTop',
            },
          },
        ],
      ],
      ['createHeader', [{ createHeader: { type: 'DEFAULT' } }]],
      ['createFooter', [{ createFooter: { type: 'DEFAULT' } }]],
      ['createFootnote', [{ createFootnote: { location: { index: 2 } } }]],
      ['deleteContentRange', [{ deleteContentRange: { range: { startIndex: 1, endIndex: 2 } } }]],
      ['deleteNamedRange', [{ deleteNamedRange: { name: 'goals' } }]],
    ];
    for (const [type, requests] of edits) {
      await step(`docs.documents.batchUpdate ${type}`, async () => {
        const data = await batch(documentId, requests);
        return `${data.replies!.length} reply, revision ${data.writeControl!.requiredRevisionId!.slice(0, 8)}…`;
      });
    }
    await step('docs.documents.batchUpdate with a stale requiredRevisionId (400)', async () => {
      const status = await batch(documentId, [{ insertText: { location: { index: 1 }, text: 'x' } }], {
        requiredRevisionId: 'stale-revision',
      }).then(
        () => 200,
        (error: { response?: { status?: number } }) => error.response?.status,
      );
      expect(status).toBe(400);
      return '400, nothing applied';
    });
    await step('docs.documents.get', async () => {
      const { data } = await docs.documents.get({ documentId });
      expect(misfit('docs.documents.get', data)).toBeUndefined();
      expect(data.documentStyle!.defaultHeaderId).toBeDefined();
      expect(Object.keys(data.footnotes ?? {})).toHaveLength(1);
      return `${data.body!.content!.length} elements, a header, a footer, a footnote`;
    });
    await everyOtherRequestType(docs, step, batch, sim);
    await step('drive.files.list q=name contains', async () => {
      const { data } = await drive.files.list({ q: "name contains 'Quarterly' and trashed = false" });
      expect(misfit('drive.files.list', data)).toBeUndefined();
      expect(data.files!.map((file) => file.id)).toContain(documentId);
      return `${data.files!.length} file`;
    });
    await step('drive.files.export text/plain', async () => {
      const { data } = await drive.files.export(
        { fileId: documentId, mimeType: 'text/plain' },
        { responseType: 'text' },
      );
      // The named range's new text, and the heading without the character deleted from it.
      expect(String(data)).toMatch(/^\S*lan\r\nAims\r\n/);
      return `${String(data).length} characters`;
    });
    await step('drive.files.copy', async () => {
      const { data } = await drive.files.copy({ fileId: documentId, requestBody: { name: 'Plan copy' } });
      expect(misfit('drive.files.copy', data)).toBeUndefined();
      return data.name!;
    });
    await step('drive.permissions.create anyone reader', async () => {
      const { data } = await drive.permissions.create({
        fileId: documentId,
        requestBody: { type: 'anyone', role: 'reader' },
      });
      expect(misfit('drive.permissions.create', data)).toBeUndefined();
      return `${data.type} ${data.role}`;
    });
    await step('drive.about.get', async () => {
      const { data } = await drive.about.get({ fields: 'user' });
      expect(misfit('drive.about.get', data)).toBeUndefined();
      return data.user!.emailAddress!;
    });

    const types = new Set(
      rows.flatMap((row) =>
        row.ok ? [/^docs\.documents\.batchUpdate (\w+)$/.exec(row.operation)?.[1]] : [],
      ),
    );
    types.delete(undefined);
    // Every request type of the current discovery document passes.
    expect([...types].sort()).toEqual(Object.keys(contracts?.docs.schemas.Request?.properties ?? {}).sort());
    expect(rows.filter((row) => !row.ok)).toEqual([]);
    expect(sim.server.violations).toEqual([]);
  });
});
