import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api';
import { filterOptions, type LookupOption, type LookupSpec, lookupFor } from '../commands/lookups';
import type { FormContext } from './form-context';

type Status =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; options: LookupOption[] }
  | { state: 'blocked'; message: string }
  | { state: 'failed'; message: string };

const maxShown = 50;

function parseTyped(text: string, acceptsJson: boolean): unknown {
  if (text === '') return undefined;
  if (acceptsJson && /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * A combobox for a parameter naming a provider object: options come from the connected account
 * (run through the connector's read commands), and any typed id is kept as it is.
 */
export function LookupWidget(props: WidgetProps) {
  const context = props.registry.formContext as FormContext;
  const spec = lookupFor(context.commandId, String(props.options.lookup));
  if (!spec) return null;
  return (
    <LookupInput
      spec={spec}
      context={context}
      id={props.id}
      value={props.value}
      onChange={props.onChange}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
      disabled={props.disabled || props.readonly}
      required={props.required}
      placeholder={props.placeholder}
      acceptsJson={props.options.acceptsJson === true}
      describedBy={ariaDescribedByIds(props.id)}
    />
  );
}

/** What a lookup combobox needs: its options' source, the form around it, and an input's props. */
export interface LookupInputProps {
  spec: LookupSpec;
  context: FormContext;
  id: string;
  value: unknown;
  onChange(value: unknown): void;
  onBlur?(): void;
  onFocus?(): void;
  disabled?: boolean | undefined;
  required?: boolean | undefined;
  placeholder?: string | undefined;
  /** Whether typed text that starts like JSON is sent parsed (a parameter that also takes objects). */
  acceptsJson?: boolean | undefined;
  /** The ids of what describes the input besides the lookup's status line. */
  describedBy?: string | undefined;
}

/**
 * The options of a lookup: loaded on first need from the chosen connection (a remote search follows
 * what is typed), reset when the connection or a field they depend on changes, filtered by `query`.
 */
function useLookupOptions(spec: LookupSpec, context: FormContext, query: string) {
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const request = useRef(0);
  const dependency = spec.needs.map((name) => JSON.stringify(context.formData[name]) ?? '').join('\u0000');
  // The whole form changes on every keystroke; loads read it through a ref, and only the field the
  // options depend on (a team for its states) resets them.
  const formRef = useRef(context.formData);
  formRef.current = context.formData;
  const load = useCallback(
    async (typed: string) => {
      if (!context.connection) {
        setStatus({ state: 'blocked', message: `Add a connection to choose from its ${spec.noun}.` });
        return;
      }
      const next = spec.request(typed, formRef.current);
      if (!next) {
        setStatus({
          state: 'blocked',
          message: `Fill in ${spec.needs.join(' and ') || 'the fields above'} to see its ${spec.noun}.`,
        });
        return;
      }
      const ticket = ++request.current;
      setStatus({ state: 'loading' });
      try {
        const result = await context.runLookup(next.command, next.input);
        if (ticket === request.current) {
          setStatus({ state: 'ready', options: spec.options(result, next) });
        }
      } catch (error) {
        if (ticket !== request.current) return;
        const message = error instanceof ApiError ? error.body.message : String(error);
        setStatus({ state: 'failed', message: `Could not load ${spec.noun}: ${message}` });
      }
    },
    [spec, context.connection, context.runLookup],
  );

  // A new connection or a new team makes the loaded options stale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these values are the triggers, not inputs
  useEffect(() => {
    request.current += 1;
    setStatus({ state: 'idle' });
  }, [context.connection, dependency]);

  // Remote searches follow what is typed, a moment after typing stops.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text triggers a new search
  useEffect(() => {
    if (!spec.searchesRemotely || status.state === 'idle' || status.state === 'blocked') return;
    const timer = setTimeout(() => void load(query), 250);
    return () => clearTimeout(timer);
  }, [query]);

  const shown = useMemo(() => {
    if (status.state !== 'ready') return [];
    const list = spec.searchesRemotely ? status.options : filterOptions(status.options, query);
    return list.slice(0, maxShown);
  }, [status, query, spec]);

  function ensureLoaded() {
    if (status.state === 'idle') void load(spec.searchesRemotely ? query : '');
  }

  return { status, shown, ensureLoaded };
}

/** The open list and its active option, moved with the arrow keys, chosen with Enter, closed with Escape. */
function useListKeys(
  shown: LookupOption[],
  ensureLoaded: () => void,
  onChoose: (option: LookupOption) => void,
) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  function choose(option: LookupOption) {
    onChoose(option);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      ensureLoaded();
      if (!open) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : shown.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (shown.length === 0 ? -1 : (current + step + shown.length) % shown.length));
    } else if (event.key === 'Enter' && open && active >= 0 && shown[active]) {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return { open, setOpen, active, setActive, choose, onKeyDown };
}

/** The line under the combobox: what is loading, how many were found, or why none can be. */
function statusTextOf(status: Status, spec: LookupSpec, connection: string | undefined): string {
  if (status.state === 'loading') return `Loading ${spec.noun} from ${connection}…`;
  if (status.state === 'ready') {
    return status.options.length === 0
      ? `No ${spec.noun} found in ${connection}. You can type ${spec.typed}.`
      : `${status.options.length} ${spec.noun} in ${connection}. Press Down to choose, or type ${spec.typed}.`;
  }
  if (status.state === 'blocked' || status.state === 'failed') return status.message;
  return `Type ${spec.typed}, or choose from the ${spec.noun} of ${connection ?? 'a connection'}.`;
}

/** The combobox itself, for rjsf's widget and for forms that lay out their own fields (a filter builder). */
export function LookupInput(props: LookupInputProps) {
  const { spec, context, id, value, onChange, disabled, required, placeholder } = props;
  const acceptsJson = props.acceptsJson === true;
  const text =
    value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const [query, setQuery] = useState('');
  const { status, shown, ensureLoaded } = useLookupOptions(spec, context, query);
  const list = useListKeys(shown, ensureLoaded, (option) => {
    onChange(option.value);
    setQuery('');
  });
  const { open, active } = list;
  const listId = `${id}__options`;
  const statusId = `${id}__lookup`;
  const activeId = open && active >= 0 && shown[active] ? `${listId}-${active}` : undefined;
  return (
    <div className="lookup">
      <div className="lookup__control">
        <input
          id={id}
          name={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-describedby={[props.describedBy, statusId].filter(Boolean).join(' ')}
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          required={required}
          onChange={(event) => {
            const typed = event.target.value;
            onChange(parseTyped(typed, acceptsJson));
            setQuery(typed);
            ensureLoaded();
            list.setOpen(true);
            list.setActive(-1);
          }}
          onKeyDown={list.onKeyDown}
          onFocus={() => {
            ensureLoaded();
            props.onFocus?.();
          }}
          onBlur={() => {
            list.setOpen(false);
            props.onBlur?.();
          }}
        />
        <LookupToggle
          noun={spec.noun}
          disabled={disabled}
          onToggle={() => {
            ensureLoaded();
            list.setOpen((current) => !current);
            document.getElementById(id)?.focus();
          }}
        />
      </div>
      <LookupList
        id={listId}
        noun={spec.noun}
        open={open}
        active={active}
        shown={shown}
        onChoose={list.choose}
      />
      <p id={statusId} className="lookup__status muted" aria-live="polite">
        {statusTextOf(status, spec, context.connection)}
      </p>
      <PickedNote status={status} value={text} />
    </div>
  );
}

/**
 * What the connector says of the option chosen (its second line: an email, "no payment method"),
 * under the field once the list is closed, so that a choice that cannot work is seen before the run.
 */
function PickedNote({ status, value }: { status: Status; value: string }) {
  const picked =
    status.state === 'ready' ? status.options.find((option) => option.value === value) : undefined;
  if (!picked?.detail) return null;
  return (
    <p className="lookup__picked">
      {picked.label}: {picked.detail}
    </p>
  );
}

/** The ▾ button that opens or closes the list (the focus stays in the combobox). */
function LookupToggle({
  noun,
  disabled,
  onToggle,
}: {
  noun: string;
  disabled?: boolean | undefined;
  onToggle(): void;
}) {
  return (
    <button
      type="button"
      className="lookup__toggle"
      tabIndex={-1}
      aria-label={`Show ${noun}`}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onToggle}
    >
      ▾
    </button>
  );
}

/** The list of options under the combobox (hidden while closed or empty). */
function LookupList({
  id,
  noun,
  open,
  active,
  shown,
  onChoose,
}: {
  id: string;
  noun: string;
  open: boolean;
  active: number;
  shown: LookupOption[];
  onChoose(option: LookupOption): void;
}) {
  return (
    <div
      id={id}
      role="listbox"
      className="lookup__list"
      hidden={!open || shown.length === 0}
      aria-label={noun}
    >
      {shown.map((option, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users choose with the arrow keys on the combobox
        <div
          key={option.value}
          tabIndex={-1}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className="lookup__option"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(option)}
        >
          <span className="lookup__label">{option.label}</span>
          <span className="lookup__detail">
            {option.detail && <span>{option.detail} · </span>}
            <code>{option.value}</code>
          </span>
        </div>
      ))}
    </div>
  );
}
