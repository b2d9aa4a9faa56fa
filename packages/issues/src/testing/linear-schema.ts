import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  buildASTSchema,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  getOperationAST,
  isLeafType,
  Kind,
  parse,
  type SelectionNode,
  type SelectionSetNode,
  TypeInfo,
  type ValueNode,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { ISSUES_API_VERSION } from '../issues-client.js';

/** Linear's documented ceiling for the complexity of one query. */
export const LINEAR_MAX_COMPLEXITY = 10_000;

/** How long building the schema took in this process (the cost paid once per process). */
export interface LinearSchemaStats {
  path: string;
  readMs: number;
  parseMs: number;
  buildMs: number;
}

const schemas = new Map<string, { schema: GraphQLSchema; stats: LinearSchemaStats }>();

/**
 * Where Linear's SDL lives: `C_LINEAR_SCHEMA` when set, else the copy this package ships
 * (`schema/linear-schema.sdk-<ISSUES_API_VERSION>.graphql`, derived from `@linear/sdk`'s own type
 * declarations by `schema/derive-linear-schema.mjs`; the tests check that every document the SDK
 * can send validates against it), so the sandbox runs without the contracts folder.
 */
export function linearSchemaPath(): string {
  const fromEnv = process.env.C_LINEAR_SCHEMA;
  if (fromEnv) return fromEnv;
  const packageJson = createRequire(import.meta.url).resolve('@c/issues/package.json');
  return join(dirname(packageJson), 'schema', `linear-schema.sdk-${ISSUES_API_VERSION}.graphql`);
}

/**
 * Linear's schema, parsed and built once per process and path (about 120 ms for the 1.3 MB SDL;
 * `linearSchemaStats()` reports the figures measured in this process). The SDL is built with
 * `assumeValidSDL`: its validity is checked once by this package's tests instead of at every start.
 */
export function loadLinearSchema(path: string = linearSchemaPath()): GraphQLSchema {
  const cached = schemas.get(path);
  if (cached) return cached.schema;
  const t0 = performance.now();
  const sdl = readFileSync(path, 'utf8');
  const t1 = performance.now();
  const document = parse(sdl, { noLocation: true });
  const t2 = performance.now();
  const schema = buildASTSchema(document, { assumeValidSDL: true });
  const t3 = performance.now();
  schemas.set(path, { schema, stats: { path, readMs: t1 - t0, parseMs: t2 - t1, buildMs: t3 - t2 } });
  return schema;
}

/** The cold-start figures of the schema build in this process, if it was built. */
export function linearSchemaStats(path: string = linearSchemaPath()): LinearSchemaStats | undefined {
  return schemas.get(path)?.stats;
}

/** Parses a document; a syntax error comes back as the only error instead of being thrown. */
export function parseLinearDocument(source: string): DocumentNode | GraphQLError {
  try {
    return parse(source);
  } catch (error) {
    if (error instanceof GraphQLError) return error;
    throw error;
  }
}

/**
 * Validates a document against Linear's schema with graphql-js's standard rules, as Linear's
 * server does. An empty list means the document is valid.
 */
export function validateLinearDocument(
  source: string | DocumentNode,
  schema: GraphQLSchema = loadLinearSchema(),
): readonly GraphQLError[] {
  const document = typeof source === 'string' ? parseLinearDocument(source) : source;
  if (document instanceof GraphQLError) return [document];
  return validate(schema, document);
}

const analyses = new WeakMap<
  DocumentNode,
  {
    fragments: Map<string, FragmentDefinitionNode>;
    fieldTypes: Map<FieldNode, GraphQLOutputType | null | undefined>;
  }
>();

/** The fragments and field types of a document, learned once per document (they do not depend on variables). */
function analysed(document: DocumentNode, schema: GraphQLSchema) {
  const cached = analyses.get(document);
  if (cached) return cached;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const typeInfo = new TypeInfo(schema);
  const fieldTypes = new Map<FieldNode, GraphQLOutputType | null | undefined>();
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        fieldTypes.set(node, typeInfo.getType());
      },
    }),
  );
  const analysis = { fragments, fieldTypes };
  analyses.set(document, analysis);
  return analysis;
}

/**
 * Linear's published complexity estimate of one operation: every scalar field costs 0.1, every
 * object 1, and a connection multiplies what it selects by its page size (`first`/`last`, else 50).
 * Fields excluded by `@include`/`@skip` cost nothing. Rounded up, as Linear does.
 */
export function linearQueryComplexity(
  source: string | DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string,
  schema: GraphQLSchema = loadLinearSchema(),
): number {
  const document = typeof source === 'string' ? parse(source) : source;
  const operation = getOperationAST(document, operationName);
  if (!operation) throw new Error('No operation to measure in the document');
  const { fragments, fieldTypes } = analysed(document, schema);
  const literal = (node: ValueNode | undefined): unknown => {
    if (!node) return undefined;
    if (node.kind === Kind.VARIABLE) return variables[node.name.value];
    if (node.kind === Kind.INT) return Number(node.value);
    if (node.kind === Kind.BOOLEAN) return node.value;
    return undefined;
  };
  const included = (node: SelectionNode) => {
    for (const directive of node.directives ?? []) {
      const condition = literal(directive.arguments?.find((arg) => arg.name.value === 'if')?.value);
      if (directive.name.value === 'include' && condition === false) return false;
      if (directive.name.value === 'skip' && condition === true) return false;
    }
    return true;
  };
  const cost = (selectionSet: SelectionSetNode | undefined, seen: Set<string>): number => {
    let total = 0;
    for (const selection of selectionSet?.selections ?? []) {
      if (!included(selection)) continue;
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += cost(selection.selectionSet, seen);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (fragment && !seen.has(name)) total += cost(fragment.selectionSet, new Set([...seen, name]));
      } else if (selection.name.value !== '__typename') {
        const type = fieldTypes.get(selection);
        const named = type ? getNamedType(type) : undefined;
        if (!named || isLeafType(named)) {
          total += 0.1;
          continue;
        }
        const args = new Map(selection.arguments?.map((arg) => [arg.name.value, literal(arg.value)]));
        const pageSize = args.get('first') ?? args.get('last');
        const multiplier = named.name.endsWith('Connection')
          ? typeof pageSize === 'number'
            ? pageSize
            : 50
          : 1;
        total += 1 + multiplier * cost(selection.selectionSet, seen);
      }
    }
    return total;
  };
  return Math.ceil(cost(operation.selectionSet, new Set()));
}
