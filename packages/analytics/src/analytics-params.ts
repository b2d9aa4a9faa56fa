import { zod } from '@c/core';
import type { z } from 'zod';

// The schema helpers call zod() when called, that is from inside a command's schema builder, so
// importing this module (and the connector) does not load zod.

const DAY = /^(\d{4})(\d{2})(\d{2})$/;
const HOUR = /^(\d{4})(\d{2})(\d{2})T(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Milliseconds since the epoch of a `YYYYMMDD` day (its midnight, UTC arithmetic), or undefined. */
export function dayValue(text: string): number | undefined {
  const match = DAY.exec(text);
  if (!match) return undefined;
  return calendarValue(Number(match[1]), Number(match[2]), Number(match[3]), 0);
}

/** Milliseconds since the epoch of a `YYYYMMDDTHH` hour, or undefined when it is not a real hour. */
export function hourValue(text: string): number | undefined {
  const match = HOUR.exec(text);
  if (!match) return undefined;
  return calendarValue(Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4]));
}

/** Date.UTC rolls 2024-02-30 over to March; a real date survives the round trip unchanged. */
function calendarValue(year: number, month: number, day: number, hour: number): number | undefined {
  if (year < 1970 || month < 1 || month > 12 || day < 1 || hour > 23) return undefined;
  const value = Date.UTC(year, month - 1, day, hour);
  const date = new Date(value);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : undefined;
}

/** A `YYYYMMDD` date parameter that must be a real calendar date. */
export function daySchema(title: string, description: string) {
  return zod()
    .string()
    .regex(DAY, 'must be a date written YYYYMMDD, e.g. 20260131')
    .refine((text) => dayValue(text) !== undefined, 'is not a real calendar date')
    .meta({ title, description });
}

/** A `YYYYMMDDTHH` hour parameter that must be a real calendar date and an hour 00–23. */
export function hourSchema(title: string, description: string) {
  return zod()
    .string()
    .regex(HOUR, 'must be an hour written YYYYMMDDTHH, e.g. 20260131T09')
    .refine((text) => hourValue(text) !== undefined, 'is not a real calendar date and hour (00–23)')
    .meta({ title, description });
}

/** Issue for a zod `superRefine`: the end of a range lies before its start, or spans too long. */
export function checkRange(
  range: { start: string; end: string },
  ctx: z.RefinementCtx,
  unit: 'day' | 'hour',
  maxDays?: number,
): void {
  const value = unit === 'day' ? dayValue : hourValue;
  const start = value(range.start);
  const end = value(range.end);
  if (start === undefined || end === undefined) return;
  if (end < start) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'must not be before start' });
    return;
  }
  const spanDays = (end - start) / MS_PER_DAY + (unit === 'day' ? 1 : 1 / 24);
  if (maxDays !== undefined && spanDays > maxDays) {
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      message: `makes a range of more than ${maxDays} days, which Amplitude refuses; shorten the range`,
    });
  }
}

/** Number of days from `start` to `end`, both included. */
export function daysInRange(start: string, end: string): number {
  return ((dayValue(end) ?? 0) - (dayValue(start) ?? 0)) / MS_PER_DAY + 1;
}

/**
 * A parameter that holds JSON: the value itself, or a string with its JSON text (as forms and the
 * CLI send it). The string is parsed before the schema checks it, so errors name paths inside the
 * value (`event.group_by`), and an unparsable string names the parameter.
 */
export function jsonValue<S extends z.ZodType>(schema: S) {
  const z = zod();
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
      return z.NEVER;
    }
  }, schema);
}
