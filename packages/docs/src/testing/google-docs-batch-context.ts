import type { BatchState, SimComment } from './google-comments-model.js';
import { InvalidRequestError, type SimDocument } from './google-docs-document.js';
import { findTab, type SimTab } from './google-docs-tabs.js';

// What every batchUpdate request family shares: the batch's context, and how a request's
// locations, ranges and field masks are read (Google's messages, without the request prefix that
// the caller adds: `Invalid requests[0].insertText: …`).

/** A request's payload, already checked against the discovery schema. */
export type Payload = Record<string, any>;

/** What one batch works on: copies, so that a batch applies in full or not at all. */
export interface BatchContext {
  state: BatchState;
  /** The account sending the batch (authors of comments and suggestions). */
  user: string;
  tabs: SimTab[];
  /** The document's Drive comments (a copy), for the comment requests. */
  comments: SimComment[];
  /** Fields of `TextStyle` and `ParagraphStyle`, for field masks. */
  textStyleFields: ReadonlySet<string>;
  paragraphStyleFields: ReadonlySet<string>;
}

/** `min_row_height` → `minRowHeight`: field masks may use either spelling. */
export function camelField(name: string): string {
  return name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** A field mask's names (camelCase), `*` for all; unknown fields and an empty mask are refused. */
export function fieldList(
  fields: unknown,
  known: ReadonlySet<string>,
  what: string,
): readonly string[] | '*' {
  if (typeof fields !== 'string' || fields.trim() === '') {
    throw new InvalidRequestError('At least one field must be specified.');
  }
  if (fields.trim() === '*') return '*';
  const names = fields.split(',').map((name) => camelField(name.trim()));
  const unknown = names.find((name) => !known.has(name.split('.')[0]!));
  if (unknown !== undefined)
    throw new InvalidRequestError(`Invalid field mask: ${unknown} is not a field of ${what}.`);
  return names;
}

/** Applies a mask to a plain object: named fields take the new value, or go back to default when unset. */
export function masked(
  current: Record<string, unknown>,
  update: Record<string, unknown>,
  fields: readonly string[] | '*',
): Record<string, unknown> {
  const next = { ...current };
  const names = fields === '*' ? Object.keys(update) : fields.map((name) => name.split('.')[0]!);
  for (const name of names) {
    if (update[name] === undefined || update[name] === null) delete next[name];
    else next[name] = update[name];
  }
  return next;
}

/** The tab a location or range is in: the one it names, or the first tab when it names none. */
export function tabOf(context: BatchContext, tabId: unknown): SimTab {
  if (tabId === undefined || tabId === null || tabId === '') return context.tabs[0]!;
  const placed = findTab(context.tabs, String(tabId));
  if (!placed) throw new InvalidRequestError(`The tab with ID ${String(tabId)} was not found.`);
  return placed.tab;
}

/** The body of a tab, or the header, footer or footnote a segment id names. */
export function documentOf(context: BatchContext, segmentId: unknown, tabId: unknown): SimDocument {
  const tab = tabOf(context, tabId);
  if (typeof segmentId !== 'string' || segmentId === '') return tab.document;
  const segment = [...(tab.headers ?? []), ...(tab.footers ?? []), ...(tab.footnotes ?? [])].find(
    (candidate) => candidate.id === segmentId,
  );
  if (!segment) throw new InvalidRequestError(`The segment with ID ${segmentId} was not found.`);
  return segment.document;
}

/** Where an insertion goes: `location` or `endOfSegmentLocation` (just before the final newline). */
export function insertionPoint(
  context: BatchContext,
  payload: Payload,
): { document: SimDocument; index: number } {
  const { location, endOfSegmentLocation: end } = payload;
  if (location && end)
    throw new InvalidRequestError('Only one of location or end_of_segment_location may be set.');
  const place = location ?? end ?? {};
  const document = documentOf(context, place.segmentId, place.tabId);
  return { document, index: end ? document.endIndex - 1 : (location?.index ?? 0) };
}

/** A request's `range`: its document and indexes. */
export function rangeOf(context: BatchContext, payload: Payload) {
  const range = payload.range ?? {};
  const document = documentOf(context, range.segmentId, range.tabId);
  return { document, start: range.startIndex ?? 0, end: range.endIndex ?? 0 };
}
