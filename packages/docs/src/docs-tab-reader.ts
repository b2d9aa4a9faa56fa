import { NotFoundError, ValidationError } from '@c/core';
import type { DocsContext } from './docs-client.js';
import type { DocumentReference } from './docs-document-id.js';
import type { DocsDocument, DocsTab } from './docs-schemas.js';

/** Every tab, depth first: each tab, then its child tabs, then the next tab. */
export function allTabs(tabs: readonly DocsTab[]): DocsTab[] {
  return tabs.flatMap((tab) => [tab, ...allTabs(tab.childTabs ?? [])]);
}

/** The tab asked for: `tabId`, or the one the address names; both given must agree. */
export function wantedTab(reference: DocumentReference, tabId: string | undefined): string | undefined {
  if (tabId !== undefined && reference.tabId !== undefined && tabId !== reference.tabId) {
    throw new ValidationError(
      `Invalid parameter "tabId": ${tabId} is not the tab the document address points at (${reference.tabId}); give one of the two`,
      { parameter: 'tabId' },
    );
  }
  return tabId ?? reference.tabId;
}

/** A document read with every tab, and the tab asked for (the first when none is). */
export interface DocumentWithTab {
  document: DocsDocument;
  tab: DocsTab | undefined;
}

/**
 * Reads a document with every tab (`includeTabsContent=true`) and picks one: the tab asked for, or
 * the first. A tab the document does not have is a `NotFoundError` naming the tabs it has.
 */
export async function readDocumentTab(
  ctx: DocsContext,
  documentId: string,
  wanted: string | undefined,
  signal: AbortSignal | undefined,
): Promise<DocumentWithTab> {
  const { data } = await ctx.http.request<DocsDocument>({
    method: 'GET',
    api: 'docs',
    path: `/v1/documents/${documentId}`,
    query: { includeTabsContent: true },
    responseType: 'json',
    signal,
  });
  const tabs = allTabs(data.tabs ?? []);
  const tab = wanted === undefined ? tabs[0] : tabs.find((each) => each.tabProperties.tabId === wanted);
  if (wanted !== undefined && !tab) {
    const known = tabs.map((each) => `${each.tabProperties.tabId} (${each.tabProperties.title ?? ''})`);
    throw new NotFoundError(
      `The document has no tab ${wanted}${known.length > 0 ? `; its tabs are ${known.join(', ')}` : ''}.`,
    );
  }
  return { document: data, tab };
}
