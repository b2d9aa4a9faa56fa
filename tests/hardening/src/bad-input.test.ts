// Property-based: invalid inputs generated for every command from its schema's parameter names give a
// ValidationError naming a parameter, and send no request.
import { ValidationError } from '@c/core';
import { createTestServer, type TestServer } from '@c/core/testing';
import fc from 'fast-check';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectors, connectTo } from './connectors.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer([http.all('*', () => HttpResponse.json({}))]);
});
afterAll(() => server.close());

const anyValue = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', 'not-an-id', '2024-13-45', '../etc', '{"a":', 'cus_', 'x'.repeat(3000)),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null)), { maxLength: 3 }),
  fc.dictionary(
    fc.string({ maxLength: 5 }),
    fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.object()),
    {
      maxKeys: 3,
    },
  ),
);

describe.each(connectors.map((connector) => [connector.id, connector] as const))('%s', (_id, connector) => {
  it.each(connector.list.map((command) => [command.key, command] as const))(
    '%s: invalid input is a ValidationError naming a parameter, and nothing is sent',
    async (_key, command) => {
      const schema = command.inputSchema as { properties?: Record<string, unknown> };
      const keys = [...Object.keys(schema.properties ?? {}), 'unknownParameter'];
      const client = connectTo(connector, server.url);
      let checked = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: keys.length }),
          async (input) => {
            let valid = true;
            try {
              command.parse(input);
            } catch {
              valid = false;
            }
            fc.pre(!valid);
            checked += 1;
            const before = server.calls.length;
            const error = await client.runUnknown(command.key, input).then(
              () => undefined,
              (caught: unknown) => caught,
            );
            expect(ValidationError.isInstance(error)).toBe(true);
            const parameter = (error as ValidationError).parameter ?? '';
            expect(keys).toContain(parameter.split('.')[0]);
            expect((error as ValidationError).message).toContain(parameter);
            expect(server.calls.length).toBe(before);
          },
        ),
        { numRuns: 60 },
      );
      expect(checked).toBeGreaterThan(0);
      await client.close();
    },
  );
});
