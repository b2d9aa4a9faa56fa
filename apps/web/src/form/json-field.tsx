import { ariaDescribedByIds, type ErrorSchema, errorId, type FieldProps, getUiOptions } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';

function textOf(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** Every message in an error schema, an inner one prefixed by where it is (`Item 1: …`). */
export function errorMessages(schema: ErrorSchema | undefined, where: string[] = []): string[] {
  if (!schema) return [];
  const messages: string[] = [];
  const own = (schema as { __errors?: unknown }).__errors;
  if (Array.isArray(own)) {
    const prefix = where.length > 0 ? `${where.join(' › ')}: ` : '';
    for (const message of own) messages.push(`${prefix}${String(message)}`);
  }
  for (const [key, inner] of Object.entries(schema)) {
    if (key === '__errors' || !inner || typeof inner !== 'object') continue;
    const name = /^\d+$/.test(key) ? `Item ${Number(key) + 1}` : key;
    messages.push(...errorMessages(inner as ErrorSchema, [...where, name]));
  }
  return messages;
}

/**
 * The text of a JSON editor and the value it parses to: `update` parses what was typed (text that
 * is not JSON is passed on as a string where that is accepted, otherwise it is the problem), and a
 * value replaced from outside (a reset, a re-run) replaces the text.
 */
function useJsonText(value: unknown, acceptsString: boolean, onChange: (next: unknown) => void) {
  const [text, setText] = useState(() => textOf(value));
  const [problem, setProblem] = useState<string | undefined>();
  const lastSent = useRef<unknown>(value);

  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(textOf(value));
      setProblem(undefined);
    }
  }, [value]);

  function update(next: string) {
    setText(next);
    let parsed: unknown;
    if (next.trim() === '') {
      parsed = undefined;
      setProblem(undefined);
    } else {
      try {
        parsed = JSON.parse(next);
        setProblem(undefined);
      } catch (error) {
        parsed = next;
        setProblem(acceptsString ? undefined : `Not valid JSON: ${(error as Error).message}`);
      }
    }
    lastSent.current = parsed;
    onChange(parsed);
  }

  function format() {
    try {
      update(JSON.stringify(JSON.parse(text), null, 2));
    } catch {
      // The problem line already says what is wrong.
    }
  }

  return { text, problem, update, format, lastSent };
}

/**
 * A JSON editor for objects and arrays: a monospaced text area that parses as you type, says where
 * the JSON is broken, and pretty-prints on demand. Where the parameter also accepts a plain string,
 * text that is not JSON is passed on as that string.
 */
export function JsonField(props: FieldProps) {
  const {
    fieldPathId,
    formData: value,
    onBlur,
    onFocus,
    disabled,
    readonly,
    required,
    uiSchema,
    errorSchema,
    rawErrors,
  } = props;
  const id = fieldPathId.$id;
  const options = getUiOptions(uiSchema);
  const placeholder = typeof options.placeholder === 'string' ? options.placeholder : undefined;
  const onChange = (next: unknown) => props.onChange(next, fieldPathId.path);
  const acceptsString = options.acceptsString === true;
  const { text, problem, update, format, lastSent } = useJsonText(value, acceptsString, onChange);

  const problemId = `${id}__json`;
  // This field shows its own errors and those of its items (rjsf would show only its own). While
  // the text does not parse, that is the one thing to say: the type error it causes is no news.
  const messages = problem ? [] : [...(rawErrors ?? []), ...errorMessages(errorSchema)];
  const invalid = Boolean(problem) || messages.length > 0;
  const example = options.shape === 'array' ? '[ … ]' : '{ "key": "value" }';
  return (
    <div className="json-widget">
      <textarea
        id={id}
        name={id}
        className="json-widget__text"
        value={text}
        rows={Math.min(14, Math.max(4, text.split('\n').length + 1))}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        placeholder={placeholder || example}
        disabled={disabled || readonly}
        required={required}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${ariaDescribedByIds(id)} ${problemId}`}
        onChange={(event) => update(event.target.value)}
        onBlur={() => onBlur(id, lastSent.current)}
        onFocus={() => onFocus(id, lastSent.current)}
      />
      <div className="json-widget__bar">
        <span id={problemId} className="json-widget__problem">
          {problem}
        </span>
        <button
          type="button"
          className="button button--small"
          onClick={format}
          disabled={disabled || readonly || !text}
        >
          Format
        </button>
      </div>
      {messages.length > 0 && (
        <div id={errorId(id)} className="field__error">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </div>
  );
}
