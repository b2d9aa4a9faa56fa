import { useId, useMemo, useState } from 'react';
import { parseCsv } from './csv';
import type { FieldFormat } from './declared-view';
import { downloadName, recordsToCsv, recordsToNdjson, saveFile } from './download';
import { FieldValue } from './field-value';
import { cellText, hasData, type RecordList, tableColumns } from './shapes';
import { declaredTimeOf, formatTime, linkOf, shortUrl, timeOf } from './values';

const maxRows = 500;

/**
 * What the rows of a list are, from the key it sits under (`events`, `teams.nodes` → teams), or
 * `undefined` when the key names only a container (`data`, `nodes`, `rows`).
 */
function rowsOf(key: string | undefined): string | undefined {
  const words = key
    ?.split('.')
    .filter((part) => !['data', 'nodes', 'items', 'results', 'rows', 'edges'].includes(part));
  return words && words.length > 0 ? words.join(' ') : undefined;
}

/**
 * One value in a table: a moment as a local time, a URL as a link, anything else as short text. The
 * field's declared format says which it is; without one, its key and value are read for a hint.
 */
export function CellValue({
  column,
  value,
  format,
  words,
}: {
  column: string;
  value: unknown;
  format?: FieldFormat | undefined;
  /** Words for the provider's internal names among the values. */
  words?: Record<string, string> | undefined;
}) {
  const time = declaredTimeOf(format, value) ?? timeOf(column, value);
  if (time) {
    return (
      <time className="cell cell--time" dateTime={time.toISOString()} title={String(value)}>
        {formatTime(time)}
      </time>
    );
  }
  const url = linkOf(value);
  if (url) {
    return (
      <a
        className="cell cell--word"
        href={url.href}
        target="_blank"
        rel="noopener noreferrer"
        title={url.href}
      >
        {shortUrl(url)}
      </a>
    );
  }
  const text = typeof value === 'boolean' ? (value ? 'Yes' : 'No') : cellText(value);
  const shown = words?.[text] ?? text;
  return <div className={`cell ${cellClass(shown)}`}>{shown}</div>;
}

/**
 * How a cell's text may wrap: an id, a date or an email (one short word, hyphens and all) stays on
 * one line; a phrase gets room for a few words before it wraps.
 */
export function cellClass(text: string): string {
  if (!/\s/.test(text) || /^\d{4}-\d{2}-\d{2}[ T][\d:.]+$/.test(text))
    return text.length <= 60 ? 'cell--word' : '';
  return text.length > 24 ? 'cell--text' : '';
}

/** Download buttons for a list: CSV (every column, nested values as JSON) and NDJSON (rows as sent). */
export function ListDownloads({ commandId, rows }: { commandId: string; rows: Record<string, unknown>[] }) {
  return (
    <div className="result__downloads">
      <button
        type="button"
        className="button button--small"
        onClick={() => saveFile(downloadName(commandId, 'csv'), recordsToCsv(rows), 'text/csv;charset=utf-8')}
      >
        Download CSV
      </button>
      <button
        type="button"
        className="button button--small"
        onClick={() =>
          saveFile(downloadName(commandId, 'ndjson'), recordsToNdjson(rows), 'application/x-ndjson')
        }
      >
        Download NDJSON
      </button>
    </div>
  );
}

/** What a table holds: its title when the result names it, its count of rows and what they are. */
function TableSummary({
  list,
  note,
  title,
}: {
  list: RecordList;
  note?: string | undefined;
  title?: string | undefined;
}) {
  const what = rowsOf(list.key);
  return (
    <>
      {title && <p className="record-table__title">{title}</p>}
      <p className="record-table__summary muted">
        {list.rows.length} {list.rows.length === 1 ? 'row' : 'rows'}
        {what ? ` of ${what}` : ''}
        {list.rows.length > maxRows ? `, first ${maxRows} shown` : ''}
        {note ? ` · ${note}` : ''}
      </p>
    </>
  );
}

