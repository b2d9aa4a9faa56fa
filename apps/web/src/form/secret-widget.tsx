import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useState } from 'react';

/** A masked field for a key or secret, with a button to show what was typed. */
export function SecretWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, label, placeholder } = props;
  const [shown, setShown] = useState(false);
  return (
    <div className="secret-widget">
      <input
        id={id}
        name={id}
        type={shown ? 'text' : 'password'}
        value={value ?? ''}
        placeholder={placeholder}
        disabled={disabled || readonly}
        required={required}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      <button
        type="button"
        className="button button--small"
        aria-pressed={shown}
        aria-label={`${shown ? 'Hide' : 'Show'} ${label || 'value'}`}
        onClick={() => setShown((current) => !current)}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
