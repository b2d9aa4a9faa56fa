import { type StoredObject, stripeStyleId } from '../stripe-state.js';

// A product object, which products, prices (`product_data`) and checkout line items all make: a file
// of its own, so that products and prices, which make each other's objects, import it and not
// each other.

/** Fields of a new product. */
export interface ProductFields {
  id?: string;
  created: number;
  name: string;
  description?: string | null;
  active?: boolean;
  metadata?: Record<string, string>;
  unitLabel?: string | null;
  url?: string | null;
  statementDescriptor?: string | null;
  images?: string[];
  marketingFeatures?: string[];
}

/**
 * A product in the pinned version's shape: `marketing_features` (which replaced `features`),
 * `tax_details`, `type`.
 */
export function buildProduct(fields: ProductFields): StoredObject {
  return {
    id: fields.id ?? stripeStyleId('prod_'),
    object: 'product',
    active: fields.active ?? true,
    created: fields.created,
    default_price: null,
    description: fields.description ?? null,
    images: fields.images ?? [],
    livemode: false,
    marketing_features: (fields.marketingFeatures ?? []).map((name) => ({ name })),
    metadata: fields.metadata ?? {},
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: fields.statementDescriptor ?? null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: fields.unitLabel ?? null,
    updated: fields.created,
    url: fields.url ?? null,
  };
}
