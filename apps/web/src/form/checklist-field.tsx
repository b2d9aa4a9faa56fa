import { ariaDescribedByIds, errorId, type FieldProps, getUiOptions } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { errorMessages } from './json-field';

/** The choice that stands for every value (Stripe's `*`: every event type). */
const EVERY = '*';

/** A group of choices that share a prefix: `customer.subscription` for `customer.subscription.updated`. */
interface Group {
  name: string;
  choices: string[];
}

/** The choices grouped by what comes before their last dot, in their declared order. */
export function groupChoices(choices: readonly string[]): Group[] {
  const groups = new Map<string, string[]>();
  for (const choice of choices) {
    if (choice === EVERY) continue;
    const cut = choice.lastIndexOf('.');
    const name = cut > 0 ? choice.slice(0, cut) : choice;
    groups.set(name, [...(groups.get(name) ?? []), choice]);
  }
  return [...groups].map(([name, list]) => ({ name, choices: list }));
}

/** The chosen values of a form value: a list, or the comma-separated text the CLI also takes. */
export function chosenOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
  if (typeof value === 'string' && value.trim() !== '') return value.split(',').map((entry) => entry.trim());
  return [];
}

/** The choices that contain every typed word. */
function matching(choices: string[], query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return choices.filter((choice) => words.every((word) => choice.toLowerCase().includes(word)));
}

/**
 * A list of strings picked from declared choices (a trigger's event types), as the Stripe
 * Dashboard's webhook form does: checkboxes grouped by resource with "Select all" per group, a search
 * box, and "every type" when `*` is among the choices. Values chosen before that are not among the
 * choices stay listed under "Other", so nothing is dropped unseen.
 */
export function ChecklistField(props: FieldProps) {
  const { fieldPathId, formData, schema, disabled, readonly, errorSchema, rawErrors, uiSchema } = props;
  const id = fieldPathId.$id;
  const declared = (getUiOptions(uiSchema).choices as string[] | undefined) ?? [];
  const chosen = chosenOf(formData);
  const [query, setQuery] = useState('');
  const groups = useMemo(() => {
    const extra = chosen.filter((value) => value !== EVERY && !declared.includes(value));
    const all = groupChoices(declared);
    return extra.length > 0 ? [...all, { name: 'Other', choices: extra }] : all;
  }, [declared, chosen]);
  const every = chosen.includes(EVERY);
  const off = Boolean(disabled || readonly) || every;
  const set = (next: string[]) => props.onChange(next.length > 0 ? next : undefined, fieldPathId.path);
  const messages = [...(rawErrors ?? []), ...errorMessages(errorSchema)];
  const title = String(schema.title ?? 'values').toLowerCase();
  return (
    <div className={`checklist${messages.length > 0 ? ' checklist--invalid' : ''}`}>
      {declared.includes(EVERY) && (
        <label className="checkbox checklist__every">
          <input
            type="checkbox"
            checked={every}
            disabled={disabled || readonly}
            onChange={(event) => set(event.target.checked ? [EVERY] : [])}
          />
          All {title} (<code>*</code>)
        </label>
      )}
      <input
        id={id}
        type="search"
        className="checklist__search"
        aria-label={`Search ${title}`}
        aria-describedby={ariaDescribedByIds(id)}
        placeholder={`Search ${title}`}
        value={query}
        disabled={off}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p className="muted checklist__count" aria-live="polite">
        {every ? `Every ${title.replace(/s$/, '')}, present and future.` : `${chosen.length} selected`}
      </p>
      {groups.map((group) => (
        <ChoiceGroup
          key={group.name}
          group={group}
          shown={matching(group.choices, query)}
          searching={query.trim() !== ''}
          chosen={every ? [] : chosen}
          off={off}
          onChange={set}
        />
      ))}
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

/** One group, folded unless it holds a chosen value or a search found something in it. */
function ChoiceGroup({
  group,
  shown,
  searching,
  chosen,
  off,
  onChange,
}: {
  group: Group;
  shown: string[];
  searching: boolean;
  chosen: string[];
  off: boolean;
  onChange(next: string[]): void;
}) {
  const picked = group.choices.filter((choice) => chosen.includes(choice));
  if (shown.length === 0) return null;
  const allPicked = picked.length === group.choices.length;
  const toggle = (choice: string, on: boolean) =>
    onChange(on ? [...chosen, choice] : chosen.filter((value) => value !== choice));
  return (
    <details className="checklist__group" open={searching || picked.length > 0 ? true : undefined}>
      <summary className="checklist__summary">
        <code>{group.name}</code>{' '}
        <span className="muted">
          {picked.length} of {group.choices.length}
        </span>
      </summary>
      <button
        type="button"
        className="button button--small"
        disabled={off}
        onClick={() =>
          onChange(
            allPicked
              ? chosen.filter((value) => !group.choices.includes(value))
              : [...chosen, ...group.choices.filter((choice) => !chosen.includes(choice))],
          )
        }
      >
        {allPicked ? `Clear ${group.name}` : `Select all in ${group.name}`}
      </button>
      <ul className="checklist__choices">
        {shown.map((choice) => (
          <li key={choice}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={chosen.includes(choice)}
                disabled={off}
                onChange={(event) => toggle(choice, event.target.checked)}
              />
              <code>{choice}</code>
            </label>
          </li>
        ))}
      </ul>
    </details>
  );
}
