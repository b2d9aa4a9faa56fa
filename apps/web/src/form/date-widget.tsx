import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { dateCodec } from '../commands/date-codec';
import type { DateFormat } from '../commands/form-plan';

const hints: Record<DateFormat, string> = {
  ymd: 'Sent as YYYYMMDD',
  ymdh: 'Sent as YYYYMMDDTHH (hour included)',
  isoDate: 'Sent as YYYY-MM-DD',
  unixSeconds: 'Sent as Unix seconds',
};

/** A native date (or date and time) picker that reads and writes the parameter's own format. */
export function DateWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, options } = props;
  const format = (options.dateFormat as DateFormat | undefined) ?? 'isoDate';
  const withTime = format === 'ymdh' || format === 'unixSeconds';
  const sent = value === undefined || value === null || value === '' ? '' : String(value);
  const hintId = `${id}__format`;
  return (
    <div className="date-widget">
      <input
        id={id}
        name={id}
        type={withTime ? 'datetime-local' : 'date'}
        step={format === 'ymdh' ? 3600 : undefined}
        value={dateCodec.toInput(format, value)}
        disabled={disabled || readonly}
        required={required}
        aria-describedby={`${ariaDescribedByIds(id)} ${hintId}`}
        onChange={(event) => onChange(dateCodec.fromInput(format, event.target.value))}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <span id={hintId} className="date-widget__hint muted">
        {hints[format]}
        {sent && (
          <>
            : <code>{sent}</code>
          </>
        )}
      </span>
    </div>
  );
}
