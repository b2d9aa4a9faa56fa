import type { Zod } from '@c/core';

const ID_CHARACTERS = /^[A-Za-z0-9_-]+$/;
/** A tab id as Google writes them (`t.0`, `t.4n8wq2k0x1zb`): letters, digits, `.`, `_` and `-`. */
const TAB_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The web address of a Google Docs document. */
export function documentUrl(documentId: string): string {
  return `https://docs.google.com/document/d/${documentId}/edit`;
}

/** A document named by id or web address: its id, and the tab the address points at, if any. */
export interface DocumentReference {
  id: string;
  tabId?: string;
}

/**
 * Reads a document id from a bare id or a web address: the id is the path segment after `/d/`,
 * and a `tab` query parameter names a tab (`https://docs.google.com/document/d/<id>/edit?tab=t.0`).
 * Returns the id and tab, or why there is no id.
 */
export function parseDocumentId(input: string): DocumentReference | { error: string } {
  const value = input.trim();
  let id = value;
  let tabId: string | undefined;
  if (value.includes('/')) {
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
    } catch {
      return { error: 'is neither a document id nor a valid web address' };
    }
    const segments = url.pathname.split('/');
    const at = segments.indexOf('d');
    const candidate = at === -1 ? undefined : segments[at + 1];
    if (!candidate) return { error: 'is a web address without /d/<document id> in it' };
    // Published copies (`/d/e/2PACX-…/pub`) carry a publishing key, not the document's id.
    if (candidate === 'e') {
      return { error: 'is the address of a published copy (/d/e/…), which does not carry the document id' };
    }
    id = candidate;
    const tab = url.searchParams.get('tab');
    if (tab !== null) {
      if (!TAB_ID.test(tab)) return { error: `has a tab (?tab=${tab.slice(0, 40)}) that is not a tab id` };
      tabId = tab;
    }
  }
  if (!ID_CHARACTERS.test(id)) {
    return { error: 'must be a document id (letters, digits, - and _) or the document web address' };
  }
  return tabId === undefined ? { id } : { id, tabId };
}

const DOCUMENT_ID_DESCRIPTION =
  'The document’s link as copied from the browser, e.g. https://docs.google.com/document/d/1T6dCxR4WREs9gU9ELxhEvDtK6kACyQ3412Dj44T02sk/edit, or just its id: the long code between /d/ and the next slash.';

function documentReference(z: Zod) {
  return z
    .string()
    .trim()
    .min(1, 'is required')
    .max(2048)
    .transform((value, ctx): DocumentReference => {
      const parsed = parseDocumentId(value);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    });
}

/**
 * The Document ID parameter of a command that reads one tab: the id or the web address, resolved
 * to the id and the tab the address names (`?tab=t.…`).
 */
export const documentReferenceParameter = (z: Zod) =>
  documentReference(z).meta({
    title: 'Document',
    description: `${DOCUMENT_ID_DESCRIPTION} A link to one of its tabs reads that tab.`,
  });

/** The Tab ID parameter: a tab of the document (`t.0`, `t.4n8wq2k0x1zb`), as in `?tab=` of its address. */
export const tabIdParameter = (z: Zod, description: string) =>
  z
    .string()
    .trim()
    .regex(TAB_ID, 'must be a tab id such as t.0 or t.4n8wq2k0x1zb (the ?tab= part of the tab’s web address)')
    .optional()
    .meta({ title: 'Tab ID', description });

/** The Document ID parameter: a bare id or the document's web address, resolved to the id. */
export const documentIdParameter = (z: Zod) =>
  documentReference(z)
    .transform((reference) => reference.id)
    .meta({ title: 'Document', description: DOCUMENT_ID_DESCRIPTION });
