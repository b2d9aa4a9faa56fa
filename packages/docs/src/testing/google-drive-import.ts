import type { DiscoverySchemas } from '../docs-discovery.js';
import table from '../docs-request-schemas.json' with { type: 'json' };
import type { DocsRequest } from '../docs-requests.js';
import { blockRequests, markdownBlocks, plainParagraphRequests } from '../markdown/index.js';
import { applyRequest, type BatchContext } from './google-docs-batch-update.js';
import { buildTabs, type SimTab } from './google-docs-tabs.js';
import type { DocsSimulatorState } from './google-state.js';

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
