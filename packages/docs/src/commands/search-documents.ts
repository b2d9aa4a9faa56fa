import { defineCommand, pageTokenPage } from '@c/core';
import { type DocsContext, GOOGLE_DOCS_MIME_TYPE } from '../docs-client.js';
import { type DocsFileList, type DocsFileSummary, searchResultSchema } from '../docs-schemas.js';
import { quoteDriveQuery } from './drive-query.js';

/** The Drive query of Search Documents before narrowing by name: every Google Doc not in the trash. */
export const DOCS_FILES_QUERY = `mimeType='${GOOGLE_DOCS_MIME_TYPE}' and trashed=false`;
const FIELDS = 'nextPageToken,incompleteSearch,files(id,name,modifiedTime,webViewLink)';
const PAGE_SIZE = 1000;
const WORD = /^[\p{L}\p{N}]+$/u;

/** Case-insensitive comparison form of a name. */
function fold(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/**
 * The words of the searched text that Drive's `name contains` is sure to match in every name that
 * contains the text. Drive matches `name contains` at the start of words only, so the first word is
 * left out (the text may begin inside a word: "eting notes" is in "Meeting notes"); every later word
 * follows a space, so it starts a word in the name too. Only words of letters and digits are used,
 * so that Drive's own splitting of punctuation cannot lose a match.
 */
export function driveNameTerms(name: string): string[] {
  const words = name.normalize('NFC').trim().split(/\s+/).slice(1);
  return [...new Set(words.filter((word) => WORD.test(word)).map((word) => word.toLowerCase()))];
}

/**
 * The Drive query of Search Documents: Google Docs not in the trash whose names hold every word
 * Drive can match (`name contains`); the substring match is finished here.
 */
export function searchDocumentsQuery(name: string): string {
  return [
    DOCS_FILES_QUERY,
    ...driveNameTerms(name).map((word) => `name contains ${quoteDriveQuery(word)}`),
  ].join(' and ');
}

/** Search Documents: `GET {fileApiBaseUrl}/drive/v3/files`, every page, names filtered here. */
export const searchDocuments = defineCommand({
  key: 'searchDocuments',
  title: 'Search Documents',
  description:
    'Finds the Google Docs documents whose name contains the text you give, in any case, most recently changed first. It looks through the connected account’s own documents, those shared with it, and the shared-drive documents it created or edited, leaving out the trash, and returns every match with its id, name, last change and link (an empty list when nothing matches). A text of two words or more is found fastest in a large account; a single word makes Google list every document, a thousand at a time.',
  input: (z) =>
    z.object({
      name: z.string().trim().min(1, 'must not be blank').meta({
        title: 'Document Name',
        description:
          'All or part of the document’s name, in any case: "notes" finds "Weekly Sync — Meeting Notes", and so does "sync — meeting".',
      }),
    }),
  output: searchResultSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal, onProgress }): Promise<DocsFileList> {
    const needle = fold(input.name);
    const q = searchDocumentsQuery(input.name);
    const files: DocsFileSummary[] = [];
    let incompleteSearch = false;
    let listed = 0;
    let pageToken: string | undefined;
    const seen = new Set<string>();
    // Not core's pages(): Drive may answer an empty page that still has a nextPageToken, and the
    // list goes on after it. A token seen twice would loop forever, so it ends the listing.
    do {
      const { data } = await ctx.http.request<Record<string, unknown>>({
        method: 'GET',
        api: 'files',
        path: '/drive/v3/files',
        query: {
          q,
          fields: FIELDS,
          pageSize: PAGE_SIZE,
          // Google recommends user (or drive) over allDrives; with includeItemsFromAllDrives it
          // still covers the shared-drive documents the account created or changed.
          corpora: 'user',
          includeItemsFromAllDrives: true,
          supportsAllDrives: true,
          pageToken,
        },
        responseType: 'json',
        signal,
      });
      if (data.incompleteSearch === true) incompleteSearch = true;
      const page = pageTokenPage<DocsFileSummary>(data, 'files');
      listed += page.items.length;
      for (const file of page.items) {
        if (typeof file.name === 'string' && fold(file.name).includes(needle)) {
          files.push({
            id: file.id,
            name: file.name,
            modifiedTime: file.modifiedTime,
            webViewLink: file.webViewLink,
          });
        }
      }
      onProgress?.({ message: `Looked through ${listed} Google Docs`, current: listed });
      pageToken = page.next !== undefined && !seen.has(page.next) ? page.next : undefined;
      if (pageToken) seen.add(pageToken);
    } while (pageToken);
    files.sort((a, b) => (a.modifiedTime < b.modifiedTime ? 1 : a.modifiedTime > b.modifiedTime ? -1 : 0));
    return incompleteSearch ? { files, incompleteSearch } : { files };
  },
});
