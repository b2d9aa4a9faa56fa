import type { z } from 'zod';
import { ValidationError } from './errors/validation-error.js';
import type { Lookup } from './lookup.js';
import type { RunObserver } from './run-context.js';
import { lazySchema, type SchemaSource, zod } from './zod-lazy.js';

/**
 * Hints for callers, hosts and MCP clients, declared by every command: hosts take them as they are
 * (confirmations, read-only tool lists, idempotency keys only for writes), never guessing from names.
 */
export interface CommandAnnotations {
  /** Reads only; never changes the provider's state. Absent: false (a write). */
  readOnly?: boolean;
  /** May delete or irreversibly change data. Absent: false. */
  destructive?: boolean;
  /** Repeating the same call has no further effect. Absent: the same as `readOnly`. */
  idempotent?: boolean;
}

/** A command's annotations with every hint decided, as `Command.annotations` holds them. */
export type CommandHints = Required<CommandAnnotations>;

/** Progress of long work (an export, many pages), for progress bars. */
export interface Progress {
  message?: string;
  current?: number;
  total?: number;
}

/** Per-run options. */
export interface RunOptions {
  signal?: AbortSignal | undefined;
  /**
   * A deadline for the whole run, every call and retry included. Past it the run fails with a
   * `TimeoutError` (with `outcomeUnknown` when a write may have been applied).
   */
  timeoutMs?: number | undefined;
  onProgress?: ((progress: Progress) => void) | undefined;
  /**
   * The caller's idempotency key for a write command (1 to 200 printable ASCII characters). The
   * provider receives it wherever it can deduplicate (Stripe's `Idempotency-Key`, `<key>:<n>` for
   * a run's later writes; a Linear id derived from it), so repeating the run with the same key
   * applies the change once. Without one, each run of a write command gets a key of its own, which
   * an `outcomeUnknown` error names. Inside `run`, a command reads the run's key here.
   */
  idempotencyKey?: string | undefined;
  /**
   * Validates the input, then returns the requests the run would send (`DryRunResult`: method, full
   * URL, headers with credentials masked, body) and sends nothing.
   */
  dryRun?: boolean | undefined;
  /**
   * Hears every provider call the run makes (its start, retries, status and request id), for a
   * host's logs, traces and metrics. Nothing is reported for a dry run, which sends nothing.
   */
  observer?: RunObserver | undefined;
}

/** A JSON Schema object, as produced by zod's own converter. */
export type JsonSchema = Record<string, unknown>;

/** What a connector author writes for one command. */
export interface CommandDefinition<I extends z.ZodObject, O, Ctx> {
  /** The command key of `spec/COMMANDS.md`, e.g. `createCustomer`. */
  key: string;
  /** The reference's name, e.g. "Create Customer". */
  title: string;
  description: string;
  /** The parameters: a zod object, or `(z) => z.object(…)` so zod loads only when first needed. */
  input: SchemaSource<I>;
  output?: SchemaSource<z.ZodType<O>>;
  /** Required: whether it reads, destroys, or can be repeated safely is the author's to say. */
  annotations: CommandAnnotations;
  /**
   * How the choices of parameters naming provider objects are found, by parameter key: which read
   * command of the same connector lists them (checked by `defineConnector`).
   */
  lookups?: Record<string, Lookup>;
  run(input: z.output<I>, ctx: Ctx, options: RunOptions): Promise<O>;
}

/** A defined command: its definition plus validation and JSON Schema. */
export interface Command<I extends z.ZodObject = z.ZodObject, O = unknown, Ctx = any>
  extends Omit<CommandDefinition<I, O, Ctx>, 'input' | 'output' | 'annotations'> {
  /** The declared annotations, absent hints filled in (see `CommandAnnotations`). */
  readonly annotations: CommandHints;
  /** The strict zod input schema (built on first access). */
  readonly input: I;
  /** The zod output schema, when declared. */
  readonly output: z.ZodType<O> | undefined;
  /** Validates input; throws a `ValidationError` naming the parameter. */
  parse(input: unknown): z.output<I>;
  /** JSON Schema of the input, derived from zod. */
  readonly inputSchema: JsonSchema;
  /** JSON Schema of the output, when the command declares one. */
  readonly outputSchema: JsonSchema | undefined;
}

/** What was validated, so that messages can say what a parameter expects and whether it was given. */
export interface ValidationContext {
  schema: z.ZodType;
  input: unknown;
}

/**
 * Turns a zod error into a `ValidationError` that names the parameter and never echoes values. With
 * the schema and input, a missing parameter reads `Missing required parameter "customerId" (string,
 * the customer's id, cus_…)` and a wrong type says what was expected and what came instead.
 */
