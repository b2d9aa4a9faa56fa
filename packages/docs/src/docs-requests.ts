import {
  checkAgainstSchema,
  type DiscoverySchema,
  type DiscoverySchemas,
  type SchemaIssue,
  type SchemaVisitor,
} from './docs-discovery.js';
import table from './docs-request-schemas.json' with { type: 'json' };

const schemas = table.schemas as DiscoverySchemas;
const requestTypes = schemas.Request?.properties ?? {};

/** The discovery revision the request table was generated from (Docs API v1, with tabs); a test keeps it equal to `DOCS_DISCOVERY_REVISION`. */
export const REQUEST_TABLE_REVISION: string = table.revision;

/** Every request type a batchUpdate accepts, e.g. `insertText`, `deleteContentRange`. */
export const DOCS_REQUEST_TYPES: readonly string[] = Object.keys(requestTypes);

/** One Docs batchUpdate request: an object holding exactly one request type and its payload. */
export type DocsRequest = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Index 0 of the body is its opening section break; headers, footers and footnotes start at 0. */
function lowestIndex(segmentId: unknown): number {
  return typeof segmentId === 'string' && segmentId !== '' ? 0 : 1;
}

function belowStart(index: number, segmentId: unknown): string | undefined {
  const lowest = lowestIndex(segmentId);
  if (index >= lowest) return undefined;
  return lowest === 1
    ? 'must be 1 or more: index 0 is the section break before the body, and the body starts at 1'
    : 'must be 0 or more';
}

/** Index rules Google applies to every Location and Range, checked before anything is sent. */
const indexRules: SchemaVisitor = (name, value, path) => {
  if (!isPlainObject(value)) return undefined;
  if (name === 'Location') {
    if (value.index === undefined || value.index === null)
      return { path: `${path}.index`, message: 'is required' };
    const problem = belowStart(value.index as number, value.segmentId);
    return problem ? { path: `${path}.index`, message: problem } : undefined;
  }
  if (name === 'Range') {
    const { startIndex, endIndex, segmentId } = value;
    if (startIndex === undefined || startIndex === null)
      return { path: `${path}.startIndex`, message: 'is required' };
    if (endIndex === undefined || endIndex === null)
      return { path: `${path}.endIndex`, message: 'is required' };
    const problem = belowStart(startIndex as number, segmentId);
    if (problem) return { path: `${path}.startIndex`, message: problem };
    if ((endIndex as number) <= (startIndex as number)) {
      return {
        path: `${path}.endIndex`,
        message: `must be greater than startIndex (${startIndex}): the range ends after it starts`,
      };
    }
  }
  return undefined;
};

/**
 * Checks a batchUpdate request list the way Google will read it, so that a bad list is refused
 * before anything is sent: not empty; each item exactly one request type of the Docs API's
 * `Request`, with only the fields the discovery document defines and values of the right type;
 * every index at the start of its segment or later; every range ending after it starts; and either
 * `location` or `endOfSegmentLocation` where a request takes one of the two. Paths are relative to
 * the list (`2.insertText.location.index`).
 */
export function checkDocsRequests(requests: readonly unknown[]): SchemaIssue | undefined {
  if (requests.length === 0) return { path: '', message: 'must hold at least one request' };
  for (let position = 0; position < requests.length; position += 1) {
    const request = requests[position];
    const at = String(position);
    if (!isPlainObject(request)) {
      return { path: at, message: 'must be an object holding one request, e.g. {"insertText": {…}}' };
    }
    const keys = Object.keys(request);
    if (keys.length === 0) {
      return { path: at, message: 'holds no request type: give one, e.g. insertText or deleteContentRange' };
    }
    const unknown = keys.find((key) => !Object.hasOwn(requestTypes, key));
    if (unknown !== undefined) {
      return {
        path: `${at}.${unknown}`,
        message: `is not a Google Docs request type (the API defines ${DOCS_REQUEST_TYPES.length}, e.g. insertText, deleteContentRange, replaceAllText, updateTextStyle, createParagraphBullets, insertTable, addDocumentTab)`,
      };
    }
    if (keys.length > 1) {
      return {
        path: at,
        message: `holds ${keys.length} request types (${keys.join(', ')}): each request holds exactly one`,
      };
    }
    const type = keys[0]!;
    const payload = request[type];
    const schemaName = requestTypes[type]!.$ref!;
    if (!isPlainObject(payload)) return { path: `${at}.${type}`, message: 'must be an object' };
    const issue = checkAgainstSchema(payload, { $ref: schemaName }, schemas, `${at}.${type}`, indexRules);
    if (issue) return issue;
    const fields = schemas[schemaName]?.properties ?? {};
    if (fields.location && fields.endOfSegmentLocation) {
      const given = ['location', 'endOfSegmentLocation'].filter((key) => isPlainObject(payload[key]));
      if (given.length !== 1) {
        return {
          path: `${at}.${type}`,
          message:
            given.length === 0
              ? 'needs location (an index) or endOfSegmentLocation'
              : 'takes location or endOfSegmentLocation, not both',
        };
      }
    }
  }
  return undefined;
}

