import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contractsDir } from '@c/core/testing';
import { describe, expect, it } from 'vitest';
import type { DiscoverySchema, DiscoverySchemas } from './docs-discovery.js';

// The request table the connector embeds (docs-request-schemas.json) is generated here from
// Google's discovery document, so it is never typed by hand: `vitest run -u` (or `pnpm generate`)
// rewrites it after the contract changes, and a plain run fails while it is out of date.
const dir = contractsDir();
/** The Docs discovery document the table is generated from (revision 20260921, with tabs). */
const SOURCE = 'docs.v1.discovery.20260921.json';

const KEPT = ['type', '$ref', 'format', 'enum'] as const;

function reduce(schema: DiscoverySchema): DiscoverySchema {
  const out: DiscoverySchema = {};
  for (const key of KEPT) {
    if (schema[key] !== undefined) (out as Record<string, unknown>)[key] = schema[key];
  }
  if (schema.items) out.items = reduce(schema.items);
  if (schema.additionalProperties) out.additionalProperties = reduce(schema.additionalProperties);
  if (schema.properties) {
    out.properties = {};
    for (const name of Object.keys(schema.properties).sort()) {
      out.properties[name] = reduce(schema.properties[name]!);
    }
  }
  return out;
}

function references(schema: DiscoverySchema): string[] {
  return [
    ...(schema.$ref ? [schema.$ref] : []),
    ...(schema.items ? references(schema.items) : []),
    ...(schema.additionalProperties ? references(schema.additionalProperties) : []),
    ...Object.values(schema.properties ?? {}).flatMap(references),
  ];
}

/** The `Request` schema and every schema it reaches, reduced to what validation reads. */
function buildRequestTable(discovery: { revision: string; schemas: DiscoverySchemas }) {
  const names = new Set<string>();
  const pending = ['Request'];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (names.has(name)) continue;
    const schema = discovery.schemas[name];
    if (!schema) throw new Error(`The discovery document has no schema ${name}`);
    names.add(name);
    pending.push(...references(schema));
  }
  const schemas: DiscoverySchemas = {};
  for (const name of [...names].sort()) schemas[name] = reduce(discovery.schemas[name]!);
  return { source: SOURCE, revision: discovery.revision, schemas };
}

describe.skipIf(!dir)('docs-request-schemas.json', () => {
  it('is generated from the Docs discovery document', async () => {
    const discovery = JSON.parse(readFileSync(join(dir!, 'google', SOURCE), 'utf8'));
    const table = buildRequestTable(discovery);
    expect(Object.keys(table.schemas.Request!.properties!)).toEqual(
      expect.arrayContaining(['insertText', 'addDocumentTab', 'insertPerson']),
    );
    await expect(`${JSON.stringify(table, null, 2)}\n`).toMatchFileSnapshot('./docs-request-schemas.json');
  });
});
