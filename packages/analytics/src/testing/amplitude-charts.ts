import { type AnalyticsSource, segmentation } from './amplitude-analytics.js';

const DAY = 86_400_000;

/** A saved chart: an event segmentation over the last `days` days, and its title. */
export interface SimChart {
  id: string;
  title: string;
  /** The segmentation query the chart saves (`e`, `m`, `i`, and optionally `g`). */
  query: Record<string, string>;
  /** Days the chart covers, ending today. */
  days: number;
}

/** The sandbox's saved charts. */
export function sandboxCharts(): SimChart[] {
  return [
    {
      id: 'sbx4k2m',
      title: 'Play Song, uniques by country (last 7 days)',
      query: { e: JSON.stringify({ event_type: 'Play Song' }), m: 'uniques', i: '1', g: 'country' },
      days: 7,
    },
    {
      id: 'sbx7dau',
      title: 'Daily "active" users',
      query: { e: JSON.stringify({ event_type: '_active' }), m: 'uniques', i: '1' },
      days: 30,
    },
  ];
}

const METRIC_LABELS: Record<string, string> = {
  uniques: 'Uniques',
  totals: 'Event Totals',
  pct_dau: '% Active',
  average: 'Average',
  sums: 'Property Sum',
  value_avg: 'Property Average',
  histogram: 'Frequency',
  formula: 'Formula',
};

const yyyymmdd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/** The chart's segmentation answer for its range ending on the day of `now`. */
export function chartData(source: AnalyticsSource, chart: SimChart, now: number) {
  const today = Math.floor(now / DAY) * DAY;
  const query = new URLSearchParams({
    ...chart.query,
    start: yyyymmdd(today - (chart.days - 1) * DAY),
    end: yyyymmdd(today),
  });
  const answer = segmentation(source, query);
  if ('refusal' in answer) throw new Error(`saved chart ${chart.id} is not a valid query: ${answer.refusal}`);
  return answer.body as {
    data: {
      series: number[][];
      seriesLabels: unknown[];
      seriesCollapsed: { value: number }[][];
      xValues: string[];
    };
  };
}

/** A CSV field as Amplitude writes it: quoted, quotes doubled, text led by a tab (its formula guard). */
const textField = (value: string) => `"\t${value.replaceAll('"', '""')}"`;

/**
 * The chart's CSV as `/api/3/chart/{id}/csv` serves it (inside `{data}`): the title, a blank line,
 * the metric, a blank line, then the table (a header of `Segment` and the dates, one row per
 * series), with CRLF line ends.
 */
export function chartCsv(source: AnalyticsSource, chart: SimChart, now: number): string {
  const { data } = chartData(source, chart, now);
  const event = (JSON.parse(chart.query.e!) as { event_type: string }).event_type;
  const label = (value: unknown) =>
    Array.isArray(value) ? String(value[1]) : typeof value === 'string' ? value : event;
  const lines = [
    textField(chart.title),
    '',
    textField(METRIC_LABELS[chart.query.m ?? 'uniques'] ?? 'Uniques'),
    '',
    [textField('Segment'), ...data.xValues.map(textField)].join(','),
    ...data.series.map((values, i) => [textField(label(data.seriesLabels[i])), ...values].join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
