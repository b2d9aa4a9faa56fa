import type { DateFormat } from './form-plan';

/** Converts between a parameter's wire format and an `<input type=date|datetime-local>` value. */
export const dateCodec = {
  toInput(format: DateFormat, value: unknown): string {
    if (value === undefined || value === null || value === '') return '';
    const text = String(value);
    if (format === 'ymd' && /^\d{8}$/.test(text))
      return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
    if (format === 'ymdh' && /^\d{8}T\d{2}$/.test(text)) {
      return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T${text.slice(9, 11)}:00`;
    }
    if (format === 'isoDate') return text.slice(0, 10);
    if (format === 'unixSeconds' && Number.isFinite(Number(value))) {
      const date = new Date(Number(value) * 1000);
      const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
      return local.toISOString().slice(0, 16);
    }
    return '';
  },
  fromInput(format: DateFormat, input: string): string | number | undefined {
    if (!input) return undefined;
    if (format === 'ymd') return input.slice(0, 10).replaceAll('-', '');
    if (format === 'ymdh') return `${input.slice(0, 10).replaceAll('-', '')}T${input.slice(11, 13) || '00'}`;
    if (format === 'isoDate') return input.slice(0, 10);
    const time = new Date(input).getTime();
    return Number.isFinite(time) ? Math.floor(time / 1000) : undefined;
  },
};
