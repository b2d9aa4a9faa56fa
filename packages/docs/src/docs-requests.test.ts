import { describe, expect, it } from 'vitest';
import { DOCS_API_VERSION, DOCS_DISCOVERY_REVISION } from './docs-client.js';
import {
  applyDefaultTab,
  checkDocsRequests,
  DOCS_REQUEST_TYPES,
  insertionOrderWarnings,
  REQUEST_TABLE_REVISION,
} from './docs-requests.js';

describe('checkDocsRequests', () => {
  it('knows the request types of the discovery document', () => {
    expect(REQUEST_TABLE_REVISION).toBe(DOCS_DISCOVERY_REVISION);
    expect(DOCS_API_VERSION).toBe('docs/v1@20260921 drive/v3@20260916');
    expect(DOCS_REQUEST_TYPES).toHaveLength(48);
    expect(DOCS_REQUEST_TYPES).toEqual(
      expect.arrayContaining([
        'insertText',
        'deleteContentRange',
        'updateTextStyle',
        'updateParagraphStyle',
        'replaceAllText',
        'addDocumentTab',
        'deleteTab',
        'updateDocumentTabProperties',
        'insertDate',
        'insertPerson',
        'insertRichLink',
        'insertComment',
        'acceptSuggestion',
      ]),
    );
  });

  it('accepts well-formed requests of every shape it has rules for', () => {
    expect(
      checkDocsRequests([
        { insertText: { endOfSegmentLocation: {}, text: 'end' } },
        { insertTable: { location: { index: 5 }, rows: 2, columns: 3 } },
        {
          createParagraphBullets: {
            range: { startIndex: 1, endIndex: 9 },
            bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
          },
        },
        {
          updateTextStyle: {
            range: { startIndex: 1, endIndex: 2 },
            textStyle: { link: { url: 'https://example.com' }, fontSize: { magnitude: 12, unit: 'PT' } },
            fields: 'link,fontSize',
          },
        },
        { replaceAllText: { containsText: { text: '{{name}}', matchCase: true }, replaceText: 'Ada' } },
        { insertText: { location: { index: 0, segmentId: 'kix.footer' }, text: 'footer' } },
        { deleteContentRange: { range: { startIndex: 0, endIndex: 4, segmentId: 'kix.footer' } } },
        { updateDocumentStyle: { documentStyle: { marginTop: null }, fields: 'marginTop' } },
      ]),
    ).toBeUndefined();
  });

  it('names the position of the first problem', () => {
    expect(
      checkDocsRequests([
        { insertText: { location: { index: 2 }, text: 'a' } },
        { insertTable: { location: { index: 0 }, rows: 1, columns: 1 } },
      ]),
    ).toEqual({
      path: '1.insertTable.location.index',
      message: expect.stringContaining('must be 1 or more'),
    });
    expect(checkDocsRequests([{ deleteContentRange: { range: { startIndex: 3 } } }])).toEqual({
      path: '0.deleteContentRange.range.endIndex',
      message: 'is required',
    });
    expect(
      checkDocsRequests([
        { deleteContentRange: { range: { startIndex: -1, endIndex: 3, segmentId: 'kix.h' } } },
      ]),
    ).toEqual({
      path: '0.deleteContentRange.range.startIndex',
      message: 'must be 0 or more',
    });
  });
});

describe('tab-era requests (discovery revision 20260921)', () => {
  it('accepts tabs, chips, comments and suggestions, with tabId in locations and ranges', () => {
    expect(
      checkDocsRequests([
        {
          addDocumentTab: {
            tabProperties: { title: 'Notes', parentTabId: 't.0', index: 0, iconEmoji: '📝' },
          },
        },
        { deleteTab: { tabId: 't.abc' } },
        { updateDocumentTabProperties: { tabProperties: { tabId: 't.0', title: 'Intro' }, fields: 'title' } },
        { insertText: { location: { index: 1, tabId: 't.abc' }, text: 'x' } },
        { insertText: { endOfSegmentLocation: { tabId: 't.abc' }, text: 'x' } },
        { deleteContentRange: { range: { startIndex: 1, endIndex: 2, tabId: 't.abc' } } },
        { insertPerson: { location: { index: 1 }, personProperties: { email: 'a@example.com' } } },
        {
          insertDate: {
            location: { index: 1 },
            dateElementProperties: { timestamp: '2026-11-09T10:00:00Z', dateFormat: 'DATE_FORMAT_ISO8601' },
          },
        },
        {
          insertRichLink: {
            location: { index: 1 },
            richLinkProperties: { uri: 'https://docs.google.com/document/d/x' },
          },
        },
        { insertComment: { range: { startIndex: 1, endIndex: 3 }, content: 'Check this' } },
        { addCommentReply: { commentId: 'c1', post: {} } },
        { acceptSuggestion: { suggestionId: 'suggest.1' } },
        {
          replaceAllText: {
            containsText: { text: 'a' },
            replaceText: 'b',
            tabsCriteria: { tabIds: ['t.0'] },
          },
        },
        {
          updateNamedStyle: {
            namedStyle: { namedStyleType: 'HEADING_1' },
            fields: 'namedStyleType',
            tabId: 't.0',
          },
        },
      ]),
    ).toBeUndefined();
  });

  it('still refuses an index below 1 and an empty range in a tab', () => {
    expect(checkDocsRequests([{ insertText: { location: { index: 0, tabId: 't.1' }, text: 'x' } }])).toEqual({
      path: '0.insertText.location.index',
      message: expect.stringContaining('must be 1 or more'),
    });
    expect(
      checkDocsRequests([
        { insertComment: { range: { startIndex: 4, endIndex: 4, tabId: 't.1' }, content: 'x' } },
      ]),
    ).toEqual({ path: '0.insertComment.range.endIndex', message: expect.stringContaining('greater than') });
    expect(checkDocsRequests([{ insertText: { location: { index: 1, tab: 't.1' }, text: 'x' } }])).toEqual({
      path: '0.insertText.location.tab',
      message: 'is not a field of Location',
    });
  });
});

