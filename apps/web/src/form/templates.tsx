import {
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  buttonId,
  type DescriptionFieldProps,
  descriptionId,
  errorId,
  type FieldErrorProps,
  type FieldTemplateProps,
  getUiOptions,
  type ObjectFieldTemplateProps,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * True inside an optional object nobody has filled in (a second event): its required fields are
 * required only once it is given, so no star may say they must be filled now.
 */
const NotGiven = createContext(false);

/**
 * True for a value that gives nothing: unset, empty text, an empty list, or an object holding only
 * such. A list with an item is given (someone added it, and it must then be filled in).
 */
export function isUnfilled(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isUnfilled);
  return false;
}

/** The required mark, unless the field sits in an optional object that is not given. */
function RequiredMark({ required, title }: { required: boolean | undefined; title?: string }) {
  const notGiven = useContext(NotGiven);
  if (!required || notGiven) return null;
  return (
    <span className="field__required" title={title}>
      {' '}
      *
    </span>
  );
}

/** Marks what it wraps as not given when `optional` and `value` is unfilled; nesting keeps it so. */
function GivenScope({
  optional,
  value,
  children,
}: {
  optional: boolean;
  value: unknown;
  children: ReactNode;
}) {
  const outer = useContext(NotGiven);
  const notGiven = outer || (optional && isUnfilled(value));
  return <NotGiven.Provider value={notGiven}>{children}</NotGiven.Provider>;
}

