import Form from '@rjsf/core';
import type {
  ErrorSchema,
  RegistryFieldsType,
  RegistryWidgetsType,
  RJSFSchema,
  RJSFValidationError,
  TemplatesType,
  UiSchema,
} from '@rjsf/utils';
import { type ReactNode, useMemo } from 'react';
import type { ErrorJson } from '../types';
import { ChecklistField } from './checklist-field';
import { DateWidget } from './date-widget';
import { describeProblems, type FieldProblem, fieldElement, jsonFieldPaths, pathOf } from './error-summary';
import { FilterBuilderField } from './filter-field';
import type { FormContext } from './form-context';
import { JsonField } from './json-field';
import { LookupWidget } from './lookup-widget';
import { SecretWidget } from './secret-widget';
import { SuggestWidget } from './suggest-widget';
import {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldTemplate,
  isUnfilled,
  ObjectFieldTemplate,
} from './templates';
import { formValidator } from './validator';

/** The custom widgets, by the names the form plans use in `ui:widget`. */
export const widgets: RegistryWidgetsType = {
  date: DateWidget,
  lookup: LookupWidget,
  suggest: SuggestWidget,
  secret: SecretWidget,
};

/** The custom fields, by the names the form plans use in `ui:field`. */
export const fields: RegistryFieldsType = {
  json: JsonField,
  filter: FilterBuilderField,
  checklist: ChecklistField,
};

/** The theme's templates. */
export const templates: Partial<TemplatesType> = {
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  FieldTemplate,
  FieldErrorTemplate,
  DescriptionFieldTemplate,
  ObjectFieldTemplate,
};

/** The patterns of the catalogue's parameters, said in words; a regular expression is no message. */
const PATTERN_WORDS: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^\^\(\\d\{4\}\)\(\\d\{2\}\)\(\\d\{2\}\)T/, () => 'Use an hour written YYYYMMDDTHH, such as 20261101T09.'],
  [
    /^\^(\(\\d\{4\}\)\(\\d\{2\}\)\(\\d\{2\}\)|\\d\{8\})\$$/,
    () => 'Use a date written YYYYMMDD, such as 20261101.',
  ],
  [/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/, () => 'Use a date written YYYY-MM-DD, such as 2026-11-01.'],
  [/^\^\[0-9a-f\]\{8\}-/, () => 'Use an id in UUID form, such as 9cfb482a-81e3-4154-b5b9-2c805e70a02d.'],
  [
    /^\^\[A-Za-z0-9_\]\{1,10\}-/,
    () => 'Use an issue identifier: a team key, a dash and a number, such as ENG-123.',
  ],
  [/^\^([a-z]+_)\[A-Za-z0-9\]\+\$$/, (match) => `Use an id starting with ${match[1]}.`],
  [
    /^\^\[A-Za-z0-9(\.)?_-\](\+|\{1,\d+\})\$$/,
    (match) => `Use only letters, digits${match[1] ? ', .' : ''}, - and _.`,
  ],
  [/^\^\[\^\[\\\]\]\+\$$/, () => 'Must not contain [ or ].'],
];

/** What a pattern asks for, in words: the known ones exactly, any other by pointing at the field's help. */
export function patternInWords(pattern: string): string {
  for (const [shape, words] of PATTERN_WORDS) {
    const match = shape.exec(pattern);
    if (match) return words(match);
  }
  return 'Is not in the expected form: the description under the field says what it takes.';
}

/** Plain words for the validator's messages (Ajv's keywords, params and English). */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((error) => {
    const params = (error.params ?? {}) as Record<string, unknown>;
    let message = error.message;
    switch (error.name) {
      case 'required':
        message = 'This field is required.';
        break;
      case 'pattern':
        message = patternInWords(String(params.pattern ?? ''));
        break;
      case 'type': {
        const names: Record<string, string> = {
          integer: 'a whole number',
          number: 'a number',
          object: 'a JSON object',
          array: 'a JSON array',
          string: 'text',
          boolean: 'yes or no',
        };
        const type = String(params.type);
        message = `Must be ${names[type] ?? type}.`;
        break;
      }
      case 'enum':
        message = 'Choose one of the allowed values.';
        break;
      case 'minimum':
        message = `Must be at least ${String(params.limit)}.`;
        break;
      case 'maximum':
        message = `Must be at most ${String(params.limit)}.`;
        break;
      case 'minLength':
        message =
          Number(params.limit) === 1
            ? 'Must not be empty.'
            : `Must be at least ${String(params.limit)} characters.`;
        break;
      case 'maxLength':
        message = `Must be at most ${String(params.limit)} characters.`;
        break;
      default:
        message = message ? message.charAt(0).toUpperCase() + message.slice(1) : 'Invalid value.';
    }
    return { ...error, message };
  });
}