export function toValidationError(
  error: z.ZodError,
  prefix = '',
  context?: ValidationContext,
): ValidationError {
  const issue = error.issues[0];
  if (!issue) return new ValidationError('Invalid input');
  const name = (entry: z.core.$ZodIssue) => {
    const path = entry.path.map(String);
    if (entry.code === 'unrecognized_keys') path.push(String(entry.keys[0]));
    return [prefix, ...path].filter(Boolean).join('.');
  };
  const parameter = name(issue) || undefined;
  return new ValidationError(sentence(issue, parameter, context), {
    parameter,
    details: {
      issues: error.issues.slice(0, 10).map((entry) => ({
        parameter: name(entry),
        message: explain(entry, context).message,
      })),
    },
  });
}

/** One issue as a sentence that starts with the parameter. */
function sentence(issue: z.core.$ZodIssue, parameter: string | undefined, context?: ValidationContext) {
  const { message, missing } = explain(issue, context);
  if (!parameter) return `Invalid input: ${message}`;
  return missing !== undefined
    ? `Missing required parameter "${parameter}" (${missing})`
    : `Invalid parameter "${parameter}": ${message}`;
}

/**
 * What an issue means for the person or agent who sent the input: a missing parameter (`is required`,
 * its type and description in brackets, which `missing` holds for the sentence), a value of the wrong
 * type (what was expected, what came), or zod's own message for a rule. `message` reads on its own
 * beside the parameter (a form field, a CLI line), so it never starts with a space or a bracket.
 */
function explain(
  issue: z.core.$ZodIssue,
  context?: ValidationContext,
): { message: string; missing?: string } {
  if (issue.code === 'unrecognized_keys') {
    return { message: 'is not a known parameter of this command' };
  }
  const field = context ? fieldAt(context.schema, issue.path) : undefined;
  const given = valueAt(context?.input, issue.path);
  const expected = expectedOf(issue, field?.schema);
  const description = field?.description ? shorten(field.description) : undefined;
  if (context && given.parentIsObject && given.value === undefined && expected) {
    const about = [expected, description].filter(Boolean).join(', ');
    return { message: `is required (${about})`, missing: about };
  }
  const wrongType =
    issue.code === 'invalid_type' ||
    (issue.code === 'invalid_union' && !expected?.split(' or ').includes(kindOf(given.value)));
  if (context && wrongType && expected) {
    return {
      message: `expected ${expected}${description ? ` (${description})` : ''}, got ${kindOf(given.value)}`,
    };
  }
  return { message: issue.message };
}

