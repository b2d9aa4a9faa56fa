import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { graphqlDataSchema, type LinearGraphqlData } from '../issues-schemas.js';

/**
 * Runs any GraphQL document against Linear's `/graphql`, as given. A document without the word
 * `mutation` is a read and is retried after a dropped connection; anything else is not repeated
 * when its outcome is unknown.
 */
export const customGraphqlAction = defineCommand({
  key: 'customGraphqlAction',
  title: 'Custom GraphQL Action',
  description:
    'Sends a GraphQL query or mutation with its variables to Linear’s POST /graphql, as given, and returns the response’s data. Errors in the response are errors.',
  input: (z) =>
    z.object({
      query: z
        .string()
        .refine((value) => value.trim().length > 0, 'must not be blank')
        .meta({
          title: 'Query',
          description: 'The GraphQL document, e.g. query { viewer { id name } } or a mutation.',
        }),
      variables: z
        .record(z.string(), z.unknown())
        .optional()
        .meta({ title: 'Variables', description: 'The values of the document’s variables.' }),
      operationName: z.string().min(1).optional().meta({
        title: 'Operation Name',
        description: 'Which operation to run when the document holds several.',
      }),
    }),
  output: (z) => graphqlDataSchema(z),
  annotations: { readOnly: false, destructive: true, idempotent: false },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearGraphqlData> {
    const mayWrite = /\bmutation\b/.test(input.query);
    return ctx.linear.send(
      { query: input.query, variables: input.variables, operationName: input.operationName },
      !mayWrite,
      { signal },
    );
  },
});
