import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  getOperationAST,
  isNonNullType,
  isObjectType,
  Kind,
  NoDeprecatedCustomRule,
  parse,
  validate,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import * as documents from './issues-documents.js';
import { defineOperation, type GraphqlOperation } from './issues-documents.js';
import {
  LINEAR_MAX_COMPLEXITY,
  linearQueryComplexity,
  loadLinearSchema,
  validateLinearDocument,
} from './testing/index.js';

// Every operation the package defines: the documents module's and each command module's.
const commandsDir = new URL('./commands/', import.meta.url);
const commandModules: Record<string, unknown>[] = await Promise.all(
  readdirSync(commandsDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => import(new URL(file, commandsDir).href)),
);
const operations = [documents, ...commandModules]
  .flatMap(Object.entries)
  .filter(
    (entry): entry is [string, GraphqlOperation] =>
      typeof entry[1] === 'object' && entry[1] !== null && 'document' in entry[1] && 'kind' in entry[1],
  );

describe('the GraphQL documents', () => {
  it('are one per operation, with unique names', () => {
    expect(operations.length).toBe(68);
    const names = operations.map(([, operation]) => operation.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(operations)(
    '%s validates against Linear’s schema and costs under a third of its complexity limit',
    (_name, operation) => {
      expect(validateLinearDocument(operation.document)).toEqual([]);
      expect(operation.document).toMatch(new RegExp(`^${operation.kind} ${operation.name}\\b`));
      // The largest variables each command sends: Search Issue's 250, Search Teams' two page sizes.
      const largest =
        operation.name === 'SearchTeams'
          ? [
              { first: 50, includeMembers: false, includeStates: false },
              { first: 5, includeMembers: true, includeStates: true },
            ]
          : operation.name === 'ListProjects'
            ? [{ first: 40 }]
            : operation.name === 'ListInitiatives'
              ? [{ first: 10 }]
              : [{ first: 250 }];
      for (const variables of largest) {
        expect(linearQueryComplexity(operation.document, variables, operation.name)).toBeLessThan(
          LINEAR_MAX_COMPLEXITY / 3,
        );
      }
    },
  );

  it.each(operations)(
    '%s selects nothing Linear deprecated (Project.status, never Project.state)',
    (_name, operation) => {
      const deprecated = validate(loadLinearSchema(), parse(operation.document), [NoDeprecatedCustomRule]);
      expect(deprecated.map((error) => error.message)).toEqual([]);
    },
  );

  it.each(operations)(
    '%s knows its root fields, each a non-null object in Linear’s schema',
    (_name, operation) => {
      const schema = loadLinearSchema();
      const root = getOperationAST(parse(operation.document), operation.name)!;
      const expected = root.selectionSet.selections.map((selection) =>
        selection.kind === Kind.FIELD ? (selection.alias ?? selection.name).value : '?',
      );
      expect(operation.rootFields).toEqual(expected);
      const type = operation.kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
      for (const selection of root.selectionSet.selections) {
        if (selection.kind !== Kind.FIELD) continue;
        const field = type.getFields()[selection.name.value]!;
        expect(isNonNullType(field.type) && isObjectType(field.type.ofType), selection.name.value).toBe(true);
      }
    },
  );

  // 91.0.0's schema is the last one Linear published as SDL: an operation whose root fields it
  // has must validate against it too, so a client on that release gets the same answers.
  it.each(operations)(
    '%s validates against 91.0.0’s schema where its root fields exist',
    (_name, operation) => {
      const schema91 = loadLinearSchema(
        fileURLToPath(new URL('../schema/linear-schema.sdk-91.0.0.graphql', import.meta.url)),
      );
      const root = operation.kind === 'query' ? schema91.getQueryType()! : schema91.getMutationType()!;
      const fields = root.getFields();
      const roots = getOperationAST(
        parse(operation.document),
        operation.name,
      )!.selectionSet.selections.flatMap((selection) =>
        selection.kind === Kind.FIELD ? [selection.name.value] : [],
      );
      if (!roots.every((field) => field in fields)) return;
      expect(validateLinearDocument(operation.document, schema91).map((error) => error.message)).toEqual([]);
    },
  );

  it('reads root fields past arguments, strings, directives, aliases and nested selections', () => {
    const operation = defineOperation(`query Two($id: String!, $on: Boolean = true) {
      first: issue(id: "a \\" { b") @include(if: $on) { id team { key } }
      viewer { id }
    }`);
    expect(operation.rootFields).toEqual(['first', 'viewer']);
  });

  it('refuses a text that is not a named operation', () => {
    expect(() => defineOperation('{ viewer { id } }')).toThrow(/query Name/);
  });
});
