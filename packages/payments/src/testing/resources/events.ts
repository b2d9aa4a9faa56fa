import { invalidRequest } from '../stripe-errors.js';
import { page } from '../stripe-lists.js';
import { list, str } from '../stripe-params.js';
import { type Route, retrieve, route } from '../stripe-route.js';

/** `customer.*` matches every type under `customer.`; anything else matches exactly. */
const matches = (pattern: string, type: string) =>
  pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;

/** `/v1/events`: the account's event log, filtered by `type` or `types` (with `*` wildcards). */
export function eventRoutes(): Route[] {
  return [
    route('GET', '/v1/events', 'events', (call) => {
      const { params, state } = call;
      const type = str(params, 'type');
      const types = list(params, 'types')?.filter((item): item is string => typeof item === 'string');
      if (type && types) {
        throw invalidRequest('You may only specify one of these parameters: type, types.', { param: 'type' });
      }
      const items = state.events
        .list()
        .filter(
          (item) =>
            (type === undefined || matches(type, item.type as string)) &&
            (!types || types.some((pattern) => matches(pattern, item.type as string))),
        );
      return page(state.events, items, params, '/v1/events', 'event');
    }),
    route('GET', '/v1/events/:id', 'events', (call) => ({
      body: retrieve(call.state.events, call.ids[0] ?? '', 'event'),
    })),
  ];
}