/** The type an issue asked for, in words: `string`, `one of "a", "b"`, `string or array`. */
function expectedOf(issue: z.core.$ZodIssue, schema: z.ZodType | undefined): string | undefined {
  if (issue.code === 'invalid_type') return issue.expected === 'int' ? 'integer' : issue.expected;
  if (issue.code === 'invalid_value') {
    return `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
  }
  if (issue.code === 'invalid_union') {
    const options = (schema?._zod.def as { options?: z.ZodType[] } | undefined)?.options ?? [];
    const types = [...new Set(options.map((option) => unwrapped(option).schema._zod.def.type))];
    return types.length > 0 ? types.join(' or ') : undefined;
  }
  return undefined;
}

/** A description's first sentence, without its final period, for a bracket inside a message. */
function shorten(description: string): string {
  const first = /^(.+?[.!?])(\s|$)/.exec(description)?.[1] ?? description;
  const trimmed = first.replace(/\.$/, '');
  return trimmed.length > 160 ? `${trimmed.slice(0, 159)}…` : trimmed;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The value at a path of the input, and whether its parent is an object (so "absent" means missing). */
function valueAt(input: unknown, path: PropertyKey[]): { value: unknown; parentIsObject: boolean } {
  let parent: unknown;
  let value: unknown = input;
  for (const key of path) {
    parent = value;
    value =
      value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return { value, parentIsObject: parent !== null && typeof parent === 'object' && !Array.isArray(parent) };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** A schema without its wrappers (optional, default, pipes…), with the first description met. */
function unwrapped(schema: z.ZodType): { schema: z.ZodType; description: string | undefined } {
  let node = schema;
  let description: string | undefined;
  for (let depth = 0; depth < 16; depth += 1) {
    description ??= node.description;
    const def = node._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    const next = WRAPPERS.has(def.type) ? def.innerType : def.type === 'pipe' ? def.in : undefined;
    if (!next) break;
    node = next;
  }
  return { schema: node, description };
}

/** The field schema at a path of an input schema, through objects, arrays and records. */
function fieldAt(
  schema: z.ZodType,
  path: PropertyKey[],
): { schema: z.ZodType; description: string | undefined } | undefined {
  let current = unwrapped(schema);
  for (const key of path) {
    const def = current.schema._zod.def as {
      type: string;
      shape?: Record<string, z.ZodType>;
      element?: z.ZodType;
      valueType?: z.ZodType;
    };
    const next =
      def.type === 'object'
        ? def.shape?.[String(key)]
        : def.type === 'array'
          ? def.element
          : def.type === 'record'
            ? def.valueType
            : undefined;
    if (!next) return undefined;
    current = unwrapped(next);
  }
  return current;
}

/** Parses with a zod schema, throwing a `ValidationError` that names the parameter on failure. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw toValidationError(result.error, prefix, { schema, input: value });
  return result.data;
}

/** JSON Schema of a zod schema as forms, CLI help and MCP read it (annotations lifted onto properties). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = zod().toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  for (const property of Object.values(properties ?? {})) liftAnnotations(property);
  return json;
}

/**
 * zod puts `.meta()` of a nullable or unioned field inside one `anyOf` branch; forms, CLI help and
 * MCP tool lists read the property itself, so lift its title and description up.
 */
function liftAnnotations(property: JsonSchema): void {
  const branches = (property.anyOf ?? property.oneOf) as JsonSchema[] | undefined;
  if (!Array.isArray(branches)) return;
  for (const key of ['title', 'description'] as const) {
    if (property[key] !== undefined) continue;
    const found = branches.find((branch) => typeof branch[key] === 'string');
    if (found) property[key] = found[key];
  }
}

/** Decides every hint: absent `readOnly` and `destructive` are false, absent `idempotent` follows `readOnly`. */
function hintsOf(declared: CommandAnnotations | undefined, key: string): CommandHints {
  // Required by the type; a definition from plain JavaScript without them must not pass for a read.
  if (declared === null || typeof declared !== 'object') {
    throw new TypeError(`Command "${key}" declares no annotations (readOnly, destructive, idempotent)`);
  }
  const readOnly = declared.readOnly ?? false;
  return {
    readOnly,
    destructive: declared.destructive ?? false,
    idempotent: declared.idempotent ?? readOnly,
  };
}

/**
 * Defines a command. Unknown parameters are refused (a typo is an error, not silently dropped).
 * JSON Schema is derived from the zod input on first use.
 */
export function defineCommand<I extends z.ZodObject, O, Ctx>(
  definition: CommandDefinition<I, O, Ctx>,
): Command<I, O, Ctx> {
  const { input: inputSource, output: outputSource, ...rest } = definition;
  const strict = lazySchema(inputSource);
  const input = () => strict().strict() as unknown as I;
  let inputStrict: I | undefined;
  const output = outputSource === undefined ? undefined : lazySchema(outputSource);
  let inputSchema: JsonSchema | undefined;
  let outputSchema: JsonSchema | undefined;
  const command: Command<I, O, Ctx> = {
    ...rest,
    annotations: hintsOf(definition.annotations, definition.key),
    get input() {
      inputStrict ??= input();
      return inputStrict;
    },
    get output() {
      return output?.();
    },
    parse(value: unknown) {
      inputStrict ??= input();
      const parsed = parseWith(inputStrict, value ?? {});
      parsedInputs.set(parsed, command);
      return parsed;
    },
    get inputSchema() {
      inputStrict ??= input();
      inputSchema ??= jsonSchemaOf(inputStrict, 'input');
      return inputSchema;
    },
    get outputSchema() {
      if (!output) return undefined;
      outputSchema ??= jsonSchemaOf(output(), 'output');
      return outputSchema;
    },
  };
  return command;
}

/** Each input `parse` returned, with the command that parsed it (the object is the proof). */
const parsedInputs = new WeakMap<object, Command<any, any, any>>();

/**
 * Whether `value` is what `command.parse` returned, so that running it needs no second parse (a
 * second parse is wasted work, and wrong for a schema whose transforms do not accept their output).
 */
export function parsedBy(command: Command<any, any, any>, value: unknown): boolean {
  return value !== null && typeof value === 'object' && parsedInputs.get(value) === command;
}

/** What a caller passes to a command (its input before defaults), e.g. `CommandInput<typeof createCustomer>`. */
export type CommandInput<C extends Command<any, any, any>> = z.input<C['input']>;

/** What a command returns, e.g. `CommandResult<typeof createCustomer>`. */
export type CommandResult<C extends Command<any, any, any>> =
  C extends Command<any, infer O, any> ? O : never;
