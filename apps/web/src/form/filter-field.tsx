import type { FilterField } from '@c/core';
import { descriptionId, errorId, type FieldProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { filterLookupFor } from '../commands/lookups';
import type { CommandLookup } from '../types';
import { buildFilter, filterFieldsOf, splitFilter } from './filter-value';
import type { FormContext } from './form-context';
import { errorMessages } from './json-field';
import { LookupInput } from './lookup-widget';

type Json = Record<string, unknown>;

interface Shown {
  values: Json;
  /** The JSON box's text: the filter's other conditions. */
  text: string;
  problem?: string | undefined;
}

function shownOf(value: unknown, fields: FilterField[]): Shown {
  // A value that is not an object is text the JSON box could not read: give it back as it was.
  if (typeof value === 'string') return { values: {}, text: value };
  const { values, rest } = splitFilter(value, fields);
  return { values, text: Object.keys(rest).length === 0 ? '' : JSON.stringify(rest, null, 2) };
}

function typeLine(field: FilterField): string {
  if (field.lookup) return field.lookup.value.split('.').at(-1) === 'id' ? 'id' : 'text';
  if (field.options) return 'one of the listed values';
  return field.type === 'integer' ? 'integer' : field.type === 'string' ? 'text' : '';
}

/**
 * A builder for a provider's filter object (a Linear IssueFilter): one control per common field the
 * connector declares on the parameter (`x-filter-fields`: a lookup, a list of values, a checkbox or
 * text), and a JSON box for every other condition. What is sent is one filter object: the JSON
 * deep-merged with the fields' values, each written at its declared path.
 */
export function FilterBuilderField(props: FieldProps) {
  const {
    fieldPathId,
    formData: value,
    schema,
    disabled,
    readonly,
    errorSchema,
    rawErrors,
    registry,
  } = props;
  const id = fieldPathId.$id;
  const context = registry.formContext as FormContext;
  const fields = filterFieldsOf(schema) ?? [];
  const parameter = fieldPathId.path.join('.');
  const [shown, setShown] = useState(() => shownOf(value, fields));
  const lastSent = useRef<unknown>(value);

  // A reset or a re-run replaces the value from outside: show it, split again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the declared fields come with the schema, fixed for a form
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setShown(shownOf(value, fields));
    }
  }, [value]);

  function update(values: Json, text: string) {
    let rest: unknown = {};
    let problem: string | undefined;
    if (text.trim() !== '') {
      try {
        rest = JSON.parse(text);
        if (typeof rest !== 'object' || rest === null || Array.isArray(rest)) {
          problem = 'The other conditions must be a JSON object: { … }.';
        }
      } catch (error) {
        problem = `Not valid JSON: ${(error as Error).message}`;
      }
    }
    // Text that is no object is sent as it is, so that the form's validation stops the run.
    const next = problem ? text : buildFilter(values, rest as Json, fields);
    lastSent.current = next;
    setShown({ values, text, problem });
    props.onChange(next, fieldPathId.path);
  }

  const setValue = (key: string, entry: unknown) => update({ ...shown.values, [key]: entry }, shown.text);
  const off = disabled || readonly;
  const jsonId = id;
  const problemId = `${id}__json`;
  const messages = shown.problem ? [] : [...(rawErrors ?? []), ...errorMessages(errorSchema)];

  function control(field: FilterField) {
    const controlId = `${id}__${field.key}`;
    const current = shown.values[field.key];
    const describedBy = field.description ? descriptionId(controlId) : undefined;
    if (field.type === 'boolean') {
      return (
        <div className="checkbox">
          <label>
            <input
              id={controlId}
              type="checkbox"
              checked={current === true}
              disabled={off}
              aria-describedby={describedBy}
              onChange={(event) => setValue(field.key, event.target.checked ? true : undefined)}
            />{' '}
            {field.title}
          </label>
        </div>
      );
    }
    if (field.lookup) {
      return (
        <LookupInput
          spec={filterLookupFor(context.commandId, parameter, field.key, field.lookup as CommandLookup)}
          context={context}
          id={controlId}
          value={current}
          disabled={off}
          describedBy={describedBy}
          onChange={(next) => setValue(field.key, next === '' ? undefined : next)}
        />
      );
    }
    if (field.options) {
      return (
        <select
          id={controlId}
          value={current === undefined ? '' : String(current)}
          disabled={off}
          aria-describedby={describedBy}
          onChange={(event) => {
            const chosen = field.options?.find((option) => String(option.value) === event.target.value);
            setValue(field.key, chosen?.value);
          }}
        >
          <option value="">Any</option>
          {field.options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.title}
            </option>
          ))}
        </select>
      );
    }
    return (
      <input
        id={controlId}
        type={field.type === 'integer' ? 'number' : 'text'}
        step={field.type === 'integer' ? 1 : undefined}
        value={current === undefined ? '' : String(current)}
        disabled={off}
        aria-describedby={describedBy}
        onChange={(event) => {
          const text = event.target.value;
          const number = Number(text);
          const next = field.type === 'integer' && text !== '' && Number.isInteger(number) ? number : text;
          setValue(field.key, next === '' ? undefined : next);
        }}
      />
    );
  }

  return (
    <fieldset className="fieldset filter-builder" data-field={id}>
      {schema.title && <legend>{schema.title}</legend>}
      {schema.description && (
        <p id={descriptionId(id)} className="field__description">
          {schema.description}
        </p>
      )}
      <div className="form-fields">
        {fields.map((field) => (
          <div key={field.key} className="field">
            {field.type !== 'boolean' && (
              <div className="field__head">
                <label htmlFor={`${id}__${field.key}`} className="field__label">
                  {field.title}
                </label>
                <span className="field__type">{typeLine(field)}</span>
              </div>
            )}
            {control(field)}
            {field.description && (
              <p id={descriptionId(`${id}__${field.key}`)} className="field__description">
                {field.description}
              </p>
            )}
          </div>
        ))}
        <div className={`field${messages.length > 0 || shown.problem ? ' field--invalid' : ''}`}>
          <div className="field__head">
            <label htmlFor={jsonId} className="field__label">
              More (JSON)
            </label>
            <span className="field__type">JSON</span>
          </div>
          <p id={descriptionId(`${id}__json`)} className="field__description">
            Any other conditions, as JSON; combined with the fields above.
          </p>
          <div className="json-widget">
            <textarea
              id={jsonId}
              name={jsonId}
              className="json-widget__text"
              value={shown.text}
              rows={Math.min(14, Math.max(3, shown.text.split('\n').length + 1))}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              placeholder='{ "key": { … } }'
              disabled={off}
              aria-invalid={shown.problem || messages.length > 0 ? true : undefined}
              aria-describedby={`${descriptionId(`${id}__json`)} ${problemId}${messages.length > 0 ? ` ${errorId(id)}` : ''}`}
              onChange={(event) => update(shown.values, event.target.value)}
            />
            <div className="json-widget__bar">
              <span id={problemId} className="json-widget__problem">
                {shown.problem}
              </span>
            </div>
          </div>
          {messages.length > 0 && (
            <div id={errorId(id)} className="field__error">
              {messages.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
        </div>
      </div>
    </fieldset>
  );
}