describe('applyDefaultTab', () => {
  it('gives the tab to every location and range that names none, and to first-tab requests', () => {
    const requests = [
      { insertText: { location: { index: 5 }, text: 'a' } },
      { insertText: { endOfSegmentLocation: {}, text: 'b' } },
      { deleteContentRange: { range: { startIndex: 1, endIndex: 2, tabId: 't.other' } } },
      {
        insertTableRow: {
          tableCellLocation: { tableStartLocation: { index: 9 }, rowIndex: 0 },
          insertBelow: true,
        },
      },
      { updateDocumentStyle: { documentStyle: { marginTop: null }, fields: 'marginTop' } },
      {
        updateTextStyle: {
          range: { startIndex: 1, endIndex: 3 },
          textStyle: { link: { tabId: 't.9' } },
          fields: 'link',
        },
      },
      { deleteTab: { tabId: 't.gone' } },
      { replaceAllText: { containsText: { text: 'a' }, replaceText: 'b' } },
    ];
    const before = structuredClone(requests);
    expect(applyDefaultTab(requests, 't.x')).toEqual([
      { insertText: { location: { index: 5, tabId: 't.x' }, text: 'a' } },
      { insertText: { endOfSegmentLocation: { tabId: 't.x' }, text: 'b' } },
      { deleteContentRange: { range: { startIndex: 1, endIndex: 2, tabId: 't.other' } } },
      {
        insertTableRow: {
          tableCellLocation: { tableStartLocation: { index: 9, tabId: 't.x' }, rowIndex: 0 },
          insertBelow: true,
        },
      },
      { updateDocumentStyle: { documentStyle: { marginTop: null }, fields: 'marginTop', tabId: 't.x' } },
      // A link's tabId is where it points, not where it is: left alone.
      {
        updateTextStyle: {
          range: { startIndex: 1, endIndex: 3, tabId: 't.x' },
          textStyle: { link: { tabId: 't.9' } },
          fields: 'link',
        },
      },
      { deleteTab: { tabId: 't.gone' } },
      // replaceAllText covers every tab unless its tabsCriteria narrows it.
      { replaceAllText: { containsText: { text: 'a' }, replaceText: 'b' } },
    ]);
    expect(requests).toEqual(before);
  });
});

describe('insertionOrderWarnings', () => {
  it('says nothing for edits from the highest index down, or in different segments', () => {
    expect(
      insertionOrderWarnings([
        { insertText: { location: { index: 40 }, text: 'a' } },
        { deleteContentRange: { range: { startIndex: 20, endIndex: 30 } } },
        { insertText: { location: { index: 20 }, text: 'b' } },
        { insertText: { location: { index: 5, segmentId: 'kix.h' }, text: 'c' } },
        { insertText: { location: { index: 30, tabId: 't.2' }, text: 'd' } },
        { updateTextStyle: { range: { startIndex: 1, endIndex: 90 }, textStyle: {}, fields: 'bold' } },
      ]),
    ).toEqual([]);
  });

  it('warns for each edit above one made before it', () => {
    const warnings = insertionOrderWarnings([
      { insertText: { location: { index: 50 }, text: 'a' } },
      { insertText: { location: { index: 10 }, text: 'b' } },
      { deleteContentRange: { range: { startIndex: 30, endIndex: 31 } } },
      { insertText: { location: { index: 12 }, text: 'c' } },
    ]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /^requests\.2\.deleteContentRange\.range\.startIndex \(30\) comes after requests\.1\.insertText\.location\.index \(10\)/,
    );
    expect(warnings[1]).toMatch(/^requests\.3\.insertText\.location\.index \(12\) comes after requests\.1/);
  });
});
