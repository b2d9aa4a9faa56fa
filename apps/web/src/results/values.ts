/** Reads what a scalar in a result means, so a table can show a time as a time and a URL as a link. */

import type { FieldFormat } from './declared-view';

/** The words of a key: `current_period_end` → current, period, end; `createdAt` → created, at. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const timeWords = new Set([
  'anchor',
  'at',
  'on',
  'time',
  'timestamp',
  'date',
  'created',
  'updated',
  'modified',
  'deleted',
  'archived',
  'canceled',
  'cancelled',
  'completed',
  'started',
  'ended',
  'start',
  'end',
  'expires',
  'due',
  'since',
  'until',
]);

/** Whether a key names a moment (`created`, `createdAt`, `modifiedTime`, `current_period_end`). */
export function isTimeKey(key: string): boolean {
  const words = wordsOf(key);
  const last = words.at(-1);
  // `session_id`, `time_zone`, `date_format` are not moments, whatever else they contain.
  if (!last || ['id', 'zone', 'format', 'type', 'count', 'ms', 'seconds'].includes(last)) return false;
  return words.some((word) => timeWords.has(word));
}

// Unix times this UI reads as dates: from 2001-09-09 (1e9 s) to 2100, in seconds or milliseconds.
const secondsRange = [1e9, 4_102_444_800] as const;
const isoWithZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The moment a value stands for, when its key names a moment: Unix seconds or milliseconds, or an
 * ISO 8601 text with a zone (a zoneless text is left alone: its zone cannot be known here).
 */
export function timeOf(key: string, value: unknown): Date | undefined {
  if (!isTimeKey(key)) return undefined;
  if (typeof value === 'number' && Number.isInteger(value)) {
    if (value >= secondsRange[0] && value <= secondsRange[1]) return new Date(value * 1000);
    if (value >= secondsRange[0] * 1000 && value <= secondsRange[1] * 1000) return new Date(value);
    return undefined;
  }
  if (typeof value === 'string' && isoWithZone.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return undefined;
}

/** A moment in the reader's own zone and words, e.g. "21 Nov 2026, 10:35". */
export function formatTime(date: Date): string {
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The value as an http(s) URL, when it is one. */
export function linkOf(value: unknown): URL | undefined {
  if (typeof value !== 'string' || !/^https?:\/\/\S+$/i.test(value)) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** A URL short enough for a table cell: host and path, without the query, cut at `max` characters. */
export function shortUrl(url: URL, max = 48): string {
  const text = `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The moment a value stands for when its schema says it is one (`x-time` Unix seconds or
 * milliseconds, or `format: date-time`), whatever its key is called.
 */
export function declaredTimeOf(format: FieldFormat | undefined, value: unknown): Date | undefined {
  let date: Date | undefined;
  if (format === 'unix-seconds' && typeof value === 'number') date = new Date(value * 1000);
  else if (format === 'unix-milliseconds' && typeof value === 'number') date = new Date(value);
  else if (format === 'date-time' && typeof value === 'string') date = new Date(value);
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/**
 * An amount in a currency's smallest unit (cents, or yen for a currency without them) in the
 * reader's words, e.g. 1200 `eur` → "€12.00"; `undefined` for a code that is no currency.
 */
export function moneyWords(amount: number, currency: string): string | undefined {
  try {
    const format = new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return undefined;
  }
}

/** "every month", "every 3 weeks": a recurring interval in words. */
function intervalWords(record: Record<string, unknown>): string | undefined {
  const { interval, interval_count: count } = record;
  if (typeof interval !== 'string' || !/^(day|week|month|year)$/.test(interval)) return undefined;
  return typeof count === 'number' && count > 1 ? `every ${count} ${interval}s` : `every ${interval}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A one-line summary of an object a reader knows by its amount: a price ("Starter · €12.00 every
 * month"), a line with a price and a quantity ("Starter · €12.00 every month × 2"), a recurring
 * interval ("every month").
 */
export function recordWords(record: Record<string, unknown>): string | undefined {
  if (isObject(record.price)) {
    const price = recordWords(record.price);
    const quantity = typeof record.quantity === 'number' ? ` × ${record.quantity}` : '';
    return price ? `${price}${quantity}` : undefined;
  }
  const name = [record.nickname, record.name].find((text) => typeof text === 'string' && text);
  const words = amountWords(record);
  return name && words ? `${name} · ${words}` : words;
}

/** A price's amount and interval in words: "$9.00 every month". */
function amountWords(record: Record<string, unknown>): string | undefined {
  const amount = record.unit_amount ?? record.amount;
  const money =
    typeof amount === 'number' && typeof record.currency === 'string' && /^[a-z]{3}$/i.test(record.currency)
      ? moneyWords(amount, record.currency)
      : undefined;
  const every = isObject(record.recurring) ? intervalWords(record.recurring) : intervalWords(record);
  if (money) return every ? `${money} ${every}` : money;
  return every;
}
