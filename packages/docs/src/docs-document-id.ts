import type { Zod } from '@c/core';

const ID_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/** The web address of a Google Docs document. */
export function documentUrl(documentId: string): string {
  return `https://docs.google.com/document/d/${documentId}/edit`;
}

/**
 * Reads a document id from a bare id or a web address: the id is the path segment after `/d/`
 * (`https://docs.google.com/document/d/<id>/edit?tab=t.0`). Returns the id, or why there is none.
 */
export function parseDocumentId(input: string): { id: string } | { error: string } {
  const value = input.trim();
  let id = value;
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
  }
  if (!ID_CHARACTERS.test(id)) {
    return { error: 'must be a document id (letters, digits, - and _) or the document web address' };
  }
  return { id };
}

/** The Document ID parameter: a bare id or the document's web address, resolved to the id. */
export const documentIdParameter = (z: Zod) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(2048)
    .transform((value, ctx) => {
      const parsed = parseDocumentId(value);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.id;
    })
    .meta({
      title: 'Document ID',
      description:
        'The document id, or its web address: the id is what stands between /d/ and the next / (https://docs.google.com/document/d/<id>/edit).',
    });
