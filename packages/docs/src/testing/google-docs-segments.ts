import { InvalidRequestError, newKixId, SimDocument } from './google-docs-document.js';
import { findTab, type SimSegment, type SimTab } from './google-docs-tabs.js';

// The document style and the segments beside a tab's body (headers, footers, footnotes), as the
// Docs discovery document (v1, 2026-09-21) describes their requests:
// - `updateDocumentStyle` sets the `DocumentStyle` fields its mask names (`*` for all); a field the
//   mask names but the style leaves out goes back to its default. The header and footer ids and
//   `useCustomHeaderFooterMargins` are read-only there, so a mask naming them is refused.
// - `createHeader`/`createFooter` (type DEFAULT) add an empty segment (one paragraph, indexes from 0)
//   and set `defaultHeaderId`/`defaultFooterId`; "If a header of the specified type already exists,
//   a 400 bad request error is returned". With a `sectionBreakLocation` of a later section break,
//   the header (footer) is that section's own, named by its `SectionStyle.defaultHeaderId`
//   (`defaultFooterId`). `deleteHeader`/`deleteFooter` remove one and every reference to it.
// - `createFootnote` inserts a `footnoteReference` (one index) in the body and an empty footnote
//   segment (a space and the newline, as Docs makes it), replying with the footnote's id.
// The text inside a header, footer or footnote is a document of its own (indexes from 0, no section
// break), edited by the same requests as the body when a location or range names its `segmentId`.

/** The header and footer ids of a `DocumentStyle` and a `SectionStyle`: read-only in both. */
export const HEADER_FOOTER_IDS = [
  'defaultFooterId',
  'defaultHeaderId',
  'evenPageFooterId',
  'evenPageHeaderId',
  'firstPageFooterId',
  'firstPageHeaderId',
] as const;

/** The page layout fields a `DocumentStyle` and a `SectionStyle` share. */
export const PAGE_LAYOUT_FIELDS = [
  'flipPageOrientation',
  'marginBottom',
  'marginFooter',
  'marginHeader',
  'marginLeft',
  'marginRight',
  'marginTop',
  'pageNumberStart',
  'useFirstPageHeaderFooter',
] as const;

/** `DocumentStyle`'s fields (the discovery document's), and those it marks read-only. */
export const DOCUMENT_STYLE_FIELDS: ReadonlySet<string> = new Set([
  ...HEADER_FOOTER_IDS,
  ...PAGE_LAYOUT_FIELDS,
  'background',
  'documentFormat',
  'pageSize',
  'useCustomHeaderFooterMargins',
  'useEvenPageHeaderFooter',
]);
const READ_ONLY = new Set([...HEADER_FOOTER_IDS, 'useCustomHeaderFooterMargins']);

type Payload = Record<string, any>;
type Kind = 'headers' | 'footers';

function firstTabOr(tabs: SimTab[], tabId: unknown): SimTab {
  if (tabId === undefined || tabId === null || tabId === '') return tabs[0]!;
  const placed = findTab(tabs, String(tabId));
  if (!placed) throw new InvalidRequestError(`The tab with ID ${String(tabId)} was not found.`);
  return placed.tab;
}

/** `updateDocumentStyle`: the fields the mask names, from the style given. */
export function updateDocumentStyle(tabs: SimTab[], payload: Payload): Record<string, unknown> {
  const tab = firstTabOr(tabs, payload.tabId);
  const mask = typeof payload.fields === 'string' ? payload.fields.trim() : '';
  if (mask === '') throw new InvalidRequestError('At least one field must be specified.');
  const given = (payload.documentStyle ?? {}) as Record<string, unknown>;
  const names = mask === '*' ? Object.keys(given) : mask.split(',').map((name) => name.trim().split('.')[0]!);
  for (const name of names) {
    if (!DOCUMENT_STYLE_FIELDS.has(name))
      throw new InvalidRequestError(`Invalid field mask: ${name} is not a field of DocumentStyle.`);
    if (READ_ONLY.has(name))
      throw new InvalidRequestError(`The field ${name} of DocumentStyle is read-only.`);
  }
  const style = { ...tab.documentStyle };
  for (const name of names) {
    if (given[name] === undefined) delete style[name];
    else style[name] = given[name];
  }
  tab.documentStyle = style;
  return {};
}

