import { describe, expect, it } from 'vitest';
import {
  checkDocsRequests,
  DOCS_DISCOVERY_REVISION,
  DOCS_REQUEST_TYPES,
  insertionOrderWarnings,
} from './docs-requests.js';

describe('checkDocsRequests', () => {
  it('knows the request types of the discovery document', () => {
    expect(DOCS_DISCOVERY_REVISION).toBe('20230929');
    expect(DOCS_REQUEST_TYPES).toHaveLength(33);
    expect(DOCS_REQUEST_TYPES).toEqual(
      expect.arrayContaining([
        'insertText',
        'deleteContentRange',
        'updateTextStyle',
        'updateParagraphStyle',
        'replaceAllText',
      ]),
    );
    // Tab-era requests came after this revision of the contract.
    expect(DOCS_REQUEST_TYPES).not.toContain('addDocumentTab');
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

describe('insertionOrderWarnings', () => {
  it('says nothing for edits from the highest index down, or in different segments', () => {
    expect(
      insertionOrderWarnings([
        { insertText: { location: { index: 40 }, text: 'a' } },
        { deleteContentRange: { range: { startIndex: 20, endIndex: 30 } } },
        { insertText: { location: { index: 20 }, text: 'b' } },
        { insertText: { location: { index: 5, segmentId: 'kix.h' }, text: 'c' } },
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
