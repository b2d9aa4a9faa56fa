import { lazy, Suspense, useMemo, useState } from 'react';
import { allExpanded, defaultStyles, JsonView } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import { CopyButton } from '../ui/copy-button';
import { type TabItem, Tabs } from '../ui/tabs';
import {
  type DeclaredView,
  declaredView,
  type FieldFormat,
  fieldFormats,
  fieldTitle,
  moreNote,
  seriesTitle,
  valueAt,
} from './declared-view';
import { DocumentText, documentFacts } from './document-text';
import { emptyListOf, hasData, type RecordList, type TimeSeries, toRecordList, toTimeSeries } from './shapes';
import { StepBars, toBarSets } from './step-bars';
import { CsvTable, RecordDetails, RecordTable } from './tables';

// The chart library is most of the bundle's weight: load it when a result needs a chart.
const TimeSeriesChart = lazy(() =>
  import('./time-series-chart').then((module) => ({ default: module.TimeSeriesChart })),
);

/**
 * What a chart shows, in words: what it counts when the schema says ("New users", "Play Song"), else
 * its series when there are a few ("Germany, France"), else the command's title; and the span of its
 * x axis ("2026-11-01 to 2026-11-14 · 14 points").
 */
export function chartCaption(
  series: TimeSeries,
  commandTitle: string,
  counted?: string,
): { title: string; span: string } {
  const named = series.series.filter((name) => !/^Series \d+$/.test(name));
  const title =
    counted ??
    (named.length > 0 && named.length <= 3 && named.length === series.series.length
      ? named.join(', ')
      : commandTitle);
  const first = series.rows[0]?.x;
  const last = series.rows.at(-1)?.x;
  const points = `${series.rows.length} ${series.rows.length === 1 ? 'point' : 'points'}`;
  const span = first && last && first !== last ? `${first} to ${last} · ${points}` : points;
  return { title, span };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "No files": the friendly face of an empty list. */
function EmptyList({ listKey }: { listKey: string | undefined }) {
  // `data`, `nodes`, `items`, `results` name a container, not what it holds.
  const last = listKey?.split('.').at(-1);
  const what = last && !['data', 'nodes', 'items', 'results'].includes(last) ? last : undefined;
  return (
    <div className="empty-result" role="status">
      <p className="empty-result__title">Nothing found</p>
      <p className="muted">
        The command ran; the provider returned an empty list
        {what ? (
          <>
            {' '}
            of <code>{what}</code>
          </>
        ) : null}
        .
      </p>
    </div>
  );
}

/** What a result's views are drawn from: the command, its input and output schemas, and the run. */
interface ResultSource {
  commandId: string;
  title: string;
  input: Record<string, unknown>;
  result: unknown;
  /** The command's output JSON Schema: its `x-view` keywords choose the views. */
  outputSchema?: unknown;
  /** The command's input JSON Schema: titles the options a chart title names. */
  inputSchema?: unknown;
}

/** What a bar's value counts, in lower case ("users"), from its field's title. */
function titleOf(outputSchema: unknown, list: string, field: string): string {
  return (fieldTitle(outputSchema, list, field) ?? field).toLowerCase();
}

function records(value: unknown): Record<string, unknown>[] | undefined {
  return Array.isArray(value) && value.every(isRecord) ? (value as Record<string, unknown>[]) : undefined;
}

function details(
  source: ResultSource,
  formats: Map<string, FieldFormat>,
  declared?: DeclaredView,
): TabItem[] {
  const { result } = source;
  if (!isRecord(result) || !Object.values(result).some(hasData)) return [];
  const content = <RecordDetails record={result} formats={formats} words={declared?.valueWords} />;
  return [{ id: 'details', label: 'Details', content }];
}

function table(
  source: ResultSource,
  list: RecordList,
  options: { note?: string | undefined; path?: string; declared?: DeclaredView } = {},
): TabItem {
  const { result } = source;
  return {
    id: 'table',
    label: 'Table',
    content: (
      <RecordTable
        list={list}
        note={options.note}
        commandId={source.commandId}
        formats={fieldFormats(source.outputSchema, options.path)}
        title={isRecord(result) && typeof result.title === 'string' ? result.title : undefined}
        declared={options.declared?.columns}
        words={options.declared?.valueWords}
      />
    ),
  };
}

/** The views the output schema declares, the declared one first, each when the result has its data. */
function declaredItems(source: ResultSource, declared: DeclaredView): TabItem[] {
  const { result } = source;
  const items: TabItem[] = [];
  if (declared.chart) {
    const counted = seriesTitle(declared.seriesTitle, source.input, source.inputSchema);
    const series = toTimeSeries(result, declared.chart, counted, declared.valueWords);
    if (series) {
      items.push({
        id: 'chart',
        label: 'Chart',
        content: (
          <Suspense fallback={<p className="muted">Drawing the chart…</p>}>
            <TimeSeriesChart
              data={series}
              caption={chartCaption(
                series,
                source.title,
                counted && (declared.valueWords?.[counted] ?? counted),
              )}
            />
          </Suspense>
        ),
      });
    }
  }
  if (declared.list) {
    const value = valueAt(result, declared.list);
    const rows = records(value);
    const sets = rows && declared.bars ? toBarSets(rows, declared.bars) : undefined;
    if (sets && declared.bars) {
      const valueName = titleOf(source.outputSchema, declared.list, declared.bars.value);
      items.push({ id: 'bars', label: 'Bars', content: <StepBars sets={sets} valueName={valueName} /> });
    }
    if (rows && rows.length > 0) {
      const list = { key: declared.list, rows };
      items.push(
        table(source, list, { note: moreNote(declared.more, result), path: declared.list, declared }),
      );
    } else if (Array.isArray(value) && value.length === 0) {
      items.push({ id: 'empty', label: 'Table', content: <EmptyList listKey={declared.list} /> });
    }
  }
  const csv = declared.csv ? valueAt(result, declared.csv) : undefined;
  if (typeof csv === 'string') {
    const item = { id: 'csv', label: 'Table', content: <CsvTable text={csv} commandId={source.commandId} /> };
    if (declared.view === 'csv') items.unshift(item);
    else items.push(item);
  }
  if (declared.view === 'record')
    items.unshift(...details(source, fieldFormats(source.outputSchema), declared));
  const text = declared.text ? valueAt(result, declared.text) : undefined;
  if (typeof text === 'string') {
    const facts = documentFacts(result, source.outputSchema);
    const item = { id: 'document', label: 'Document', content: <DocumentText text={text} facts={facts} /> };
    if (declared.view === 'document') items.unshift(item);
    else items.push(item);
  }
  return items;
}

/** The views of a result whose schema declares none (a custom action): read from its shape. */
function sniffedItems(source: ResultSource): TabItem[] {
  const list = toRecordList(source.result);
  if (list) return [table(source, list)];
  const empty = emptyListOf(source.result);
  if (empty) return [{ id: 'empty', label: 'Table', content: <EmptyList listKey={empty.key} /> }];
  return details(source, new Map());
}

/**
 * A result in its most readable form (chart, table, CSV or its fields), as its output schema
 * declares, and always as a JSON tree with copy.
 */
export function ResultView({ commandId, title, input, result, outputSchema, inputSchema }: ResultSource) {
  const json = useMemo(() => JSON.stringify(result, null, 2) ?? 'null', [result]);
  const items = useMemo(() => {
    const source = { commandId, title, input, result, outputSchema, inputSchema };
    const declared = declaredView(outputSchema);
    const list = declared ? declaredItems(source, declared) : sniffedItems(source);
    list.push({
      id: 'json',
      label: 'JSON',
      content: (
        <div className="json-tree">
          {result !== null && typeof result === 'object' ? (
            <JsonView
              data={result as object}
              shouldExpandNode={json.length < 20_000 ? allExpanded : (level) => level < 2}
              style={{ ...defaultStyles, container: 'json-tree__body' }}
            />
          ) : (
            <pre className="code">{json}</pre>
          )}
        </div>
      ),
    });
    return list;
  }, [commandId, title, input, result, outputSchema, inputSchema, json]);
  const [selected, setSelected] = useState<string>(() => items[0]?.id ?? 'json');

  return (
    <div className="result">
      <div className="result__bar">
        <CopyButton text={json} label="Copy JSON" />
      </div>
      <Tabs label="Result views" items={items} selected={selected} onSelect={setSelected} />
    </div>
  );
}
