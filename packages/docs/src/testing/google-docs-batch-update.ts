import type { BatchState } from './google-comments-model.js';
import {
  type BatchContext,
  fieldList,
  insertionPoint,
  type Payload,
  rangeOf,
  tabOf,
} from './google-docs-batch-context.js';
import { COMMENT_HANDLERS } from './google-docs-comment-requests.js';
import { InvalidRequestError, newKixId, type Style } from './google-docs-document.js';
import { tabProperties } from './google-docs-render.js';
import { createFootnote, headerFooterHandlers, updateDocumentStyle } from './google-docs-segments.js';
import { STYLE_HANDLERS } from './google-docs-style-requests.js';
import { TABLE_HANDLERS } from './google-docs-table-requests.js';
import { buildTabs, findTab, newTabId, type SimTab, walkTabs } from './google-docs-tabs.js';

export type { BatchContext } from './google-docs-batch-context.js';

/** Raised for a request type the simulator does not know (none of the discovery document's 48). */
export class UnimplementedRequestError extends Error {}

const TAB_FIELDS = new Set(['title', 'index', 'iconEmoji', 'parentTabId']);

const DATE_FORMATS: Record<string, Intl.DateTimeFormatOptions | 'iso'> = {
  DATE_FORMAT_MONTH_DAY_ABBREVIATED: { month: 'short', day: 'numeric' },
  DATE_FORMAT_MONTH_DAY_FULL: { month: 'long', day: 'numeric' },
  DATE_FORMAT_MONTH_DAY_YEAR_ABBREVIATED: { month: 'short', day: 'numeric', year: 'numeric' },
  DATE_FORMAT_ISO8601: 'iso',
};
const TIME_FORMATS: Record<string, Intl.DateTimeFormatOptions> = {
  TIME_FORMAT_HOUR_MINUTE: { hour: 'numeric', minute: '2-digit' },
  TIME_FORMAT_HOUR_MINUTE_TIMEZONE: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
};

/** A date chip's properties with the text Google shows for it. */
function dateProperties(properties: Payload, now: number): Payload {
  const timestamp = properties.timestamp ?? new Date(now).toISOString();
  const when = Date.parse(timestamp);
  if (Number.isNaN(when)) throw new InvalidRequestError(`Invalid timestamp: ${timestamp}`);
  const locale = properties.locale ?? 'en';
  const timeZone = properties.timeZoneId ?? 'UTC';
  const dateFormat = properties.dateFormat ?? 'DATE_FORMAT_MONTH_DAY_YEAR_ABBREVIATED';
  const timeFormat = properties.timeFormat ?? 'TIME_FORMAT_DISABLED';
  let date: string;
  let time = '';
  try {
    const format = DATE_FORMATS[dateFormat] ?? DATE_FORMATS.DATE_FORMAT_MONTH_DAY_YEAR_ABBREVIATED!;
    date =
      format === 'iso'
        ? new Intl.DateTimeFormat('en-CA', {
            timeZone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
          }).format(when)
        : new Intl.DateTimeFormat(locale, { ...format, timeZone }).format(when);
    const clock = TIME_FORMATS[timeFormat];
    if (clock) time = ` ${new Intl.DateTimeFormat(locale, { ...clock, timeZone }).format(when)}`;
  } catch {
    throw new InvalidRequestError(`Invalid time zone or locale: ${timeZone}, ${locale}`);
  }
  return {
    timestamp: new Date(when).toISOString(),
    timeZoneId: timeZone,
    locale,
    dateFormat,
    timeFormat,
    displayText: `${date}${time}`,
  };
}

/** A rich link's properties: a Drive file the simulator knows gives its title and type. */
function richLinkProperties(state: BatchState, properties: Payload): Payload {
  const uri = properties.uri;
  if (typeof uri !== 'string' || uri === '') throw new InvalidRequestError('The rich link URI must be set.');
  const id = /\/d\/([\w-]+)/.exec(uri)?.[1];
  const file = id ? state.files.get(id) : undefined;
  if (file) return { title: file.name, uri, mimeType: file.mimeType };
  return { title: typeof properties.title === 'string' ? properties.title : uri, uri };
}