/** Schemas that say where in a document something happens; each takes a `tabId`. */
const PLACES = new Set(['Location', 'Range', 'EndOfSegmentLocation']);

/**
 * Request types whose own `tabId` picks the tab they work on, the first tab when left out
 * (`updateDocumentStyle`, `deleteHeader`…). Not `deleteTab`: its `tabId` names the tab to delete.
 */
const TAB_SCOPED_TYPES = new Set(
  Object.entries(requestTypes)
    .filter(([type, field]) => type !== 'deleteTab' && schemas[field.$ref!]?.properties?.tabId)
    .map(([type]) => type),
);

function withTab(value: unknown, schema: DiscoverySchema, tabId: string): unknown {
  if (schema.$ref) {
    const named = withTab(value, schemas[schema.$ref] ?? {}, tabId);
    const unset = isPlainObject(named) && (named.tabId === undefined || named.tabId === null);
    return PLACES.has(schema.$ref) && unset ? { ...named, tabId } : named;
  }
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    return value.map((item) => withTab(item, items, tabId));
  }
  if (isPlainObject(value) && schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const field = schema.properties[key];
      out[key] = field ? withTab(item, field, tabId) : item;
    }
    return out;
  }
  return value;
}

/**
 * Points every request at one tab: each location and range that names no tab, and each request
 * type that works on the first tab unless told otherwise, gets `tabId`. Tabs named in the requests
 * stay as they are; links, `tabsCriteria` (which default to every tab) and `deleteTab` are left
 * alone. Takes a list that `checkDocsRequests` accepted; returns a new one.
 */
export function applyDefaultTab(requests: readonly DocsRequest[], tabId: string): DocsRequest[] {
  return requests.map((request) => {
    const type = Object.keys(request)[0]!;
    let payload = withTab(request[type], requestTypes[type]!, tabId) as Record<string, unknown>;
    if (TAB_SCOPED_TYPES.has(type) && (payload.tabId === undefined || payload.tabId === null)) {
      payload = { ...payload, tabId };
    }
    return { [type]: payload };
  });
}

/** Where a request changes the length of the document: an insertion point or a deletion start. */
function anchorOf(
  type: string,
  payload: unknown,
): { index: number; segment: string; field: string } | undefined {
  if (!isPlainObject(payload)) return undefined;
  // The same index in two tabs, or in the body and a header, is two different places.
  const where = (place: Record<string, unknown>) => `${place.tabId ?? ''}/${place.segmentId ?? ''}`;
  const location = payload.location;
  if (isPlainObject(location) && typeof location.index === 'number') {
    return { index: location.index, segment: where(location), field: 'location.index' };
  }
  const range = payload.range;
  if (type === 'deleteContentRange' && isPlainObject(range) && typeof range.startIndex === 'number') {
    return { index: range.startIndex, segment: where(range), field: 'range.startIndex' };
  }
  return undefined;
}

/**
 * Warnings for lists whose insertions and deletions are not in descending index order. Google
 * applies requests one after another, so an earlier edit shifts every index after it; the
 * reference advises listing edits from the highest index down. The list itself is never changed.
 */
export function insertionOrderWarnings(requests: readonly DocsRequest[]): string[] {
  const lowest = new Map<string, { index: number; at: string }>();
  const warnings: string[] = [];
  requests.forEach((request, position) => {
    const type = Object.keys(request)[0];
    if (type === undefined) return;
    const anchor = anchorOf(type, request[type]);
    if (!anchor) return;
    const at = `requests.${position}.${type}.${anchor.field}`;
    const earlier = lowest.get(anchor.segment);
    if (earlier && anchor.index > earlier.index) {
      warnings.push(
        `${at} (${anchor.index}) comes after ${earlier.at} (${earlier.index}), which shifts the indexes after it: ` +
          'this edit may not land where the index pointed when the document was read. List edits from the highest index down; the requests were sent in the order given.',
      );
    }
    if (!earlier || anchor.index < earlier.index) lowest.set(anchor.segment, { index: anchor.index, at });
  });
  return warnings;
}
