import { AuthError, ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';
import {
  DOCS_FILES_QUERY,
  driveNameTerms,
  searchDocuments,
  searchDocumentsQuery,
} from './search-documents.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('searchDocuments', () => {
  it('asks Drive for the Google Docs of the account (corpora=user) not in the trash, with the fields it returns', async () => {
    const result = await t.connect().run('searchDocuments', { name: 'notes' });
    const calls = callsTo(t.sim, '/drive/v3/files');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('GET');
    expect(Object.fromEntries(calls[0]!.query)).toEqual({
      q: "mimeType='application/vnd.google-apps.document' and trashed=false",
      fields: 'nextPageToken,incompleteSearch,files(id,name,modifiedTime,webViewLink)',
      pageSize: '1000',
      corpora: 'user',
      includeItemsFromAllDrives: 'true',
      supportsAllDrives: 'true',
    });
    expect(calls[0]!.query.get('q')).toBe(DOCS_FILES_QUERY);
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${t.sim.connection.credentials.accessToken}`);
    const id = t.sim.seeded!.meetingNotesId;
    expect(result).toEqual({
      files: [
        {
          id,
          name: 'Weekly Sync — Meeting Notes',
          modifiedTime: '2026-11-09T11:00:00.000Z',
          webViewLink: `https://docs.google.com/document/d/${id}/edit?usp=drivesdk`,
        },
      ],
    });
    // The result is what the declared output schema says, field for field.
    expect(searchDocuments.output!.parse(result)).toEqual(result);
  });

  it('narrows with name contains on the words Drive is sure to match, and finishes the match itself', async () => {
    const client = t.connect();
    const result = await client.run('searchDocuments', { name: 'sync — MEETING no' });
    expect(result.files.map((file) => file.name)).toEqual(['Weekly Sync — Meeting Notes']);
    // "sync" may end a longer word and "—" is not a word: only "meeting" and "no" go to Drive.
    expect(callsTo(t.sim, '/drive/v3/files')[0]!.query.get('q')).toBe(
      `${DOCS_FILES_QUERY} and name contains 'meeting' and name contains 'no'`,
    );
    // Drive narrowed the listing to the one document; the rest was never sent.
    const narrowed = await client.run('customAction', {
      method: 'GET',
      path: '/drive/v3/files',
      query: { q: searchDocumentsQuery('sync — MEETING no'), fields: 'files(name)' },
    });
    expect(narrowed).toEqual({ files: [{ name: 'Weekly Sync — Meeting Notes' }] });
    // A text whose later words Drive cannot match for sure is not narrowed by them.
    expect(driveNameTerms("alex's notes \\ v2.1 (draft) Q4 Q4")).toEqual(['notes', 'q4']);
    expect(driveNameTerms('eting')).toEqual([]);
  });

  it('matches any part of the name in any case, which Drive’s own contains does not', async () => {
    const client = t.connect();
    // "eting" is inside a word: Drive's `name contains 'eting'` would find nothing.
    const inside = await client.run('searchDocuments', { name: 'ETING' });
    expect(inside.files.map((file) => file.name)).toEqual(['Weekly Sync — Meeting Notes']);
    const spec = await client.run('searchDocuments', { name: 'service — tech' });
    expect(spec.files.map((file) => file.name)).toEqual(['Search Service — Technical Spec']);
  });

  it('finds documents shared with the account, most recently modified first, and never the trash, other file types or documents it cannot see', async () => {
    const result = await t.connect().run('searchDocuments', { name: ' 20 ' });
    // "Company Handbook 2026" is shared to view; "Budget 2026" is a spreadsheet; "Old Meeting Notes
    // (2024)" is in the trash; "Board Minutes — Confidential" is not shared with the account.
    expect(result.files.map((file) => file.name)).toEqual(['Company Handbook 2026']);
    const all = await t.connect().run('searchDocuments', { name: 'n' });
    expect(all.files.map((file) => file.name)).toEqual([
      'Weekly Sync — Meeting Notes',
      'Search Service — Technical Spec',
      'Product Launch Checklist',
      'Company Handbook 2026',
    ]);
  });

  it('follows nextPageToken to the end', async () => {
    t.sim.state.pageSizeCap = 2;
    const result = await t.connect().run('searchDocuments', { name: 'n' });
    expect(result.files).toHaveLength(4);
    const calls = callsTo(t.sim, '/drive/v3/files');
    // Five Google Docs the account can see, two a page.
    expect(calls).toHaveLength(3);
    expect(calls[0]!.query.get('pageToken')).toBeNull();
    expect(calls[1]!.query.get('pageToken')).toMatch(/^[\w-]+$/);
    expect(calls[2]!.query.get('pageToken')).toMatch(/^[\w-]+$/);
    expect(calls[1]!.query.get('q')).toBe(DOCS_FILES_QUERY);
  });

  it('goes on past short and empty pages that still carry a nextPageToken', async () => {
    t.sim.state.pageSizeCap = 1;
    t.sim.state.partialPages = true;
    const result = await t.connect().run('searchDocuments', { name: 'checklist' });
    expect(result.files.map((file) => file.name)).toEqual(['Product Launch Checklist']);
    // One page per visible file (documents, the two other files and the Contracts folder), most of them empty.
    expect(callsTo(t.sim, '/drive/v3/files')).toHaveLength(9);
  });

  it('finds shared-drive documents the account created or changed, not every file of every shared drive', async () => {
    const colleague = 'morgan@example.com';
    const mine = t.sim.state.createDocument({
      title: 'Roadmap (shared drive)',
      driveId: '0AsharedDrive1',
      sharedWith: { [t.sim.state.currentUser]: 'writer' },
      owner: colleague,
    });
    mine.lastModifyingUser = t.sim.state.currentUser;
    const untouched = t.sim.state.createDocument({
      title: 'Roadmap archive (shared drive)',
      driveId: '0AsharedDrive1',
      sharedWith: { [t.sim.state.currentUser]: 'reader' },
      owner: colleague,
    });
    const result = await t.connect().run('searchDocuments', { name: 'roadmap' });
    expect(result.files.map((file) => file.id)).toEqual([mine.id]);
    // The same files under corpora=allDrives, which Google advises against for efficiency.
    const everything = (await t.connect().run('customAction', {
      method: 'GET',
      path: '/drive/v3/files',
      query: {
        q: "name contains 'roadmap'",
        corpora: 'allDrives',
        includeItemsFromAllDrives: 'true',
        supportsAllDrives: 'true',
      },
    })) as { files: { id: string }[] };
    expect(everything.files.map((file) => file.id).sort()).toEqual([mine.id, untouched.id].sort());
    t.sim.state.files.delete(mine.id);
    t.sim.state.files.delete(untouched.id);
  });

  it('finds names with quotes and backslashes', async () => {
    const quoted = t.sim.state.createDocument({ title: "Alex's notes \\ drafts" });
    const result = await t.connect().run('searchDocuments', { name: "ALEX'S NOTES \\" });
    expect(result.files.map((file) => file.id)).toEqual([quoted.id]);
    quoted.trashed = true;
  });

  it('an empty result is an empty list', async () => {
    expect(searchDocuments.output!.parse({ files: [] })).toEqual({ files: [] });
    expect(await t.connect().run('searchDocuments', { name: 'no such document' })).toEqual({ files: [] });
  });

  it('refuses a blank name before sending anything', async () => {
    for (const name of ['', '   ']) {
      const error = await t
        .connect()
        .run('searchDocuments', { name })
        .catch((caught) => caught);
      expect(ValidationError.isInstance(error)).toBe(true);
      expect(error.parameter).toBe('name');
    }
    expect(t.sim.server.calls).toHaveLength(0);
  });

  it('a revoked grant is an AuthError that says to reconnect', async () => {
    const tokens = t.sim.state.issueTokens();
    t.sim.state.revoke(tokens.accessToken);
    const error = await t
      .connect({
        credentials: {
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          expiresAt: tokens.expiresAt,
        },
      })
      .run('searchDocuments', { name: 'notes' })
      .catch((caught) => caught);
    expect(AuthError.isInstance(error)).toBe(true);
    expect(error.needsReconnect).toBe(true);
    expect(error.message).toMatch(/reconnect/i);
    // One 401, one refused refresh, nothing more.
    expect(t.sim.server.calls.map((call) => call.path)).toEqual(['/drive/v3/files', '/token']);
  });
});
