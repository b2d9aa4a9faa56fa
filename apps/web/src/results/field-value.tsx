import './results.css';
import type { FieldFormat } from './declared-view';
import { declaredTimeOf, formatTime, linkOf, recordWords, shortUrl, timeOf } from './values';

/** How deep nested fields are drawn before the rest waits behind a "more" fold. */
const maxDepth = 3;
/** How many items of a list are drawn before the rest waits behind a fold. */
const maxItems = 10;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The list a list envelope holds (`{object: "list", data: [...], has_more, url}`): a reader wants
 * the items, not the envelope.
 */
function listOf(value: Record<string, unknown>): unknown[] | undefined {
  const envelope = new Set(['object', 'data', 'has_more', 'url', 'total_count', 'next_page']);
  return Array.isArray(value.data) && Object.keys(value).every((key) => envelope.has(key))
    ? value.data
    : undefined;
}

/** One value in words: a scalar as itself (a date, a link, Yes/No, an em dash), a nested one as fields. */
export function FieldValue({
  name,
  value,
  format,
  depth = 0,
  words,
}: {
  /** The key the value sits under: `created`, `createdAt` say it is a moment. */
  name: string;
  value: unknown;
  format?: FieldFormat | undefined;
  depth?: number;
  /** Words for the provider's internal names among the values. */
  words?: Record<string, string> | undefined;
}) {
  if (value === null || value === undefined || value === '') return <span className="field-none">—</span>;
  if (typeof value === 'boolean') return <span>{value ? 'Yes' : 'No'}</span>;
  const time = declaredTimeOf(format, value) ?? timeOf(name, value);
  if (time) {
    return (
      <time dateTime={time.toISOString()} title={String(value)}>
        {formatTime(time)}
      </time>
    );
  }
  const url = linkOf(value);
  if (url) {
    return (
      <a href={url.href} target="_blank" rel="noopener noreferrer" title={url.href}>
        {shortUrl(url)}
      </a>
    );
  }
  if (Array.isArray(value)) return <FieldList name={name} items={value} depth={depth} words={words} />;
  if (isRecord(value)) {
    const list = listOf(value);
    if (list) return <FieldList name={name} items={list} depth={depth} words={words} />;
    return <NestedRecord record={value} depth={depth} words={words} />;
  }
  const text = String(value);
  return <span className="field-text">{words?.[text] ?? text}</span>;
}

/** "3 fields: id, amount, currency". */
function fieldCount(keys: string[]): string {
  const names = keys.slice(0, 3).join(', ') + (keys.length > 3 ? ', …' : '');
  return `${keys.length} ${keys.length === 1 ? 'field' : 'fields'}: ${names}`;
}

/** An object's fields as labelled rows; past the depth limit, folded behind "more". */
function NestedRecord({
  record,
  depth,
  words,
}: {
  record: Record<string, unknown>;
  depth: number;
  words?: Record<string, string> | undefined;
}) {
  const entries = Object.entries(record);
  if (entries.length === 0) return <span className="field-none">—</span>;
  const summary = recordWords(record);
  const fields = (
    <dl className="fields">
      {entries.map(([key, value]) => (
        <div key={key} className="fields__row">
          <dt>{key}</dt>
          <dd>
            <FieldValue name={key} value={value} depth={depth + 1} words={words} />
          </dd>
        </div>
      ))}
    </dl>
  );
  // Deep down, an object a reader knows by a line (a price) is that line, its fields one click away.
  if (depth < maxDepth && !(summary && depth >= 2)) {
    return (
      <div className="fields-group">
        {summary && <p className="fields__summary">{summary}</p>}
        {fields}
      </div>
    );
  }
  return (
    <details className="fields-more">
      <summary>
        {summary ?? 'More'} <span className="muted">· {fieldCount(entries.map(([key]) => key))}</span>
      </summary>
      {fields}
    </details>
  );
}

/** A list: plain values as chips, records one under another; the items past the tenth behind a fold. */
function FieldList({
  name,
  items,
  depth,
  words,
}: {
  name: string;
  items: unknown[];
  depth: number;
  words?: Record<string, string> | undefined;
}) {
  if (items.length === 0) return <span className="field-none">none</span>;
  if (items.every((item) => item === null || typeof item !== 'object')) {
    return (
      <ul className="chips">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: plain values may repeat and never reorder
          <li key={index} className="chip">
            <FieldValue name={name} value={item} words={words} />
          </li>
        ))}
      </ul>
    );
  }
  const draw = (item: unknown, index: number) => (
    <li key={index} className="field-list__item">
      <FieldValue name={name} value={item} depth={depth + 1} words={words} />
    </li>
  );
  return (
    <div className="field-list">
      <ol className="field-list__items">{items.slice(0, maxItems).map(draw)}</ol>
      {items.length > maxItems && (
        <details className="fields-more">
          <summary>{items.length - maxItems} more</summary>
          <ol className="field-list__items" start={maxItems + 1}>
            {items.slice(maxItems).map((item, index) => draw(item, index + maxItems))}
          </ol>
        </details>
      )}
    </div>
  );
}
