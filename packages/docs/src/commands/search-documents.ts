import { defineCommand, pageTokenPage } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import type { DocsFileSummary, SearchDocumentsResult } from '../docs-types.js';

/** The Drive query of Search Documents: every Google Doc that is not in the trash. */
export const DOCS_FILES_QUERY = "mimeType='application/vnd.google-apps.document' and trashed=false";
const FIELDS = 'nextPageToken,incompleteSearch,files(id,name,modifiedTime,webViewLink)';
const PAGE_SIZE = 1000;

/** Case-insensitive comparison form of a name. */
function fold(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/** Search Documents: `GET {fileApiBaseUrl}/drive/v3/files`, every page, names filtered here. */
export const searchDocuments = defineCommand({
  key: 'searchDocuments',
  title: 'Search Documents',
  description:
    "Finds the Google Docs files the connected account can access (My Drive, shared with it, shared drives) whose name contains the given text anywhere, ignoring case, leaving out the trash; most recently modified first. Drive's own `name contains` matches only the start of words, so this lists every Google Doc not in the trash (Drive q: mimeType='application/vnd.google-apps.document' and trashed=false), following every page, and filters the names itself: on a Drive with many thousands of documents it takes one request per thousand.",
  input: (z) =>
    z.object({
      name: z.string().trim().min(1, 'must not be blank').meta({
        title: 'Document Name',
        description: 'The name or part of it, in any case, e.g. "notes" finds "Weekly Sync — Meeting Notes".',
      }),
    }),
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal, onProgress }): Promise<SearchDocumentsResult> {
    const needle = fold(input.name);
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
          q: DOCS_FILES_QUERY,
          fields: FIELDS,
          pageSize: PAGE_SIZE,
          corpora: 'allDrives',
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
