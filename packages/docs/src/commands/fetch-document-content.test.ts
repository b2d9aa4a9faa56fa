import { NotFoundError, PermissionError, ProviderError, ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import type { DocsDocument, DocsTab } from '../docs-schemas.js';
import { WIKI_TABS } from '../testing/google-seed.js';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';
import { fetchDocumentContent } from './fetch-document-content.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

/** The text of the body that came back. */
function text(document: DocsDocument): string {
  return document
    .body!.content!.flatMap((element) => element.paragraph?.elements ?? [])
    .map((element) => element.textRun?.content ?? '')
    .join('');
}

describe('fetchDocumentContent', () => {
  it('GETs /v1/documents/{id}?includeTabsContent=true with the bearer token and returns the structure', async () => {
    const id = t.sim.seeded!.meetingNotesId;
    const document = await t.connect().run('fetchDocumentContent', { documentId: id });
    const [call] = callsTo(t.sim, /^\/v1\/documents/);
    expect(call).toMatchObject({ method: 'GET', path: `/v1/documents/${id}` });
    expect(Object.fromEntries(call!.query)).toEqual({ includeTabsContent: 'true' });
    expect(call!.headers.authorization).toBe(`Bearer ${t.sim.connection.credentials.accessToken}`);
    expect(document.documentId).toBe(id);
    expect(document.title).toBe('Weekly Sync — Meeting Notes');
    expect(document.revisionId).toMatch(/^AL/);
    const content = document.body!.content!;
    expect(content[0]).toMatchObject({ endIndex: 1, sectionBreak: {} });
    expect(content[0]!.startIndex).toBeUndefined();
    expect(content[1]).toMatchObject({
      startIndex: 1,
      endIndex: 29,
      paragraph: {
        elements: [{ startIndex: 1, endIndex: 29, textRun: { content: 'Weekly Sync — Meeting Notes\n' } }],
        paragraphStyle: { namedStyleType: 'TITLE' },
      },
    });
    // Every element starts where the one before it ended.
    for (let index = 1; index < content.length; index += 1) {
      expect(content[index]!.startIndex).toBe(content[index - 1]!.endIndex);
    }
    // A document of one tab: that tab, whose body is the body.
    expect(document.tabs).toHaveLength(1);
    expect(document.tabs![0]!.tabProperties).toEqual({
      tabId: 't.0',
      title: 'Tab 1',
      index: 0,
      nestingLevel: 0,
    });
    expect(document.tabs![0]!.documentTab!.body).toEqual(document.body);
    // The declared output schema takes the whole document and keeps every field Google sent.
    expect(fetchDocumentContent.output!.parse(document)).toEqual(document);
  });

  it('gives the tab as Markdown in every form a result travels in: JSON, a spread, a structured clone', async () => {
    const id = t.sim.seeded!.meetingNotesId;
    const document = await t.connect().run('fetchDocumentContent', { documentId: id });
    expect(Object.keys(document)).toContain('markdown');
    expect(document.markdown).toMatch(/^# Weekly Sync — Meeting Notes\n/);
    const serialized = JSON.parse(JSON.stringify(document)) as DocsDocument;
    expect(serialized.markdown).toBe(document.markdown);
    expect({ ...document }.markdown).toBe(document.markdown);
    expect(structuredClone(document).markdown).toBe(document.markdown);
    // Rendered once: the same string on every read.
    expect(document.markdown).toBe(document.markdown);
  });

  it('gives every result the same markdown accessor, carrying nothing extra in its copies', async () => {
    // An accessor made per call gave each result a hidden class of its own, which kept every fetched
    // document alive until the next full collection: the independent harness measured a fetch at 2×
    // a bare undici client for it (bench/README.md). One shared pair keeps the results alike.
    const id = t.sim.seeded!.meetingNotesId;
    const first = await t.connect().run('fetchDocumentContent', { documentId: id });
    const second = await t.connect().run('fetchDocumentContent', { documentId: id });
    const accessor = (document: object) => Object.getOwnPropertyDescriptor(document, 'markdown');
    expect(accessor(first)?.get).toBeTypeOf('function');
    expect(accessor(second)?.get).toBe(accessor(first)?.get);
    expect(accessor(second)?.set).toBe(accessor(first)?.set);
    // What it renders from travels in no copy, and assigning replaces the rendering.
    expect(Object.getOwnPropertySymbols({ ...first })).toEqual([]);
    expect(Object.keys(JSON.parse(JSON.stringify(first)))).toEqual(Object.keys(first));
    first.markdown = 'replaced';
    expect(first.markdown).toBe('replaced');
    expect(second.markdown).toMatch(/^# Weekly Sync/);
  });

  it('returns every tab, child tabs nested, and the first tab’s body as body', async () => {
    const id = t.sim.seeded!.wikiId;
    const document = await t.connect().run('fetchDocumentContent', { documentId: id });
    const outline = (tabs: DocsTab[]): unknown[] =>
      tabs.map((tab) => [tab.tabProperties.tabId, tab.tabProperties.title, outline(tab.childTabs ?? [])]);
    expect(outline(document.tabs!)).toEqual([
      [WIKI_TABS.overview, 'Overview', []],
      [WIKI_TABS.onboarding, 'Onboarding', [[WIKI_TABS.firstWeek, 'First week', []]]],
      [WIKI_TABS.runbooks, 'Runbooks', []],
    ]);
    expect(document.tabs![1]!.childTabs![0]!.tabProperties).toEqual({
      tabId: WIKI_TABS.firstWeek,
      title: 'First week',
      index: 0,
      parentTabId: WIKI_TABS.onboarding,
      nestingLevel: 1,
    });
    expect(text(document)).toBe('Team Wiki\nEverything the search team needs, one tab per topic.\n');
    // Child tabs are checked as their parents are, down to the third level Google allows.
    expect(fetchDocumentContent.output!.parse(document)).toEqual(document);
    const nested = structuredClone(document);
    nested.tabs[1]!.childTabs![0]!.childTabs = [{ tabProperties: { tabId: 7 as never } }];
    expect(fetchDocumentContent.output!.safeParse(nested).error?.issues[0]?.path).toEqual([
      'tabs',
      1,
      'childTabs',
      0,
      'childTabs',
      0,
      'tabProperties',
      'tabId',
    ]);
  });

  it('returns the body of the tab asked for, by tabId or by the ?tab= of the address', async () => {
    const client = t.connect();
    const id = t.sim.seeded!.wikiId;
    const byId = await client.run('fetchDocumentContent', { documentId: id, tabId: WIKI_TABS.firstWeek });
    expect(text(byId)).toBe('Your first week\nDay 1: laptop, accounts, and lunch with the team.\n');
    const byAddress = await client.run('fetchDocumentContent', {
      documentId: `https://docs.google.com/document/d/${id}/edit?tab=${WIKI_TABS.runbooks}#heading=h.x`,
    });
    expect(text(byAddress)).toMatch(/^Runbooks\nReindexing/);
    // Both name the same tab: fine. The tab is picked here; Google is asked for the whole document.
    await client.run('fetchDocumentContent', {
      documentId: `https://docs.google.com/document/d/${id}/edit?tab=${WIKI_TABS.runbooks}`,
      tabId: WIKI_TABS.runbooks,
    });
    for (const call of callsTo(t.sim, /^\/v1\/documents/)) {
      expect(call.path).toBe(`/v1/documents/${id}`);
      expect(Object.fromEntries(call.query)).toEqual({ includeTabsContent: 'true' });
    }
  });

  it('refuses a tab id that is not one, or that differs from the address’s, before sending', async () => {
    const client = t.connect();
    const id = t.sim.seeded!.wikiId;
    for (const input of [
      { documentId: id, tabId: 't 0' },
      { documentId: id, tabId: '../t.0' },
      {
        documentId: `https://docs.google.com/document/d/${id}/edit?tab=${WIKI_TABS.overview}`,
        tabId: WIKI_TABS.runbooks,
      },
    ]) {
      const error = await client.run('fetchDocumentContent', input).catch((caught) => caught);
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe('tabId');
    }
    const address = await client
      .run('fetchDocumentContent', { documentId: `https://docs.google.com/document/d/${id}/edit?tab=t%200` })
      .catch((caught) => caught);
    expect(address.parameter).toBe('documentId');
    expect(address.message).toContain('not a tab id');
    expect(t.sim.server.calls).toHaveLength(0);
  });

  it('a tab the document does not have is a NotFoundError naming the tabs it has', async () => {
    const error = await t
      .connect()
      .run('fetchDocumentContent', { documentId: t.sim.seeded!.wikiId, tabId: 't.nosuchtab' })
      .catch((caught) => caught);
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      `The document has no tab t.nosuchtab; its tabs are ${WIKI_TABS.overview} (Overview), ${WIKI_TABS.onboarding} (Onboarding), ${WIKI_TABS.firstWeek} (First week), ${WIKI_TABS.runbooks} (Runbooks).`,
    );
  });

  it('takes the document web address and sends only the id', async () => {
    const id = t.sim.seeded!.specId;
    const document = await t.connect().run('fetchDocumentContent', {
      documentId: `https://docs.google.com/document/d/${id}/edit?tab=t.0#heading=h.x`,
    });
    expect(document.documentId).toBe(id);
    expect(callsTo(t.sim, /^\/v1\/documents/)[0]!.path).toBe(`/v1/documents/${id}`);
  });

  it('leaves out the revision id for a document the account may only view', async () => {
    const document = await t.connect().run('fetchDocumentContent', { documentId: t.sim.seeded!.viewOnlyId });
    expect(document.title).toBe('Company Handbook 2026');
    expect(document.revisionId).toBeUndefined();
    expect(document.suggestionsViewMode).toBe('PREVIEW_WITHOUT_SUGGESTIONS');
  });

  it('refuses a bad id or address before sending anything', async () => {
    const client = t.connect();
    for (const documentId of [
      '',
      '   ',
      'has space',
      '../etc',
      'https://docs.google.com/document/u/0/',
      'https://docs.google.com/document/d/e/2PACX-1vQ/pub',
    ]) {
      const error = await client.run('fetchDocumentContent', { documentId }).catch((caught) => caught);
      expect(ValidationError.isInstance(error), documentId).toBe(true);
      expect(error.parameter).toBe('documentId');
    }
    const unknown = await client
      .run('fetchDocumentContent', { documentId: 'x', extra: 1 } as never)
      .catch((e) => e);
    expect(unknown.parameter).toBe('extra');
    expect(t.sim.server.calls).toHaveLength(0);
  });

  it('a document the account cannot access is a PermissionError that says what access it needs', async () => {
    const error = await t
      .connect()
      .run('fetchDocumentContent', { documentId: t.sim.seeded!.restrictedId })
      .catch((caught) => caught);
    expect(PermissionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status: 403,
      kind: 'permission',
      providerCode: 'PERMISSION_DENIED',
      retryable: false,
    });
    expect(error.message).toContain('needs view or edit access to that document');
  });

  it('an unknown document is a NotFoundError; a spreadsheet id is a ProviderError (400)', async () => {
    const client = t.connect();
    const missing = await client
      .run('fetchDocumentContent', { documentId: 'doesNotExist123' })
      .catch((e) => e);
    expect(NotFoundError.isInstance(missing)).toBe(true);
    expect(missing).toMatchObject({ status: 404, providerCode: 'NOT_FOUND' });
    const sheet = await client
      .run('fetchDocumentContent', { documentId: t.sim.seeded!.spreadsheetId })
      .catch((e) => e);
    expect(ProviderError.isInstance(sheet)).toBe(true);
    expect(sheet).toMatchObject({ status: 400, providerCode: 'FAILED_PRECONDITION', retryable: false });
  });

  it('retries a 503 on a read, then succeeds', async () => {
    t.sim.server.fault({
      type: 'status',
      status: 503,
      body: '{"error":{"code":503,"message":"The service is currently unavailable.","status":"UNAVAILABLE"}}',
    });
    const document = await t.connect().run('fetchDocumentContent', { documentId: t.sim.seeded!.specId });
    expect(document.title).toBe('Search Service — Technical Spec');
    expect(callsTo(t.sim, /^\/v1\/documents/)).toHaveLength(2);
  });
});
