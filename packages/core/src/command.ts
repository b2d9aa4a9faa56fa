import type { z } from 'zod';
import { ValidationError } from './errors/validation-error.js';
import { lazySchema, type SchemaSource, zod } from './zod-lazy.js';

/** Hints for callers and MCP clients. */
export interface CommandAnnotations {
  /** Reads only; never changes the provider's state. */
  readOnly?: boolean;
  /** May delete or irreversibly change data. */
  destructive?: boolean;
  /** Repeating the same call has no further effect. */
  idempotent?: boolean;
}

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
  annotations?: CommandAnnotations;
  run(input: z.output<I>, ctx: Ctx, options: RunOptions): Promise<O>;
}

/** A defined command: its definition plus validation and JSON Schema. */
export interface Command<I extends z.ZodObject = z.ZodObject, O = unknown, Ctx = any>
  extends Omit<CommandDefinition<I, O, Ctx>, 'input' | 'output'> {
  annotations: CommandAnnotations;
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

/** Turns a zod error into a `ValidationError` that names the parameter and never echoes values. */
export function toValidationError(error: z.ZodError, prefix = ''): ValidationError {
  const issue = error.issues[0];
  if (!issue) return new ValidationError('Invalid input');
  let path = issue.path.map(String);
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    path = [...path, String(issue.keys[0])];
    message = 'is not a known parameter of this command';
  }
  const parameter = [prefix, ...path].filter(Boolean).join('.') || undefined;
  const text = parameter ? `Invalid parameter "${parameter}": ${message}` : `Invalid input: ${message}`;
  return new ValidationError(text, {
    parameter,
    details: {
      issues: error.issues.slice(0, 10).map((entry) => ({
        parameter: [prefix, ...entry.path.map(String)].filter(Boolean).join('.'),
        message: entry.message,
      })),
    },
  });
}

/** Parses with a zod schema, throwing a `ValidationError` on failure. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw toValidationError(result.error, prefix);
  return result.data;
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
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
  return {
    ...rest,
    annotations: definition.annotations ?? {},
    get input() {
      inputStrict ??= input();
      return inputStrict;
    },
    get output() {
      return output?.();
    },
    parse(value: unknown) {
      inputStrict ??= input();
      return parseWith(inputStrict, value ?? {});
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
}
