import { collect, defineCommand, ProviderError, resultView } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { limitField } from '../payments-params.js';
import { livemode, metadata, objectType, unixTime } from '../schemas/common.js';

/** The resources Stripe's search API covers, by their path under `/v1/`. */
const SEARCHABLE = [
  'customers',
  'charges',
  'invoices',
  'payment_intents',
  'prices',
  'products',
  'subscriptions',
] as const;

/** Stripe's largest search page. */
const MAX_PAGE = 100;

/** One page of a Stripe search, as answered. */
interface SearchPage {
  object: 'search_result';
  data: SearchItem[];
  has_more: boolean;
  next_page: string | null;
  url: string;
}

/** A found object: whatever the resource is, it has these. */
interface SearchItem {
  id: string;
  object: string;
  created?: number;
  [field: string]: unknown;
}

/** The result: the objects found, and the `next_page` token to read on from. */
export interface StripeSearchResult {
  object: 'search_result';
  data: SearchItem[];
  has_more: boolean;
  next_page: string | null;
  url: string;
}

/** Searches customers, charges, invoices, payment intents, prices, products or subscriptions. */
export const search = defineCommand({
  key: 'search',
  title: 'Search',
  description:
    'Finds objects of one resource with Stripe’s search query language (e.g. email~"example.com", status:"active" AND metadata["plan"]:"pro", amount>1000), following next_page past 100 results. New objects take up to a minute to be searchable on Stripe.',
  input: (z) =>
    z.object({
      resource: z.enum(SEARCHABLE).meta({
        title: 'Resource',
        description:
          'What to search: customers, charges, invoices, payment_intents, prices, products or subscriptions.',
      }),
      query: z.string().trim().min(1).max(1000).meta({
        title: 'Query',
        description:
          'Stripe’s search query: field:value (exact), field~value (contains), >, <, -field (not), joined by AND or OR, e.g. email~"example.com".',
      }),
      limit: limitField(z, 'How many to return in all (default 10).'),
      page: z.string().min(1).max(5000).optional().meta({
        title: 'Page',
        description: 'Resume from here: the next_page of a previous result.',
      }),
    }),
  output: (z) =>
    z
      .looseObject({
        object: objectType(z, 'search_result'),
        data: z
          .array(
            z.looseObject({
              id: z.string().meta({ title: 'Id', description: 'The object’s id.' }),
              object: z.string().meta({ title: 'Object Type', description: 'customer, charge, invoice, …' }),
              created: unixTime(z, 'Created', 'When it was created').optional(),
              livemode: livemode(z).optional(),
              metadata: metadata(z).nullable().optional(),
            }),
          )
          .meta({ title: 'Data', description: 'The objects found, as Stripe answers for them.' }),
        has_more: z.boolean().meta({
          title: 'Has More',
          description: 'Whether more objects match: give next_page as page, or a higher limit.',
        }),
        next_page: z.string().nullable().meta({
          title: 'Next Page',
          description: 'Give this as page to read the objects that follow; null when there are no more.',
        }),
        url: z
          .string()
          .meta({ title: 'URL', description: 'The search’s API path, e.g. /v1/customers/search.' }),
      })
      .meta(
        resultView({
          view: 'table',
          list: 'data',
          more: { path: 'has_more', note: 'more match on Stripe (has_more): raise the limit to read them' },
        }),
      ),
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: PaymentsContext, { signal }): Promise<StripeSearchResult> {
    const path = `/v1/${input.resource}/search`;
    let url = path;
    // Each page asks for no more than is still wanted, so the last one ends where the limit does
    // and its next_page resumes exactly after it.
    const { items, next } = await collect<SearchItem>(
      async (page, pageLimit) => {
        const answer = await stripeCall<SearchPage>(
          ctx.http,
          'GET',
          path,
          { query: input.query, limit: pageLimit, page },
          signal,
        );
        if (!answer || !Array.isArray(answer.data)) {
          throw new ProviderError(`Stripe answered GET ${path} without a search result`, {
            providerCode: 'unexpected_response',
            retryable: false,
          });
        }
        url = answer.url ?? path;
        return { items: answer.data, next: answer.has_more ? (answer.next_page ?? undefined) : undefined };
      },
      { pageSize: MAX_PAGE, max: input.limit, cursor: input.page },
    );
    return {
      object: 'search_result',
      data: items,
      has_more: next !== undefined,
      next_page: next ?? null,
      url,
    };
  },
});
