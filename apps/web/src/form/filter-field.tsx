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

/** The builder's value as shown, and `update`, which sends the filter built from it. */
function useFilterValue(props: FieldProps, fields: FilterField[]) {
  const { formData: value, fieldPathId } = props;
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

  return { shown, update };
}

/**
 * A builder for a provider's filter object (a Linear IssueFilter): one control per common field the
 * connector declares on the parameter (`x-filter-fields`: a lookup, a list of values, a checkbox or
 * text), and a JSON box for every other condition. What is sent is one filter object: the JSON
 * deep-merged with the fields' values, each written at its declared path.
 */
export function FilterBuilderField(props: FieldProps) {
  const { fieldPathId, schema, disabled, readonly, errorSchema, rawErrors, registry } = props;
  const id = fieldPathId.$id;
  const fields = filterFieldsOf(schema) ?? [];
  const { shown, update } = useFilterValue(props, fields);
  const control: ControlProps = {
    id,
    context: registry.formContext as FormContext,
    parameter: fieldPathId.path.join('.'),
    values: shown.values,
    off: Boolean(disabled || readonly),
    setValue: (key, entry) => update({ ...shown.values, [key]: entry }, shown.text),
  };
  const messages = shown.problem ? [] : [...(rawErrors ?? []), ...errorMessages(errorSchema)];
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
            <FilterControl field={field} {...control} />
            {field.description && (
              <p id={descriptionId(`${id}__${field.key}`)} className="field__description">
                {field.description}
              </p>
            )}
          </div>
        ))}
        <OtherConditions
          id={id}
          shown={shown}
          messages={messages}
          off={control.off}
          onText={(text) => update(shown.values, text)}
        />
      </div>
    </fieldset>
  );
}

/** What each field's control needs: where it sits, the values chosen, and how to change one. */
interface ControlProps {
  id: string;
  context: FormContext;
  parameter: string;
  values: Json;
  off: boolean;
  setValue(key: string, entry: unknown): void;
}

/** One declared field's control: a checkbox, a lookup, a list of values or a text box. */
function FilterControl({ field, ...props }: ControlProps & { field: FilterField }) {
  const { id, context, parameter, values, off, setValue } = props;
  const controlId = `${id}__${field.key}`;
  const current = values[field.key];
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
  const shared = {
    id: controlId,
    current,
    off,
    describedBy,
    setValue: (entry: unknown) => setValue(field.key, entry),
  };
  return field.options ? (
    <OptionsControl field={field} {...shared} />
  ) : (
    <TextControl field={field} {...shared} />
  );
}

/** What a select or a text box of a declared field takes. */
interface SimpleControl {
  field: FilterField;
  id: string;
  current: unknown;
  off: boolean;
  describedBy: string | undefined;
  setValue(entry: unknown): void;
}

/** A field with listed values: a select, "Any" first. */
function OptionsControl({ field, id, current, off, describedBy, setValue }: SimpleControl) {
  return (
    <select
      id={id}
      value={current === undefined ? '' : String(current)}
      disabled={off}
      aria-describedby={describedBy}
      onChange={(event) => {
        const chosen = field.options?.find((option) => String(option.value) === event.target.value);
        setValue(chosen?.value);
      }}
    >
      <option value="">Any</option>
      {field.options?.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.title}
        </option>
      ))}
    </select>
  );
}

/** A text or integer field: an integer is sent as a number once it reads as one. */
function TextControl({ field, id, current, off, describedBy, setValue }: SimpleControl) {
  return (
    <input
      id={id}
      type={field.type === 'integer' ? 'number' : 'text'}
      step={field.type === 'integer' ? 1 : undefined}
      value={current === undefined ? '' : String(current)}
      disabled={off}
      aria-describedby={describedBy}
      onChange={(event) => {
        const text = event.target.value;
        const number = Number(text);
        const next = field.type === 'integer' && text !== '' && Number.isInteger(number) ? number : text;
        setValue(next === '' ? undefined : next);
      }}
    />
  );
}

/** The JSON box for every other condition, with why its text is refused and the form's errors. */
function OtherConditions({
  id,
  shown,
  messages,
  off,
  onText,
}: {
  id: string;
  shown: Shown;
  messages: string[];
  off: boolean;
  onText(text: string): void;
}) {
  const problemId = `${id}__json`;
  return (
    <div className={`field${messages.length > 0 || shown.problem ? ' field--invalid' : ''}`}>
      <div className="field__head">
        <label htmlFor={id} className="field__label">
          More (JSON)
        </label>
        <span className="field__type">JSON</span>
      </div>
      <p id={descriptionId(`${id}__json`)} className="field__description">
        Any other conditions, as JSON; combined with the fields above.
      </p>
      <div className="json-widget">
        <textarea
          id={id}
          name={id}
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
          onChange={(event) => onText(event.target.value)}
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
  );
}