/** What a table of records is drawn from. */
interface RecordTableProps {
  list: RecordList;
  note?: string | undefined;
  commandId: string;
  /** The declared formats of the rows' fields. */
  formats?: Map<string, FieldFormat> | undefined;
  /** What the rows are, when the result names them (a saved chart's title). */
  title?: string | undefined;
  /** The columns the schema says a reader looks for first. */
  declared?: string[] | undefined;
  /** Words for the provider's internal names among the values. */
  words?: Record<string, string> | undefined;
}

/**
 * A list of records as a table: the most telling columns first, columns without data left out until
 * "Show all columns", times and links readable, nested values summarised.
 */
export function RecordTable({ list, note, commandId, formats, title, declared, words }: RecordTableProps) {
  const toggleId = useId();
  const [showAll, setShowAll] = useState(false);
  const columns = useMemo(() => tableColumns(list.rows, 12, declared), [list.rows, declared]);
  const visible = showAll ? columns.all : columns.shown;
  const hidden = columns.all.length - columns.shown.length;
  const rows = list.rows.slice(0, maxRows);
  return (
    <div className="record-table">
      <div className="record-table__bar">
        <TableSummary list={list} note={note} title={title} />
        {hidden > 0 && (
          <label className="checkbox record-table__toggle" htmlFor={toggleId}>
            <input
              id={toggleId}
              type="checkbox"
              checked={showAll}
              onChange={(event) => setShowAll(event.target.checked)}
            />
            Show all {columns.all.length} columns
            {declared ? '' : ` (${hidden} empty or the same in every row)`}
          </label>
        )}
        <ListDownloads commandId={commandId} rows={list.rows} />
      </div>
      <div className="table-wrap">
        <table className="table">
          <caption className="sr-only">
            {list.rows.length} {list.rows.length === 1 ? 'row' : 'rows'}, {visible.length} of{' '}
            {columns.all.length} columns
          </caption>
          <thead>
            <tr>
              {visible.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no guaranteed id and never reorder
              <tr key={index}>
                {visible.map((column) => {
                  const value = row[column];
                  const format = formats?.get(column);
                  const isTime = declaredTimeOf(format, value) ?? timeOf(column, value);
                  return (
                    <td key={column} className={typeof value === 'number' && !isTime ? 'num' : undefined}>
                      <CellValue column={column} value={value} format={format} words={words} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** CSV text as a table, with the text itself to download. */
export function CsvTable({ text, commandId }: { text: string; commandId: string }) {
  const { header, rows } = parseCsv(text);
  return (
    <div className="record-table">
      <div className="record-table__bar">
        <p className="record-table__summary muted">
          CSV · {rows.length} {rows.length === 1 ? 'row' : 'rows'}
        </p>
        <div className="result__downloads">
          <button
            type="button"
            className="button button--small"
            onClick={() => saveFile(downloadName(commandId, 'csv'), text, 'text/csv;charset=utf-8')}
          >
            Download CSV
          </button>
        </div>
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              {header.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: header cells may repeat
                <th key={index} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, maxRows).map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: CSV rows have no id
              <tr key={index}>
                {row.map((cell, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <td key={column} className={/^-?[\d.,]+%?$/.test(cell) ? 'num' : undefined}>
                    <div className={`cell ${cellClass(cell)}`}>{cell}</div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * One object (a created issue, a fetched customer) as field and value rows: the fields that carry
 * data, with times and links readable like in a list, nested objects and lists as labelled fields
 * (deep ones folded); the JSON tab keeps everything.
 */
export function RecordDetails({
  record,
  formats,
  words,
}: {
  record: Record<string, unknown>;
  /** The declared formats of its fields. */
  formats?: Map<string, FieldFormat> | undefined;
  /** Words for the provider's internal names among the values. */
  words?: Record<string, string> | undefined;
}) {
  const fields = Object.entries(record).filter(([, value]) => hasData(value));
  return (
    <div className="table-wrap">
      <table className="table table--details">
        <caption className="sr-only">
          {fields.length} of {Object.keys(record).length} fields (those with a value)
        </caption>
        <tbody>
          {fields.map(([key, value]) => (
            <tr key={key}>
              <th scope="row">{key}</th>
              <td>
                <FieldValue name={key} value={value} format={formats?.get(key)} words={words} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
