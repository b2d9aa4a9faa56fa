import { NoDeprecatedCustomRule, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as api from './index.js';
import { defineOperation, type GraphqlOperation } from './linear-documents.js';
import {
  LINEAR_MAX_COMPLEXITY,
  linearQueryComplexity,
  loadLinearSchema,
  validateLinearDocument,
} from './testing/index.js';

const operations = Object.entries(api).filter(
  (entry): entry is [string, GraphqlOperation] =>
    typeof entry[1] === 'object' && entry[1] !== null && 'document' in entry[1] && 'kind' in entry[1],
);

describe('the GraphQL documents', () => {
  it('are all exported, one per operation, with unique names', () => {
    expect(operations.length).toBe(15);
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

  it('refuses a text that is not a named operation', () => {
    expect(() => defineOperation('{ viewer { id } }')).toThrow(/query Name/);
  });
});
