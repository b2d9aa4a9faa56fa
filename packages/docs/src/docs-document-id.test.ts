import { describe, expect, it } from 'vitest';
import { documentUrl, parseDocumentId } from './docs-document-id.js';

const ID = '1T6dCxR4WREs9gU9ELxhEvDtK6kACyQ3412Dj44T02sk';

describe('parseDocumentId', () => {
  it('takes a bare id, or the segment after /d/ of a web address', () => {
    for (const input of [
      ID,
      ` ${ID} `,
      `https://docs.google.com/document/d/${ID}/edit`,
      `https://docs.google.com/document/u/1/d/${ID}/view`,
      `https://docs.google.com/document/d/${ID}`,
      `docs.google.com/document/d/${ID}/edit`,
      documentUrl(ID),
    ]) {
      expect(parseDocumentId(input), input).toEqual({ id: ID });
    }
  });

  it('reads the tab a web address points at (?tab=)', () => {
    expect(parseDocumentId(`https://docs.google.com/document/d/${ID}/edit?tab=t.0#heading=h.abc`)).toEqual({
      id: ID,
      tabId: 't.0',
    });
    expect(parseDocumentId(`docs.google.com/document/d/${ID}/edit?usp=sharing&tab=t.4n8wq2k0x1zb`)).toEqual({
      id: ID,
      tabId: 't.4n8wq2k0x1zb',
    });
    expect(parseDocumentId(`https://docs.google.com/document/d/${ID}/edit?tab=t.0%22%7D`)).toEqual({
      error: expect.stringContaining('not a tab id'),
    });
  });

  it('explains what is wrong otherwise', () => {
    expect(parseDocumentId('https://docs.google.com/document/')).toEqual({
      error: expect.stringContaining('/d/'),
    });
    expect(parseDocumentId('https://docs.google.com/document/d/e/2PACX-1vQ/pub')).toEqual({
      error: expect.stringContaining('published copy'),
    });
    expect(parseDocumentId('abc?def')).toEqual({ error: expect.stringContaining('letters, digits') });
    expect(parseDocumentId('https://docs.google.com/document/d/ab%2Fcd/edit')).toEqual({
      error: expect.stringContaining('letters, digits'),
    });
  });
});
