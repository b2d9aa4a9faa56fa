import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ConnectorInfo, JsonSchema } from '../types';

type Schema = Record<string, unknown>;

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Each branch of a credentials schema: the schema itself, or each of its `anyOf`/`oneOf`. */
function branchesOf(schema: JsonSchema): Schema[] {
  const list = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(list)) return list.filter(isRecord);
  return [schema];
}

/**
 * The credential fields a person types for a connector: all of an API-key or Basic connector's, or
 * an OAuth connector's alternatives (e.g. Linear's personal `apiKey`; the pop-up fills the OAuth
 * tokens). Every text field is masked.
 */
export function credentialsPlan(
  connector: ConnectorInfo,
): { schema: RJSFSchema; uiSchema: UiSchema } | undefined {
  const alternatives = connector.auth.type === 'oauth2' ? (connector.auth.alternatives ?? []) : undefined;
  const properties: Schema = {};
  const required: string[] = [];
  for (const branch of branchesOf(connector.credentialsSchema)) {
    const branchProperties = isRecord(branch.properties) ? branch.properties : {};
    const branchRequired = Array.isArray(branch.required) ? (branch.required as string[]) : [];
    for (const [key, field] of Object.entries(branchProperties)) {
      if (alternatives && !alternatives.includes(key)) continue;
      properties[key] ??= field;
      if ((alternatives || branchRequired.includes(key)) && !required.includes(key)) required.push(key);
    }
  }
  if (alternatives) {
    for (const key of alternatives) {
      if (properties[key]) continue;
      properties[key] = { type: 'string', title: key === 'apiKey' ? 'API key' : key };
      required.push(key);
    }
  }
  if (Object.keys(properties).length === 0) return undefined;
  const uiSchema: UiSchema = {};
  for (const [key, field] of Object.entries(properties)) {
    if (isRecord(field) && field.type === 'string' && !Array.isArray(field.enum))
      uiSchema[key] = { 'ui:widget': 'secret' };
  }
  return { schema: { type: 'object', properties, required } as RJSFSchema, uiSchema };
}

/** A free connection name for a connector: its id, then `id-2`, `id-3`… */
export function suggestName(connector: string, taken: string[]): string {
  if (!taken.includes(connector)) return connector;
  let index = 2;
  while (taken.includes(`${connector}-${index}`)) index += 1;
  return `${connector}-${index}`;
}
