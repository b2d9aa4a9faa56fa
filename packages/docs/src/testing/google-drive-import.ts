import { GOOGLE_DOCS_MIME_TYPE } from '../docs-client.js';
import type { DiscoverySchemas } from '../docs-discovery.js';
import table from '../docs-request-schemas.json' with { type: 'json' };
import type { DocsRequest } from '../docs-requests.js';
import { blockRequests, markdownBlocks, plainParagraphRequests } from '../markdown/index.js';
import type { Caller } from './google-access.js';
import { applyRequest, type BatchContext } from './google-docs-batch-update.js';
import type { ParagraphSpec } from './google-docs-document.js';
import { buildTabs, type SimTab } from './google-docs-tabs.js';
import { driveErrorResponse } from './google-errors.js';
import type { DocsSimulatorState, SimFile } from './google-state.js';

// Drive's conversion of an uploaded Markdown file into a Google Doc (Drive imports Markdown since
// July 2024: "Import and export Markdown in Google Docs", Google Workspace Updates, 2024-07-16):
// headings, emphasis, strikethrough, code, links, nested lists, tables, images and rules become
// the document's own styles. The simulator writes the document with the same Docs requests a
// batchUpdate would apply, so a converted document is one the Docs API could have written.

const schemas = table.schemas as DiscoverySchemas;
const fieldsOf = (name: string): ReadonlySet<string> => new Set(Object.keys(schemas[name]?.properties ?? {}));

/** Applies requests to a fresh set of tabs, as a batch does (Google's refusals are thrown). */
export function applyRequests(
  state: DocsSimulatorState,
  tabs: SimTab[],
  requests: readonly DocsRequest[],
): void {
  const context: BatchContext = {
    state,
    user: state.currentUser,
    tabs,
    comments: [],
    textStyleFields: fieldsOf('TextStyle'),
    paragraphStyleFields: fieldsOf('ParagraphStyle'),
  };
  for (const request of requests) {
    const type = Object.keys(request)[0]!;
    applyRequest(context, type, (request[type] ?? {}) as Record<string, unknown>);
  }
}

/**
 * A Google Doc's tabs converted from Markdown. Synchronous: the upload handlers await
 * `markdownSyntaxReady()` before they change anything, so the libraries are loaded by then. (Not at
 * the module's top level: `require('@c/docs/testing')` refuses a module graph with a top-level await.)
 */
export function importMarkdown(state: DocsSimulatorState, markdown: string): SimTab[] {
  const tabs = buildTabs(undefined, []);
  const { requests } = blockRequests(markdownBlocks(markdown), 1);
  applyRequests(state, tabs, [...plainParagraphRequests(1), ...requests]);
  return tabs;
}

// --- Uploaded media into a file ---

/** Formats Drive turns into a Google Doc when the upload asks for one (`mimeType` of a Google Doc). */
const IMPORTS = new Set(['text/plain', 'text/markdown', 'text/html']);

/** Paragraphs of an imported text file: its lines, or an HTML page's blocks. */
function importParagraphs(mediaType: string, bytes: Uint8Array): ParagraphSpec[] {
  const text = Buffer.from(bytes)
    .toString('utf8')
    .replace(/^\ufeff/, '');
  const heading = (level: number) => (level === 0 ? 'TITLE' : `HEADING_${Math.min(level, 6)}`);
  if (mediaType === 'text/html') {
    const blocks = [...text.matchAll(/<(h[1-6]|p|li|title)\b[^>]*>([\s\S]*?)<\/\1>/gi)];
    return blocks
      .filter(([, tag]) => tag!.toLowerCase() !== 'title')
      .map(([, tag, inner]) => {
        const plain = inner!
          .replace(/<[^>]+>/g, '')
          .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&');
        const level = /^h(\d)$/i.exec(tag!)?.[1];
        return level ? { text: plain, style: { namedStyleType: heading(Number(level)) } } : { text: plain };
      });
  }
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  return lines.map((line) => ({ text: line }));
}

/** Puts uploaded media in a file: a Google Doc takes it converted (text, Markdown, HTML), others as bytes. */
export function storeMedia(
  state: DocsSimulatorState,
  caller: Caller,
  file: SimFile,
  mediaType: string,
  media: Uint8Array,
): Response | undefined {
  if (file.mimeType !== GOOGLE_DOCS_MIME_TYPE) {
    file.content = media;
    return undefined;
  }
  if (!IMPORTS.has(mediaType)) {
    return driveErrorResponse(
      400,
      'badRequest',
      `Conversion of ${mediaType} to a Google Doc is not supported by the Drive simulator (text/plain, text/markdown and text/html are).`,
    );
  }
  const tabs =
    mediaType === 'text/markdown'
      ? importMarkdown(
          state,
          Buffer.from(media)
            .toString('utf8')
            .replace(/^\ufeff/, ''),
        )
      : buildTabs(undefined, importParagraphs(mediaType, media));
  state.commit(file, tabs, caller.user);
  return undefined;
}