function addTab(context: BatchContext, properties: Payload) {
  if (properties.tabId !== undefined) throw new InvalidRequestError('A new tab cannot be given a tab ID.');
  const parent = properties.parentTabId ? tabOf(context, properties.parentTabId) : undefined;
  const siblings = parent ? parent.childTabs : context.tabs;
  const index = properties.index ?? siblings.length;
  if (!Number.isInteger(index) || index < 0 || index > siblings.length) {
    throw new InvalidRequestError(
      `The tab index ${index} is out of range: it must be 0 to ${siblings.length}.`,
    );
  }
  const [tab] = buildTabs([
    { id: newTabId(), title: properties.title ?? 'Untitled tab', iconEmoji: properties.iconEmoji },
  ]);
  siblings.splice(index, 0, tab!);
  const placed = findTab(context.tabs, tab!.id)!;
  return { addDocumentTab: { tabProperties: tabProperties(tab!, siblings, parent, placed.level) } };
}

function deleteTab(context: BatchContext, tabId: unknown) {
  if (typeof tabId !== 'string' || tabId === '') throw new InvalidRequestError('The tab ID must be set.');
  const placed = findTab(context.tabs, tabId);
  if (!placed) throw new InvalidRequestError(`The tab with ID ${tabId} was not found.`);
  if (!placed.parent && context.tabs.length === 1) {
    throw new InvalidRequestError('A document must keep at least one tab.');
  }
  placed.siblings.splice(placed.siblings.indexOf(placed.tab), 1);
  return {};
}

function updateTab(context: BatchContext, payload: Payload) {
  const properties: Payload = payload.tabProperties ?? {};
  const fields = fieldList(payload.fields, TAB_FIELDS, 'TabProperties');
  const names = fields === '*' ? [...TAB_FIELDS] : fields;
  if (typeof properties.tabId !== 'string' || properties.tabId === '')
    throw new InvalidRequestError('The tab ID must be set.');
  const placed = findTab(context.tabs, properties.tabId);
  if (!placed) throw new InvalidRequestError(`The tab with ID ${properties.tabId} was not found.`);
  const { tab } = placed;
  if (names.includes('title')) tab.title = properties.title ?? '';
  if (names.includes('iconEmoji')) tab.iconEmoji = properties.iconEmoji || undefined;
  let siblings = placed.siblings;
  if (names.includes('parentTabId')) {
    const parent = properties.parentTabId ? tabOf(context, properties.parentTabId) : undefined;
    if (parent && walkTabs([tab]).some((inner) => inner.tab === parent)) {
      throw new InvalidRequestError('A tab cannot be moved under itself or one of its child tabs.');
    }
    siblings.splice(siblings.indexOf(tab), 1);
    siblings = parent ? parent.childTabs : context.tabs;
    siblings.push(tab);
  }
  if (names.includes('index')) {
    const index = properties.index ?? 0;
    siblings.splice(siblings.indexOf(tab), 1);
    if (!Number.isInteger(index) || index < 0 || index > siblings.length) {
      throw new InvalidRequestError(
        `The tab index ${index} is out of range: it must be 0 to ${siblings.length}.`,
      );
    }
    siblings.splice(index, 0, tab);
  }
  return {};
}

type Handler = (context: BatchContext, payload: Payload) => Record<string, unknown>;

/** An inline image as Google keeps it: a content address of its own, the source it came from, its size. */
function embeddedImage(payload: Payload, objectId: string): Record<string, unknown> {
  const uri = payload.uri;
  if (typeof uri !== 'string' || !/^https?:\/\/[^\s]+$/i.test(uri)) {
    throw new InvalidRequestError('The provided image URI is invalid or not publicly accessible.');
  }
  if (uri.length > 2048) throw new InvalidRequestError('The image URI must be at most 2 kB.');
  const size = payload.objectSize ?? {};
  const side = (dimension: Payload | undefined, fallback: number) => ({
    magnitude: dimension?.magnitude ?? fallback,
    unit: dimension?.unit ?? 'PT',
  });
  return {
    imageProperties: {
      contentUri: `https://lh7-rt.googleusercontent.com/docsz/${objectId}`,
      sourceUri: uri,
      cropProperties: {},
    },
    embeddedObjectBorder: {
      color: { color: { rgbColor: {} } },
      width: { unit: 'PT' },
      dashStyle: 'SOLID',
      propertyState: 'NOT_RENDERED',
    },
    size: { height: side(size.height, 150), width: side(size.width, 200) },
    marginTop: { magnitude: 9, unit: 'PT' },
    marginBottom: { magnitude: 9, unit: 'PT' },
    marginRight: { magnitude: 9, unit: 'PT' },
    marginLeft: { magnitude: 9, unit: 'PT' },
  };
}

