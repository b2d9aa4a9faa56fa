import { lazy, Suspense, useMemo, useState } from 'react';
import { allExpanded, defaultStyles, JsonView } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import { CopyButton } from '../ui/copy-button';
import { type TabItem, Tabs } from '../ui/tabs';
import { csvTextOf, emptyListOf, hasData, type TimeSeries, toRecordList, toTimeSeries } from './shapes';
import { CsvTable, RecordDetails, RecordTable } from './tables';

// The chart library is most of the bundle's weight: load it when a result needs a chart.
const TimeSeriesChart = lazy(() =>
  import('./time-series-chart').then((module) => ({ default: module.TimeSeriesChart })),
);

function seriesName(commandId: string, input: Record<string, unknown>): string | undefined {
  if (commandId === 'analytics.activeAndNewUserCounts')
    return input.metric === 'new' ? 'New users' : 'Active users';
  if (commandId === 'analytics.eventSegmentation') {
    const event = input.event;
    const parsed = typeof event === 'string' ? safeParse(event) : event;
    const type = (parsed as { event_type?: unknown } | undefined)?.event_type;
    return typeof type === 'string' ? type : undefined;
  }
  return undefined;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function moreNote(result: unknown): string | undefined {
  const record = result as Record<string, unknown> | null;
  if (record?.has_more === true) return 'more on the provider (has_more)';
  const pageInfo = record?.pageInfo as { hasNextPage?: unknown } | undefined;
  if (pageInfo?.hasNextPage === true) return 'more pages (pageInfo.endCursor)';
  if (record?.truncated === true) return 'truncated at maxEvents';
  return undefined;
}

/**
 * What a chart shows, in words: its series when there are a few ("Active users"; "Germany, France"),
 * else the command's title; and the span of its x axis ("2026-11-01 to 2026-11-14 · 14 points").
 */
export function chartCaption(series: TimeSeries, commandTitle: string): { title: string; span: string } {
  const named = series.series.filter((name) => !/^Series \d+$/.test(name));
  const title =
    named.length > 0 && named.length <= 3 && named.length === series.series.length
      ? named.join(', ')
      : commandTitle;
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

/** A result in its most readable form (chart, table or CSV) and always as a JSON tree with copy. */
export function ResultView({
  commandId,
  title,
  input,
  result,
}: {
  commandId: string;
  title: string;
  input: Record<string, unknown>;
  result: unknown;
}) {
  const json = useMemo(() => JSON.stringify(result, null, 2) ?? 'null', [result]);
  const items = useMemo(() => {
    const list: TabItem[] = [];
    const series = toTimeSeries(result, seriesName(commandId, input));
    if (series) {
      list.push({
        id: 'chart',
        label: 'Chart',
        content: (
          <Suspense fallback={<p className="muted">Drawing the chart…</p>}>
            <TimeSeriesChart data={series} caption={chartCaption(series, title)} />
          </Suspense>
        ),
      });
    }
    const csv = csvTextOf(result);
    if (csv !== undefined)
      list.push({ id: 'csv', label: 'Table', content: <CsvTable text={csv} commandId={commandId} /> });
    const records = series ? undefined : toRecordList(result);
    if (records)
      list.push({
        id: 'table',
        label: 'Table',
        content: <RecordTable list={records} note={moreNote(result)} commandId={commandId} />,
      });
    const empty = series || records ? undefined : emptyListOf(result);
    if (empty) list.push({ id: 'empty', label: 'Table', content: <EmptyList listKey={empty.key} /> });
    if (list.length === 0 && isRecord(result) && Object.values(result).some(hasData))
      list.push({ id: 'details', label: 'Details', content: <RecordDetails record={result} /> });
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
  }, [result, commandId, input, title, json]);
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
