import {
  type BatchContext,
  camelField,
  fieldList,
  insertionPoint,
  masked,
  type Payload,
  rangeOf,
  tabOf,
} from './google-docs-batch-context.js';
import { InvalidRequestError } from './google-docs-document.js';
import { HEADER_FOOTER_IDS, PAGE_LAYOUT_FIELDS } from './google-docs-segments.js';

// Sections and named styles, as the Docs discovery document (v1, 2026-09-21) describes them:
// - `insertSectionBreak` inserts a newline and a section break (CONTINUOUS or NEXT_PAGE) "inside the
//   bounds of an existing Paragraph", never inside a table, footnote, header or footer ("the segment
//   ID field must be empty").
// - `updateSectionStyle` styles every section its range overlaps; the header and footer ids and
//   `sectionType` are read-only, and for the other fields "setting a concrete value is required.
//   Unsetting this property results in a 400 bad request error"; "A section can be updated to have
//   no more than 3 columns".
// - `updateNamedStyle`: "At least `named_style_type` must be specified" in `fields`; `text_style.bold`
//   and the like set or reset one field, `text_style` alone with an empty style resets them all.

const SECTION_FIELDS: ReadonlySet<string> = new Set([
  ...HEADER_FOOTER_IDS,
  ...PAGE_LAYOUT_FIELDS,
  'columnProperties',
  'columnSeparatorStyle',
  'contentDirection',
  'sectionType',
]);
const SECTION_READ_ONLY = new Set([...HEADER_FOOTER_IDS, 'sectionType']);
const NAMED_STYLE_TYPES = new Set([
  'NORMAL_TEXT',
  'TITLE',
  'SUBTITLE',
  'HEADING_1',
  'HEADING_2',
  'HEADING_3',
  'HEADING_4',
  'HEADING_5',
  'HEADING_6',
]);

function insertSectionBreak(context: BatchContext, payload: Payload) {
  const { document, index } = insertionPoint(context, payload);
  document.insertSectionBreak(index, payload.sectionType ?? 'SECTION_TYPE_UNSPECIFIED');
  return {};
}

function updateSectionStyle(context: BatchContext, payload: Payload) {
  const fields = fieldList(payload.fields, SECTION_FIELDS, 'SectionStyle');
  const style: Payload = payload.sectionStyle ?? {};
  const names = fields === '*' ? [...SECTION_FIELDS].filter((name) => !SECTION_READ_ONLY.has(name)) : fields;
  for (const name of names) {
    if (SECTION_READ_ONLY.has(name))
      throw new InvalidRequestError(`The field ${name} of SectionStyle is read-only.`);
    if (fields !== '*' && (style[name] === undefined || style[name] === null)) {
      throw new InvalidRequestError(
        `The field ${name} of SectionStyle must be set to a value: it cannot be unset.`,
      );
    }
  }
  if (Array.isArray(style.columnProperties) && style.columnProperties.length > 3) {
    throw new InvalidRequestError('A section can have no more than 3 columns.');
  }
  const { document, start, end } = rangeOf(context, payload);
  const given = fields === '*' ? names.filter((name) => style[name] !== undefined) : names;
  document.updateSectionStyles(start, end, (current) => masked(current, style, given));
  if (given.includes('marginHeader') || given.includes('marginFooter')) {
    const tab = tabOf(context, payload.range?.tabId);
    tab.documentStyle = { ...tab.documentStyle, useCustomHeaderFooterMargins: true };
  }
  return {};
}

/** The fields of one nested style a mask names: `text_style.bold` → bold; `text_style` alone: all. */
function nestedFields(
  names: readonly string[],
  root: string,
  known: ReadonlySet<string>,
): string[] | '*' | undefined {
  const inner = names
    .filter((name) => name.startsWith(`${root}.`))
    .map((name) => name.slice(root.length + 1));
  const unknown = inner.find((name) => !known.has(name.split('.')[0]!));
  if (unknown !== undefined)
    throw new InvalidRequestError(`Invalid field mask: ${root}.${unknown} is not a field of NamedStyle.`);
  if (inner.length > 0) return inner;
  return names.includes(root) ? '*' : undefined;
}

function updateNamedStyle(context: BatchContext, payload: Payload) {
  const mask = typeof payload.fields === 'string' ? payload.fields.trim() : '';
  if (mask === '') throw new InvalidRequestError('At least one field must be specified.');
  const names =
    mask === '*'
      ? ['namedStyleType', 'textStyle', 'paragraphStyle']
      : mask.split(',').map((n) => camelField(n.trim()));
  const unknown = names.find(
    (name) => !['namedStyleType', 'textStyle', 'paragraphStyle'].includes(name.split('.')[0]!),
  );
  if (unknown !== undefined)
    throw new InvalidRequestError(`Invalid field mask: ${unknown} is not a field of NamedStyle.`);
  if (!names.includes('namedStyleType')) {
    throw new InvalidRequestError('The field mask must include named_style_type.');
  }
  const given: Payload = payload.namedStyle ?? {};
  const type = String(given.namedStyleType ?? '');
  if (!NAMED_STYLE_TYPES.has(type)) throw new InvalidRequestError('A named style type must be specified.');
  const tab = tabOf(context, payload.tabId);
  const change = { ...tab.namedStyles?.[type] };
  const text = nestedFields(names, 'textStyle', context.textStyleFields);
  const paragraph = nestedFields(names, 'paragraphStyle', context.paragraphStyleFields);
  if (text === '*') change.textStyle = { ...given.textStyle };
  else if (text) change.textStyle = masked(change.textStyle ?? {}, given.textStyle ?? {}, text);
  if (paragraph === '*') change.paragraphStyle = { ...given.paragraphStyle };
  else if (paragraph)
    change.paragraphStyle = masked(change.paragraphStyle ?? {}, given.paragraphStyle ?? {}, paragraph);
  tab.namedStyles = { ...tab.namedStyles, [type]: change };
  return {};
}

type Handler = (context: BatchContext, payload: Payload) => Record<string, unknown>;

/** `insertSectionBreak`, `updateSectionStyle`, `updateNamedStyle`. */
export const STYLE_HANDLERS: Record<string, Handler> = {
  insertSectionBreak,
  updateSectionStyle,
  updateNamedStyle,
};