/** Every tab a request about named ranges looks in: those of `tabsCriteria`, or all. */
function tabsOf(context: BatchContext, payload: Payload): SimTab[] {
  const ids: unknown[] | undefined = payload.tabsCriteria?.tabIds;
  return ids?.length ? ids.map((id) => tabOf(context, id)) : walkTabs(context.tabs).map((p) => p.tab);
}

const HANDLERS: Record<string, Handler> = {
  insertText(context, payload) {
    const { document, index } = insertionPoint(context, payload);
    document.insertText(index, payload.text ?? '');
    return {};
  },
  deleteContentRange(context, payload) {
    const { document, start, end } = rangeOf(context, payload);
    document.deleteContentRange(start, end);
    return {};
  },
  updateTextStyle(context, payload) {
    const { document, start, end } = rangeOf(context, payload);
    const fields = fieldList(payload.fields, context.textStyleFields, 'TextStyle');
    document.updateTextStyle(start, end, (payload.textStyle ?? {}) as Style, fields);
    return {};
  },
  updateParagraphStyle(context, payload) {
    const { document, start, end } = rangeOf(context, payload);
    const fields = fieldList(payload.fields, context.paragraphStyleFields, 'ParagraphStyle');
    document.updateParagraphStyle(start, end, (payload.paragraphStyle ?? {}) as Style, fields);
    return {};
  },
  createParagraphBullets(context, payload) {
    const { document, start, end } = rangeOf(context, payload);
    document.createParagraphBullets(start, end, payload.bulletPreset ?? 'BULLET_GLYPH_PRESET_UNSPECIFIED');
    return {};
  },
  deleteParagraphBullets(context, payload) {
    const { document, start, end } = rangeOf(context, payload);
    document.deleteParagraphBullets(start, end);
    return {};
  },
  insertTable(context, payload) {
    const { document, index } = insertionPoint(context, payload);
    document.insertTable(index, payload.rows ?? 0, payload.columns ?? 0);
    return {};
  },
  insertPageBreak(context, payload) {
    const { document, index } = insertionPoint(context, payload);
    if (document.isSegment) {
      throw new InvalidRequestError('Page breaks cannot be inserted inside a footnote, header or footer.');
    }
    document.insertPageBreak(index);
    return {};
  },
  insertPerson(context, payload) {
    const { document, index } = insertionPoint(context, payload);
    const email = payload.personProperties?.email;
    if (typeof email !== 'string' || !email.includes('@'))
      throw new InvalidRequestError('The person’s email address must be set.');
    const name = payload.personProperties?.name ?? context.state.users.get(email)?.displayName;
    document.insertInline(index, {
      person: { personId: newKixId(), personProperties: { email, ...(name ? { name } : {}) } },
    });
    return {};
  },
  insertDate(context, payload) {
    const { document, index } = insertionPoint(context, payload);
    document.insertInline(index, {
      dateElement: {
        dateId: newKixId(),
        dateElementProperties: dateProperties(payload.dateElementProperties ?? {}, context.state.now()),
      },
    });
    return {};
  },
  insertRichLink(context, payload) {
    const { document, index } = insertionPoint(context, payload);
    document.insertInline(index, {
      richLink: {
        richLinkId: newKixId(),
        richLinkProperties: richLinkProperties(context.state, payload.richLinkProperties ?? {}),
      },
    });
    return {};
  },
  insertInlineImage(context, payload) {
    const { document, index } = insertionPoint(context, payload);
    const objectId = document.insertImage(index, (id) => embeddedImage(payload, id));
    return { insertInlineImage: { objectId } };
  },
  replaceAllText(context, payload) {
    let changed = 0;
    for (const tab of tabsOf(context, payload)) {
      changed += tab.document.replaceAllText(
        payload.containsText?.text ?? '',
        payload.replaceText ?? '',
        payload.containsText?.matchCase === true,
      );
    }
    // proto3 JSON leaves out a zero count.
    return { replaceAllText: changed > 0 ? { occurrencesChanged: changed } : {} };
  },
  createNamedRange(context, payload) {
    const { document, start, end } = rangeOf(context, payload);
    const namedRangeId = document.createNamedRange(start, end, String(payload.name ?? ''));
    return { createNamedRange: { namedRangeId } };
  },
  deleteNamedRange(context, payload) {
    const by = { id: payload.namedRangeId, name: payload.name };
    if (!by.id === !by.name)
      throw new InvalidRequestError('Exactly one of name or named_range_id must be set.');
    for (const tab of tabsOf(context, payload)) tab.document.deleteNamedRange(by);
    return {};
  },
  replaceNamedRangeContent(context, payload) {
    const by = { id: payload.namedRangeId, name: payload.namedRangeName };
    if (!by.id === !by.name)
      throw new InvalidRequestError('Exactly one of named_range_name or named_range_id must be set.');
    for (const tab of tabsOf(context, payload)) tab.document.replaceNamedRange(by, payload.text ?? '');
    return {};
  },
  replaceImage(context, payload) {
    const objectId = String(payload.imageObjectId ?? '');
    const { document } = tabOf(context, payload.tabId);
    const replaced = document.replaceObject(objectId, (object) => {
      const properties = object.inlineObjectProperties as { embeddedObject: Payload };
      const fresh = embeddedImage({ uri: payload.uri }, objectId);
      // CENTER_CROP (the only method): the new image fills the old one's size.
      const embeddedObject = { ...fresh, size: properties.embeddedObject.size };
      return { ...object, inlineObjectProperties: { ...properties, embeddedObject } };
    });
    if (!replaced) throw new InvalidRequestError(`The image with ID ${objectId} was not found.`);
    return {};
  },
  // The simulator makes no positioned objects (insertion of those is not in the API), so any id is
  // one the document does not have.
  deletePositionedObject(context, payload) {
    tabOf(context, payload.tabId);
    throw new InvalidRequestError(`The positioned object with ID ${String(payload.objectId)} was not found.`);
  },
  updateDocumentStyle: (context, payload) => updateDocumentStyle(context.tabs, payload),
  createHeader: (context, payload) => headerFooterHandlers.createHeader(context.tabs, payload),
  createFooter: (context, payload) => headerFooterHandlers.createFooter(context.tabs, payload),
  deleteHeader: (context, payload) => headerFooterHandlers.deleteHeader(context.tabs, payload),
  deleteFooter: (context, payload) => headerFooterHandlers.deleteFooter(context.tabs, payload),
  createFootnote(context, payload) {
    const { document, index } = insertionPoint(context, payload);
    if (document.isSegment) {
      throw new InvalidRequestError(
        'Footnotes can only be inserted in the body: the segment ID must be empty.',
      );
    }
    const place = payload.location ?? payload.endOfSegmentLocation ?? {};
    return { createFootnote: { footnoteId: createFootnote(tabOf(context, place.tabId), document, index) } };
  },
  addDocumentTab: (context, payload) => addTab(context, payload.tabProperties ?? {}),
  deleteTab: (context, payload) => deleteTab(context, payload.tabId),
  updateDocumentTabProperties: updateTab,
  ...TABLE_HANDLERS,
  ...STYLE_HANDLERS,
  ...COMMENT_HANDLERS,
};

/**
 * Applies one request to a batch's tabs, in place; returns its reply. Requests Google would refuse
 * throw `InvalidRequestError` with Google's words (`ForbiddenRequestError` for its 403s).
 */
export function applyRequest(context: BatchContext, type: string, payload: Payload): Record<string, unknown> {
  const handler = HANDLERS[type];
  if (!handler) throw new UnimplementedRequestError(type);
  return handler(context, payload);
}
