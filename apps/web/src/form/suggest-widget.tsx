import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** A text field with the common values offered, for parameters that also take any other value. */
export function SuggestWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, options, placeholder } = props;
  const suggestions = Array.isArray(options.suggestions) ? (options.suggestions as unknown[]) : [];
  const listId = `${id}__suggestions`;
  return (
    <>
      <input
        id={id}
        name={id}
        type="text"
        list={listId}
        value={value ?? ''}
        placeholder={placeholder || suggestions.slice(0, 3).join(', ')}
        disabled={disabled || readonly}
        required={required}
        autoComplete="off"
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={String(suggestion)} value={String(suggestion)} />
        ))}
      </datalist>
    </>
  );
}
