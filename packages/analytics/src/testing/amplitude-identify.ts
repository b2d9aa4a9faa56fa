import { HttpResponse } from 'msw';
import { PLACEHOLDER_IDS } from './amplitude-rules.js';
import type { AmplitudeState } from './amplitude-state.js';

/** Amplitude's limit of identifications (and of group identifications) per request. */
export const MAX_IDENTIFICATIONS = 1024;

/** What a form-encoded Identify or Group Identify request holds, or why it is refused. */
export type IdentifyForm = { identifications: Record<string, unknown>[] } | { status: number; error: string };

/**
 * Reads the `identification` of an Identify or Group Identify request: a form body
 * (`x-www-form-urlencoded`) or the query string (Amplitude accepts both), with the project API key;
 * one JSON object or an array of them, each checked as `kind` needs.
 */
export function readIdentifyForm(
  state: AmplitudeState,
  params: URLSearchParams,
  kind: 'identify' | 'groupidentify',
): IdentifyForm {
  const apiKey = params.get('api_key');
  if (!apiKey) return { status: 400, error: 'missing_api_key' };
  if (apiKey !== state.apiKey) return { status: 400, error: 'invalid_api_key' };
  const text = params.get('identification');
  if (!text) return { status: 400, error: 'missing_event' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status: 400, error: 'missing_event' };
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length === 0 || list.length > MAX_IDENTIFICATIONS) return { status: 400, error: 'missing_event' };
  for (const item of list) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return { status: 400, error: 'missing_event' };
    }
    const problem = kind === 'identify' ? identifyProblem(item) : groupProblem(item);
    if (problem) return { status: 400, error: problem };
  }
  return { identifications: list as Record<string, unknown>[] };
}

const id = (value: unknown) =>
  typeof value === 'string' && value.length >= 5 && !PLACEHOLDER_IDS.has(value.toLowerCase());

function identifyProblem(item: Record<string, unknown>): string | undefined {
  if (item.user_id === undefined && item.device_id === undefined) return 'missing user_id or device_id';
  for (const field of ['user_id', 'device_id'] as const) {
    if (item[field] !== undefined && !id(item[field])) return `invalid ${field}`;
  }
  return propertiesProblem(item.user_properties, 'user_properties');
}

function groupProblem(item: Record<string, unknown>): string | undefined {
  if (typeof item.group_type !== 'string' || !item.group_type) return 'missing group_type';
  if (typeof item.group_value !== 'string' || !item.group_value) return 'missing group_value';
  return propertiesProblem(item.group_properties, 'group_properties');
}

/** Operations can't be mixed with plain top-level properties (Identify API docs). */
function propertiesProblem(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `invalid ${field}`;
  const keys = Object.keys(value);
  const operations = keys.filter((key) => key.startsWith('$'));
  if (operations.length > 0 && operations.length < keys.length) {
    return `${field} mixes operations ($set, …) with plain properties`;
  }
  return undefined;
}

/** The parameters of an Identify request: the form body when there is one, else the query. */
export async function identifyParams(request: Request): Promise<URLSearchParams> {
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) return new URLSearchParams(await request.text());
  if (/^multipart\/form-data\b/i.test(type)) {
    const form = await request.formData();
    const params = new URLSearchParams();
    for (const [key, value] of form) if (typeof value === 'string') params.append(key, value);
    return params;
  }
  return url.searchParams;
}

/**
 * `POST /identify` and `POST /groupidentify`: a 200 with the text `success` once applied, or a 400
 * whose text names the problem (`missing_event` for a missing or malformed identification).
 */
export async function identifyResponse(
  state: AmplitudeState,
  request: Request,
  kind: 'identify' | 'groupidentify',
): Promise<Response> {
  const form = readIdentifyForm(state, await identifyParams(request), kind);
  if ('error' in form) return new HttpResponse(form.error, { status: form.status });
  if (kind === 'identify') state.identify(form.identifications);
  else state.groupIdentify(form.identifications);
  return new HttpResponse('success', { status: 200, headers: { 'content-type': 'text/plain' } });
}
