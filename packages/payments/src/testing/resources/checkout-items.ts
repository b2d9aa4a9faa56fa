import { invalidRequest, missingParam, noSuch } from '../stripe-errors.js';
import { applyMetadata, hash, int, list, type StripeParams, str } from '../stripe-params.js';
import { type Call, requestOf } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';
import { newPrice } from './prices.js';
import { buildProduct } from './product-object.js';

// The line items of Checkout Sessions and Payment Links (`line_items[i][price]` or
// `line_items[i][price_data]`, with `quantity`), as Stripe answers them on
// `GET …/{id}/line_items`: objects `item` that embed the whole price. Stripe's rules: one of price
// or price_data per item, the price active, a quantity of at least 1, one currency for all items.

/**
 * Stripe's `item`: one line of a Checkout Session or Payment Link. `created` (not shown: a line item
 * has none) only orders the pages.
 */
function lineItem(price: StoredObject, quantity: number, description: string, created: number): StoredObject {
  const amount = (price.unit_amount as number) * quantity;
  return {
    id: stripeStyleId('li_1', 24),
    object: 'item',
    created,
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: price.currency,
    description,
    metadata: {},
    price,
    quantity,
  };
}

/** The price of one `line_items[i]`: an existing active price, or one made from `price_data`. */
function itemPrice(call: Call, item: StripeParams, name: (field: string) => string): StoredObject {
  const { state } = call;
  const priceId = str(item, 'price');
  const data = hash(item, 'price_data');
  if (priceId && data) {
    throw invalidRequest('You may only specify one of these parameters: price, price_data.', {
      param: name('price'),
    });
  }
  if (priceId) {
    const price = state.prices.get(priceId);
    if (!price) throw noSuch('price', priceId, name('price'), 400);
    if (!price.active) {
      throw invalidRequest(`The price \`${priceId}\` is not active: this field only accepts active prices.`, {
        param: name('price'),
      });
    }
    return price;
  }
  if (!data) throw missingParam(name('price'));
  let product = str(data, 'product');
  const productData = hash(data, 'product_data');
  if (!product && productData) {
    const productName = str(productData, 'name');
    if (!productName) throw missingParam(name('price_data][product_data][name'));
    const created = buildProduct({
      created: state.now(),
      name: productName,
      metadata: applyMetadata({}, productData),
    });
    state.products.set(created);
    state.recordEvent('product.created', created, requestOf(call));
    product = created.id;
  }
  if (!product) throw missingParam(name('price_data][product'));
  if (!state.products.has(product)) throw noSuch('product', product, name('price_data][product'), 400);
  const price = newPrice(call, data, product, name('price_data'));
  state.prices.set(price);
  return price;
}

/**
 * Reads `line_items` into Stripe's line item objects; at least one is required when `required`.
 * Prices made from `price_data` are stored, as Stripe keeps them.
 */
export function lineItemsOf(call: Call, required: boolean): StoredObject[] {
  const raw = list(call.params, 'line_items') ?? [];
  if (required && raw.length === 0) throw missingParam('line_items');
  const items = raw.map((entry, index) => {
    const item = (typeof entry === 'object' && !Array.isArray(entry) ? entry : {}) as StripeParams;
    const name = (field: string) => `line_items[${index}][${field}]`;
    const price = itemPrice(call, item, name);
    const quantity = int(item, 'quantity');
    if (quantity === undefined) throw missingParam(name('quantity'));
    if (quantity < 1) {
      throw invalidRequest('This value must be greater than or equal to 1.', { param: name('quantity') });
    }
    const product = call.state.products.get(price.product as string);
    return lineItem(price, quantity, (product?.name as string | undefined) ?? '', call.state.now());
  });
  const currencies = new Set(items.map((item) => item.currency));
  if (currencies.size > 1) {
    throw invalidRequest('All line items must share the same currency.', { param: 'line_items' });
  }
  return items;
}

/** The sum of the items' totals. */
export const totalOf = (items: readonly StoredObject[]): number =>
  items.reduce((sum, item) => sum + (item.amount_total as number), 0);