/**
 * The host's validation error as an error schema, so each message shows next to its field:
 * `parameter` (a key or a dotted path) and every issue in `details.issues`.
 */
export function errorSchemaFromHost(error: ErrorJson, knownFields: RJSFSchema): ErrorSchema | undefined {
  if (error.kind !== 'validation') return undefined;
  const issues: { parameter: string; message: string }[] = [];
  const listed = (error.details as { issues?: unknown } | undefined)?.issues;
  if (Array.isArray(listed)) {
    for (const issue of listed) {
      const { parameter, message } = (issue ?? {}) as { parameter?: unknown; message?: unknown };
      if (typeof parameter === 'string' && parameter && typeof message === 'string')
        issues.push({ parameter, message });
    }
  }
  if (issues.length === 0 && error.parameter) {
    const prefix = `Invalid parameter "${error.parameter}": `;
    issues.push({
      parameter: error.parameter,
      message: error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message,
    });
  }
  const properties = (knownFields.properties ?? {}) as Record<string, unknown>;
  const schema: Record<string, unknown> = {};
  let placed = 0;
  for (const { parameter, message } of issues) {
    const path = parameter.split('.');
    if (!path[0] || !Object.hasOwn(properties, path[0])) continue;
    let node = schema;
    for (const part of path) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    const list = Array.isArray(node.__errors) ? (node.__errors as string[]) : [];
    const text = message.charAt(0).toUpperCase() + message.slice(1);
    list.push(/[.!?]$/.test(text) ? text : `${text}.`);
    node.__errors = list;
    placed += 1;
  }
  return placed > 0 ? (schema as ErrorSchema) : undefined;
}

/**
 * The form's data without the optional objects left empty: a nested form (a second event) whose one
 * field was typed in and cleared again holds `{}`, which reads as "given, with nothing in it" and
 * fails its own required fields; a person who emptied it means "not given". The form shows no required
 * marks in such an object for the same reason (see `isUnfilled`).
 */
export function withoutEmptyOptionals(data: unknown, schema: RJSFSchema): Record<string, unknown> {
  const values = (data ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  const empty = Object.keys(values).filter(
    (key) =>
      !required.has(key) &&
      properties[key]?.type === 'object' &&
      properties[key]?.default === undefined &&
      isUnfilled(values[key]),
  );
  if (empty.length === 0) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !empty.includes(key)));
}

/** Props of a form generated from a JSON Schema. */
export interface SchemaFormProps {
  id: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Record<string, unknown>;
  formContext?: FormContext;
  extraErrors?: ErrorSchema | undefined;
  disabled?: boolean;
  onChange(data: Record<string, unknown>): void;
  onSubmit(data: Record<string, unknown>): void;
  /** Called when client-side validation stops a submit, with the problems grouped by field. */
  onInvalid?(problems: FieldProblem[]): void;
  /** `div` for a form nested in another form's markup (HTML forms cannot nest). */
  tagName?: 'div' | undefined;
  /** The submit row (buttons). */
  children: ReactNode;
}

/** A form built from a JSON Schema by react-jsonschema-form, with this UI's widgets and templates. */
export function SchemaForm(props: SchemaFormProps) {
  const jsonFields = useMemo(() => jsonFieldPaths(props.uiSchema), [props.uiSchema]);
  return (
    <Form
      id={props.id}
      tagName={props.tagName}
      idPrefix={props.id}
      schema={props.schema}
      uiSchema={{ 'ui:submitButtonOptions': { norender: true }, ...props.uiSchema }}
      formData={props.formData}
      formContext={props.formContext}
      validator={formValidator}
      widgets={widgets}
      fields={fields}
      templates={templates}
      extraErrors={props.extraErrors}
      extraErrorsBlockSubmit={false}
      transformErrors={transformErrors}
      showErrorList={false}
      // rjsf would look for an input named after the exact error path; an array item's error has none.
      focusOnFirstError={(error) => fieldElement(props.id, pathOf(error.property))?.focus()}
      noHtml5Validate
      disabled={props.disabled}
      onChange={(event) => props.onChange(withoutEmptyOptionals(event.formData, props.schema))}
      onSubmit={(event) => props.onSubmit(withoutEmptyOptionals(event.formData, props.schema))}
      onError={(errors) =>
        props.onInvalid?.(describeProblems(errors, props.schema, props.formData, jsonFields))
      }
      experimental_defaultFormStateBehavior={{
        emptyObjectFields: 'skipEmptyDefaults',
        // An optional list with `minItems` must start empty, not as `[null]` that fails validation.
        arrayMinItems: { populate: 'never' },
      }}
    >
      {props.children}
    </Form>
  );
}