/** A default as the form shows it: the option's name when the options are named ("Daily", not 1). */
function defaultText(value: unknown, schema: RJSFSchema, enumNames: unknown): string {
  if (Array.isArray(schema.enum) && Array.isArray(enumNames)) {
    const name = enumNames[schema.enum.indexOf(value as never)];
    if (typeof name === 'string') return name;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A field's name as the form plan gives it: a nested field that shares its title with another is
 * named by its parents ("Event › Group By"). Inside its parent's box the parents are already on
 * screen, so only the field's own title is shown; the whole name stays for screen readers, whose
 * label or group name must still tell the two apart.
 */
export function FieldName({ text }: { text: string }) {
  const at = text.lastIndexOf(' › ');
  if (at < 0) return <>{text}</>;
  // The space after the hidden part is outside it: a screen reader's name trims each element's text.
  return (
    <>
      <span className="sr-only">{text.slice(0, at + 2)}</span> {text.slice(at + 3)}
    </>
  );
}

/** The short type line beside a parameter's label: what kind of value, its range and default. */
export function typeHint(schema: RJSFSchema, uiSchema: UiSchema | undefined): string {
  const options = getUiOptions(uiSchema);
  const field = uiSchema?.['ui:field'];
  const widget = field === 'json' || field === 'checklist' ? field : uiSchema?.['ui:widget'];
  const parts: string[] = [];
  if (widget === 'json') parts.push(options.shape === 'array' ? 'JSON array' : 'JSON');
  else if (widget === 'checklist') parts.push('one or more of the listed values');
  else if (widget === 'date') {
    const format = options.dateFormat;
    parts.push(format === 'ymdh' ? 'date and hour' : format === 'unixSeconds' ? 'date and time' : 'date');
  } else if (widget === 'lookup') parts.push('id');
  else if (Array.isArray(schema.enum)) parts.push('one of the listed values');
  else {
    const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
    const names: Record<string, string> = { string: 'text', boolean: 'yes or no' };
    if (type) parts.push(names[type] ?? type);
  }
  // zod gives unbounded integers a maximum of 2^53 - 1: not worth showing.
  const maximum = typeof schema.maximum === 'number' && schema.maximum < 1e9 ? schema.maximum : undefined;
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  if (minimum !== undefined && maximum !== undefined) parts.push(`${minimum}–${maximum}`);
  else if (maximum !== undefined) parts.push(`≤ ${maximum}`);
  if (schema.default !== undefined && widget !== 'json')
    parts.push(`default ${defaultText(schema.default, schema, options.enumNames)}`);
  return parts.join(' · ');
}

/** One parameter: label with required mark and type line, description, the widget, its errors. */
export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    errors,
    help,
    description,
    hidden,
    required,
    displayLabel,
    schema,
    uiSchema,
    rawErrors,
  } = props;
  if (hidden) return <div hidden>{children}</div>;
  // Objects render their own fieldset; an object edited as JSON is one field like any other.
  if (schema.type === 'object' && uiSchema?.['ui:field'] !== 'json') return children;
  // A JSON box or a checklist is one labelled field that lists its errors (its items' included) itself.
  const isJson = uiSchema?.['ui:field'] === 'json' || uiSchema?.['ui:field'] === 'checklist';
  const isCheckbox = schema.type === 'boolean' && getUiOptions(uiSchema).widget !== 'select';
  const invalid = (rawErrors?.length ?? 0) > 0;
  // rjsf hides labels of object and array fields; edited as JSON they are one labelled field.
  const showLabel = displayLabel || isJson;
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`} data-field={id}>
      {showLabel && !isCheckbox && (
        <div className="field__head">
          <label htmlFor={id} className="field__label">
            <FieldName text={label} />
            <RequiredMark required={required} title="Required" />
          </label>
          <span className="field__type">{typeHint(schema, uiSchema)}</span>
        </div>
      )}
      {/* A JSON field lists its errors itself (its items' included), below its editor: its
          description goes above, so that the errors stay last as in every other field. */}
      {isJson && showLabel && description}
      {children}
      {!isJson && showLabel && description}
      {isJson ? null : errors}
      {help}
    </div>
  );
}

/** A parameter's description, linked to its widget by `aria-describedby`. */
export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <p id={id} className="field__description">
      {description}
    </p>
  );
}

/** The errors of one parameter, next to it. */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  if (!errors || errors.length === 0) return null;
  return (
    <div id={errorId(fieldPathId)} className="field__error">
      {errors.map((error, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages may repeat; their order is stable
        <p key={index}>{error}</p>
      ))}
    </div>
  );
}

/** Groups of parameters: the root stays flat; a nested object is a titled fieldset. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, fieldPathId, required, formData, schema } = props;
  const isRoot = fieldPathId.path.length === 0;
  const content = properties.map((property) => property.content);
  if (isRoot) return <div className="form-fields">{content}</div>;
  // An item of a list is named by its place, as its Remove button and its errors name it.
  const index = fieldPathId.path.at(-1);
  const isItem = typeof index === 'number';
  return (
    <fieldset className="fieldset">
      {isItem ? (
        <legend>Item {index + 1}</legend>
      ) : (
        title && (
          <legend>
            <FieldName text={title} />
            <RequiredMark required={required} />
          </legend>
        )
      )}
      {description && (
        <p id={descriptionId(fieldPathId)} className="field__description">
          {description}
        </p>
      )}
      {/* A list's item is given once added, an object with a default always (it starts filled);
          any other object once it is required or filled, as the form sends it (withoutEmptyOptionals). */}
      <GivenScope optional={!isItem && !required && schema.default === undefined} value={formData}>
        <div className="form-fields">{content}</div>
      </GivenScope>
    </fieldset>
  );
}

/**
 * A list edited item by item (a list of records with plain fields): a titled fieldset, its items,
 * and an Add button named after the list.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { schema, uiSchema, items, canAdd, onAddClick, disabled, readonly, fieldPathId, required } = props;
  // rjsf titles a list by its schema; the form plan's `ui:title` (a name told apart from another
  // list's) goes first, as it does for every other field.
  const title = getUiOptions(uiSchema).title ?? props.title;
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  return (
    <fieldset className="fieldset" id={fieldPathId.$id}>
      {title && (
        <legend>
          <FieldName text={title} />
          <RequiredMark required={required} />
        </legend>
      )}
      {description && (
        <p id={descriptionId(fieldPathId)} className="field__description">
          {description}
        </p>
      )}
      {items.length === 0 && <p className="muted">None.</p>}
      {items}
      {canAdd && (
        <div>
          <button
            type="button"
            id={buttonId(fieldPathId, 'add')}
            className="button button--small"
            disabled={disabled || readonly}
            onClick={onAddClick}
          >
            Add
            {title && (
              <>
                {' to '}
                <FieldName text={title} />
              </>
            )}
          </button>
        </div>
      )}
    </fieldset>
  );
}

/** One item of such a list: its fields, then a Remove button that says which item it removes. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index } = props;
  return (
    <div className="array-item">
      {children}
      {hasToolbar && buttonsProps.hasRemove && (
        <button
          type="button"
          id={buttonId(buttonsProps.fieldPathId, 'remove')}
          className="button button--small"
          disabled={buttonsProps.disabled || buttonsProps.readonly}
          onClick={buttonsProps.onRemoveItem}
        >
          Remove item {index + 1}
        </button>
      )}
    </div>
  );
}