function createHeaderOrFooter(tabs: SimTab[], payload: Payload, kind: Kind): string {
  if (payload.type !== 'DEFAULT') {
    throw new InvalidRequestError(`The ${kind === 'headers' ? 'header' : 'footer'} type must be DEFAULT.`);
  }
  const where = payload.sectionBreakLocation as { tabId?: string; index?: number } | undefined;
  const tab = firstTabOr(tabs, where?.tabId);
  const segments = tab[kind] ?? [];
  const id = newKixId();
  const exists = () =>
    new InvalidRequestError(
      `A default ${kind === 'headers' ? 'header' : 'footer'} already exists in this section.`,
    );
  if (where?.index !== undefined && where.index !== 0) {
    // A later section's own header or footer: named in that section break's style.
    const field = kind === 'headers' ? 'defaultHeaderId' : 'defaultFooterId';
    const style = tab.document.sectionStyleAt(where.index);
    if (!style) throw new InvalidRequestError(`There is no section break at index ${where.index}.`);
    if (style[field] !== undefined) throw exists();
    tab.document.setSectionStyleAt(where.index, { ...style, [field]: id });
    tab[kind] = [...segments, { id, document: SimDocument.fromParagraphs([], true), section: true }];
    return id;
  }
  if (segments.some((segment) => !segment.section)) throw exists();
  tab[kind] = [...segments, { id, document: SimDocument.fromParagraphs([], true) }];
  return id;
}

function deleteHeaderOrFooter(tabs: SimTab[], payload: Payload, kind: Kind, field: string): void {
  const tab = firstTabOr(tabs, payload.tabId);
  const id = String(payload[field] ?? '');
  const segments = tab[kind] ?? [];
  if (!segments.some((segment) => segment.id === id)) {
    throw new InvalidRequestError(
      `The ${kind === 'headers' ? 'header' : 'footer'} with ID ${id} was not found.`,
    );
  }
  tab[kind] = segments.filter((segment) => segment.id !== id);
  tab.document.forgetSectionSegment(kind === 'headers' ? 'defaultHeaderId' : 'defaultFooterId', id);
}

/** `createHeader`, `createFooter`, `deleteHeader`, `deleteFooter`. */
export const headerFooterHandlers = {
  createHeader: (tabs: SimTab[], payload: Payload) => ({
    createHeader: { headerId: createHeaderOrFooter(tabs, payload, 'headers') },
  }),
  createFooter: (tabs: SimTab[], payload: Payload) => ({
    createFooter: { footerId: createHeaderOrFooter(tabs, payload, 'footers') },
  }),
  deleteHeader: (tabs: SimTab[], payload: Payload) => {
    deleteHeaderOrFooter(tabs, payload, 'headers', 'headerId');
    return {};
  },
  deleteFooter: (tabs: SimTab[], payload: Payload) => {
    deleteHeaderOrFooter(tabs, payload, 'footers', 'footerId');
    return {};
  },
};

/** `createFootnote` at a body index: the reference there, an empty footnote beside the body. */
export function createFootnote(tab: SimTab, document: SimDocument, index: number): string {
  const footnotes = tab.footnotes ?? [];
  const footnoteId = newKixId();
  document.insertInline(index, {
    footnoteReference: { footnoteId, footnoteNumber: String(footnotes.length + 1) },
  });
  tab.footnotes = [
    ...footnotes,
    { id: footnoteId, document: SimDocument.fromParagraphs([{ text: ' ' }], true) },
  ];
  return footnoteId;
}

/** A tab's document style (the defaults with its changes and segment ids) and its segments. */
export function renderSegments(tab: SimTab, defaults: Record<string, unknown>): Record<string, unknown> {
  const header = tab.headers?.find((segment) => !segment.section);
  const footer = tab.footers?.find((segment) => !segment.section);
  const byId = (segments: SimSegment[] | undefined, key: string) =>
    Object.fromEntries((segments ?? []).map((s) => [s.id, { [key]: s.id, content: s.document.content() }]));
  return {
    documentStyle: {
      ...defaults,
      ...tab.documentStyle,
      ...(header ? { defaultHeaderId: header.id } : {}),
      ...(footer ? { defaultFooterId: footer.id } : {}),
    },
    ...(tab.headers?.length ? { headers: byId(tab.headers, 'headerId') } : {}),
    ...(tab.footers?.length ? { footers: byId(tab.footers, 'footerId') } : {}),
    ...(tab.footnotes?.length ? { footnotes: byId(tab.footnotes, 'footnoteId') } : {}),
  };
}
