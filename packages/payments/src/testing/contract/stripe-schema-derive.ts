import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { StripeApiSchema, StripeSchemaOperation } from './stripe-contract.js';

/**
 * Derives the simulator's contract for the current Stripe API version from the TypeScript types of
 * the official `stripe` package (what `contracts/README.md` names as the current, machine-readable
 * description): JSON Schema for the request parameters and the response of every operation the
 * simulator serves. Run by `stripe-schema.test.ts`, which fails when the committed file differs from
 * what this derives, and writes it with `STRIPE_SCHEMA_WRITE=1`.
 *
 * Rules: a required TypeScript property is required, an optional one is not; every object is closed
 * (`additionalProperties: false`), so a field of an older version is caught as well as a missing one;
 * string-literal unions are enums unless joined with `OtherString` (Stripe's open enums); `Decimal`
 * is a decimal string on the wire; an expandable reference (`string | Customer`) keeps the object
 * branch only for the resources the simulator can expand, and is an id otherwise.
 */

type Schema = Record<string, unknown>;

/** The file this module writes, beside it. */
export const STRIPE_SCHEMA_FILE = 'stripe-api.schema.json';

/**
 * The resources the simulator serves. A response that embeds any other Stripe resource (a payment
 * intent inside an error, a customer's `sources`) gets a schema that accepts nothing there, since
 * the simulator never returns one; an expandable reference to it is an id.
 */
const SERVED = new Set([
  'Balance',
  'BalanceTransaction',
  'Billing.Meter',
  'Billing.MeterEvent',
  'BillingPortal.Session',
  'Charge',
  'Checkout.Session',
  'Coupon',
  'Customer',
  'DeletedCoupon',
  'DeletedCustomer',
  'DeletedProduct',
  'Discount',
  'Dispute',
  'DeletedInvoice',
  'DeletedInvoiceItem',
  'Invoice',
  'InvoiceItem',
  'InvoiceLineItem',
  'InvoicePayment',
  'LineItem',
  'PaymentIntent',
  'PaymentLink',
  'PaymentMethod',
  'Payout',
  'Plan',
  'Price',
  'Product',
  'PromotionCode',
  'Refund',
  'SetupIntent',
  'Subscription',
  'SubscriptionItem',
  'SubscriptionSchedule',
  'V2.Core.EventDestination',
  'V2.DeletedObject',
  'WebhookEndpoint',
  'DeletedWebhookEndpoint',
]);

/** The operations the simulator serves: method, path, parameter type and response type (stripe's names). */
const OPERATIONS: [string, string, string, string][] = [
  ['GET', '/v1/customers', 'CustomerListParams', 'ApiList<Customer>'],
  ['POST', '/v1/customers', 'CustomerCreateParams', 'Customer'],
  ['GET', '/v1/customers/search', 'CustomerSearchParams', 'ApiSearchResult<Customer>'],
  ['GET', '/v1/customers/{customer}', 'CustomerRetrieveParams', 'Customer | DeletedCustomer'],
  ['POST', '/v1/customers/{customer}', 'CustomerUpdateParams', 'Customer'],
  ['DELETE', '/v1/customers/{customer}', 'CustomerDeleteParams', 'DeletedCustomer'],
  [
    'GET',
    '/v1/customers/{customer}/payment_methods',
    'CustomerListPaymentMethodsParams',
    'ApiList<PaymentMethod>',
  ],
  ['GET', '/v1/payment_methods', 'PaymentMethodListParams', 'ApiList<PaymentMethod>'],
  ['GET', '/v1/payment_methods/{payment_method}', 'PaymentMethodRetrieveParams', 'PaymentMethod'],
  ['POST', '/v1/payment_methods/{payment_method}/attach', 'PaymentMethodAttachParams', 'PaymentMethod'],
  ['POST', '/v1/payment_methods/{payment_method}/detach', 'PaymentMethodDetachParams', 'PaymentMethod'],
  ['GET', '/v1/products', 'ProductListParams', 'ApiList<Product>'],
  ['POST', '/v1/products', 'ProductCreateParams', 'Product'],
  ['GET', '/v1/products/search', 'ProductSearchParams', 'ApiSearchResult<Product>'],
  ['GET', '/v1/products/{id}', 'ProductRetrieveParams', 'Product'],
  ['POST', '/v1/products/{id}', 'ProductUpdateParams', 'Product'],
  ['DELETE', '/v1/products/{id}', 'ProductDeleteParams', 'DeletedProduct'],
  ['GET', '/v1/prices', 'PriceListParams', 'ApiList<Price>'],
  ['POST', '/v1/prices', 'PriceCreateParams', 'Price'],
  ['GET', '/v1/prices/search', 'PriceSearchParams', 'ApiSearchResult<Price>'],
  ['GET', '/v1/prices/{price}', 'PriceRetrieveParams', 'Price'],
  ['POST', '/v1/prices/{price}', 'PriceUpdateParams', 'Price'],
  ['GET', '/v1/plans', 'PlanListParams', 'ApiList<Plan>'],
  ['GET', '/v1/plans/{plan}', 'PlanRetrieveParams', 'Plan'],
  ['GET', '/v1/subscriptions', 'SubscriptionListParams', 'ApiList<Subscription>'],
  ['POST', '/v1/subscriptions', 'SubscriptionCreateParams', 'Subscription'],
  ['GET', '/v1/subscriptions/search', 'SubscriptionSearchParams', 'ApiSearchResult<Subscription>'],
  ['GET', '/v1/subscriptions/{subscription_exposed_id}', 'SubscriptionRetrieveParams', 'Subscription'],
  ['POST', '/v1/subscriptions/{subscription_exposed_id}', 'SubscriptionUpdateParams', 'Subscription'],
  ['DELETE', '/v1/subscriptions/{subscription_exposed_id}', 'SubscriptionCancelParams', 'Subscription'],
  ['POST', '/v1/subscriptions/{subscription}/resume', 'SubscriptionResumeParams', 'Subscription'],
  ['GET', '/v1/invoices', 'InvoiceListParams', 'ApiList<Invoice>'],
  ['POST', '/v1/invoices', 'InvoiceCreateParams', 'Invoice'],
  ['GET', '/v1/invoices/search', 'InvoiceSearchParams', 'ApiSearchResult<Invoice>'],
  ['POST', '/v1/invoices/create_preview', 'InvoiceCreatePreviewParams', 'Invoice'],
  ['GET', '/v1/invoices/{invoice}', 'InvoiceRetrieveParams', 'Invoice'],
  ['POST', '/v1/invoices/{invoice}', 'InvoiceUpdateParams', 'Invoice'],
  ['DELETE', '/v1/invoices/{invoice}', 'InvoiceDeleteParams', 'DeletedInvoice'],
  ['GET', '/v1/invoices/{invoice}/lines', 'InvoiceListLineItemsParams', 'ApiList<InvoiceLineItem>'],
  ['POST', '/v1/invoices/{invoice}/finalize', 'InvoiceFinalizeInvoiceParams', 'Invoice'],
  ['POST', '/v1/invoices/{invoice}/send', 'InvoiceSendInvoiceParams', 'Invoice'],
  ['POST', '/v1/invoices/{invoice}/pay', 'InvoicePayParams', 'Invoice'],
  ['POST', '/v1/invoices/{invoice}/void', 'InvoiceVoidInvoiceParams', 'Invoice'],
  ['POST', '/v1/invoices/{invoice}/mark_uncollectible', 'InvoiceMarkUncollectibleParams', 'Invoice'],
  ['GET', '/v1/invoiceitems', 'InvoiceItemListParams', 'ApiList<InvoiceItem>'],
  ['POST', '/v1/invoiceitems', 'InvoiceItemCreateParams', 'InvoiceItem'],
  ['GET', '/v1/invoiceitems/{invoiceitem}', 'InvoiceItemRetrieveParams', 'InvoiceItem'],
  ['DELETE', '/v1/invoiceitems/{invoiceitem}', 'InvoiceItemDeleteParams', 'DeletedInvoiceItem'],
  ['GET', '/v1/payment_intents', 'PaymentIntentListParams', 'ApiList<PaymentIntent>'],
  ['POST', '/v1/payment_intents', 'PaymentIntentCreateParams', 'PaymentIntent'],
  ['GET', '/v1/payment_intents/search', 'PaymentIntentSearchParams', 'ApiSearchResult<PaymentIntent>'],
  ['GET', '/v1/payment_intents/{intent}', 'PaymentIntentRetrieveParams', 'PaymentIntent'],
  ['POST', '/v1/payment_intents/{intent}', 'PaymentIntentUpdateParams', 'PaymentIntent'],
  ['POST', '/v1/payment_intents/{intent}/confirm', 'PaymentIntentConfirmParams', 'PaymentIntent'],
  ['POST', '/v1/payment_intents/{intent}/capture', 'PaymentIntentCaptureParams', 'PaymentIntent'],
  ['POST', '/v1/payment_intents/{intent}/cancel', 'PaymentIntentCancelParams', 'PaymentIntent'],
  ['GET', '/v1/charges', 'ChargeListParams', 'ApiList<Charge>'],
  ['GET', '/v1/charges/search', 'ChargeSearchParams', 'ApiSearchResult<Charge>'],
  ['GET', '/v1/charges/{charge}', 'ChargeRetrieveParams', 'Charge'],
  ['GET', '/v1/refunds', 'RefundListParams', 'ApiList<Refund>'],
  ['POST', '/v1/refunds', 'RefundCreateParams', 'Refund'],
  ['GET', '/v1/refunds/{refund}', 'RefundRetrieveParams', 'Refund'],
  ['POST', '/v1/refunds/{refund}', 'RefundUpdateParams', 'Refund'],
  ['POST', '/v1/refunds/{refund}/cancel', 'RefundCancelParams', 'Refund'],
  ['GET', '/v1/setup_intents', 'SetupIntentListParams', 'ApiList<SetupIntent>'],
  ['POST', '/v1/setup_intents', 'SetupIntentCreateParams', 'SetupIntent'],
  ['GET', '/v1/setup_intents/{intent}', 'SetupIntentRetrieveParams', 'SetupIntent'],
  ['POST', '/v1/setup_intents/{intent}', 'SetupIntentUpdateParams', 'SetupIntent'],
  ['POST', '/v1/billing_portal/sessions', 'BillingPortal.SessionCreateParams', 'BillingPortal.Session'],
  ['GET', '/v1/checkout/sessions', 'Checkout.SessionListParams', 'ApiList<Checkout.Session>'],
  ['POST', '/v1/checkout/sessions', 'Checkout.SessionCreateParams', 'Checkout.Session'],
  ['GET', '/v1/checkout/sessions/{session}', 'Checkout.SessionRetrieveParams', 'Checkout.Session'],
  [
    'GET',
    '/v1/checkout/sessions/{session}/line_items',
    'Checkout.SessionListLineItemsParams',
    'ApiList<LineItem>',
  ],
  ['POST', '/v1/checkout/sessions/{session}/expire', 'Checkout.SessionExpireParams', 'Checkout.Session'],
  ['GET', '/v1/payment_links', 'PaymentLinkListParams', 'ApiList<PaymentLink>'],
  ['POST', '/v1/payment_links', 'PaymentLinkCreateParams', 'PaymentLink'],
  ['GET', '/v1/payment_links/{payment_link}', 'PaymentLinkRetrieveParams', 'PaymentLink'],
  ['POST', '/v1/payment_links/{payment_link}', 'PaymentLinkUpdateParams', 'PaymentLink'],
  [
    'GET',
    '/v1/payment_links/{payment_link}/line_items',
    'PaymentLinkListLineItemsParams',
    'ApiList<LineItem>',
  ],
  ['GET', '/v1/disputes', 'DisputeListParams', 'ApiList<Dispute>'],
  ['GET', '/v1/disputes/{dispute}', 'DisputeRetrieveParams', 'Dispute'],
  ['POST', '/v1/disputes/{dispute}', 'DisputeUpdateParams', 'Dispute'],
  ['POST', '/v1/disputes/{dispute}/close', 'DisputeCloseParams', 'Dispute'],
  ['GET', '/v1/payouts', 'PayoutListParams', 'ApiList<Payout>'],
  ['POST', '/v1/payouts', 'PayoutCreateParams', 'Payout'],
  ['GET', '/v1/payouts/{payout}', 'PayoutRetrieveParams', 'Payout'],
  ['POST', '/v1/payouts/{payout}', 'PayoutUpdateParams', 'Payout'],
  ['POST', '/v1/payouts/{payout}/cancel', 'PayoutCancelParams', 'Payout'],
  ['GET', '/v1/subscription_schedules', 'SubscriptionScheduleListParams', 'ApiList<SubscriptionSchedule>'],
  ['POST', '/v1/subscription_schedules', 'SubscriptionScheduleCreateParams', 'SubscriptionSchedule'],
  [
    'GET',
    '/v1/subscription_schedules/{schedule}',
    'SubscriptionScheduleRetrieveParams',
    'SubscriptionSchedule',
  ],
  [
    'POST',
    '/v1/subscription_schedules/{schedule}',
    'SubscriptionScheduleUpdateParams',
    'SubscriptionSchedule',
  ],
  [
    'POST',
    '/v1/subscription_schedules/{schedule}/cancel',
    'SubscriptionScheduleCancelParams',
    'SubscriptionSchedule',
  ],
  [
    'POST',
    '/v1/subscription_schedules/{schedule}/release',
    'SubscriptionScheduleReleaseParams',
    'SubscriptionSchedule',
  ],
  ['GET', '/v1/billing/meters', 'Billing.MeterListParams', 'ApiList<Billing.Meter>'],
  ['GET', '/v1/billing/meters/{id}', 'Billing.MeterRetrieveParams', 'Billing.Meter'],
  ['POST', '/v1/billing/meter_events', 'Billing.MeterEventCreateParams', 'Billing.MeterEvent'],
  ['GET', '/v1/balance_transactions', 'BalanceTransactionListParams', 'ApiList<BalanceTransaction>'],
  ['GET', '/v1/balance_transactions/{id}', 'BalanceTransactionRetrieveParams', 'BalanceTransaction'],
  ['GET', '/v1/balance', 'BalanceRetrieveParams', 'Balance'],
  ['GET', '/v1/events', 'EventListParams', 'ApiList<SimulatedEvent>'],
  ['GET', '/v1/events/{id}', 'EventRetrieveParams', 'SimulatedEvent'],
  ['GET', '/v1/coupons', 'CouponListParams', 'ApiList<Coupon>'],
  ['POST', '/v1/coupons', 'CouponCreateParams', 'Coupon'],
  ['GET', '/v1/coupons/{coupon}', 'CouponRetrieveParams', 'Coupon'],
  ['POST', '/v1/coupons/{coupon}', 'CouponUpdateParams', 'Coupon'],
  ['DELETE', '/v1/coupons/{coupon}', 'CouponDeleteParams', 'DeletedCoupon'],
  ['GET', '/v1/promotion_codes', 'PromotionCodeListParams', 'ApiList<PromotionCode>'],
  ['POST', '/v1/promotion_codes', 'PromotionCodeCreateParams', 'PromotionCode'],
  ['GET', '/v1/promotion_codes/{promotion_code}', 'PromotionCodeRetrieveParams', 'PromotionCode'],
  ['POST', '/v1/promotion_codes/{promotion_code}', 'PromotionCodeUpdateParams', 'PromotionCode'],
  [
    'GET',
    '/v2/core/event_destinations',
    'V2.Core.EventDestinationListParams',
    'V2List<V2.Core.EventDestination>',
  ],
  ['POST', '/v2/core/event_destinations', 'V2.Core.EventDestinationCreateParams', 'V2.Core.EventDestination'],
  [
    'GET',
    '/v2/core/event_destinations/{id}',
    'V2.Core.EventDestinationRetrieveParams',
    'V2.Core.EventDestination',
  ],
  ['DELETE', '/v2/core/event_destinations/{id}', 'V2.Core.EventDestinationDeleteParams', 'V2.DeletedObject'],
  ['GET', '/v1/webhook_endpoints', 'WebhookEndpointListParams', 'ApiList<WebhookEndpoint>'],
  ['POST', '/v1/webhook_endpoints', 'WebhookEndpointCreateParams', 'WebhookEndpoint'],
  ['GET', '/v1/webhook_endpoints/{webhook_endpoint}', 'WebhookEndpointRetrieveParams', 'WebhookEndpoint'],
  ['POST', '/v1/webhook_endpoints/{webhook_endpoint}', 'WebhookEndpointUpdateParams', 'WebhookEndpoint'],
  [
    'DELETE',
    '/v1/webhook_endpoints/{webhook_endpoint}',
    'WebhookEndpointDeleteParams',
    'DeletedWebhookEndpoint',
  ],
];

/** The events the simulator records: Stripe's typed event for each. */
const EVENTS = [
  'ChargeCapturedEvent',
  'ChargeDisputeClosedEvent',
  'ChargeDisputeCreatedEvent',
  'ChargeDisputeUpdatedEvent',
  'ChargeFailedEvent',
  'ChargeRefundedEvent',
  'ChargeSucceededEvent',
  'CheckoutSessionCompletedEvent',
  'CheckoutSessionExpiredEvent',
  'CouponCreatedEvent',
  'CouponDeletedEvent',
  'CouponUpdatedEvent',
  'CustomerCreatedEvent',
  'CustomerDeletedEvent',
  'CustomerUpdatedEvent',
  'CustomerSubscriptionCreatedEvent',
  'CustomerSubscriptionDeletedEvent',
  'CustomerSubscriptionResumedEvent',
  'CustomerSubscriptionUpdatedEvent',
  'InvoiceCreatedEvent',
  'InvoiceDeletedEvent',
  'InvoiceFinalizedEvent',
  'InvoiceItemCreatedEvent',
  'InvoiceItemDeletedEvent',
  'InvoiceMarkedUncollectibleEvent',
  'InvoicePaidEvent',
  'InvoicePaymentFailedEvent',
  'InvoicePaymentSucceededEvent',
  'InvoiceSentEvent',
  'InvoiceUpdatedEvent',
  'InvoiceVoidedEvent',
  'PaymentIntentAmountCapturableUpdatedEvent',
  'PaymentIntentCanceledEvent',
  'PaymentIntentCreatedEvent',
  'PaymentIntentPaymentFailedEvent',
  'PaymentIntentSucceededEvent',
  'PaymentLinkCreatedEvent',
  'PaymentLinkUpdatedEvent',
  'PaymentMethodAttachedEvent',
  'PaymentMethodDetachedEvent',
  'PayoutCanceledEvent',
  'PayoutCreatedEvent',
  'PriceCreatedEvent',
  'PriceUpdatedEvent',
  'ProductCreatedEvent',
  'ProductDeletedEvent',
  'ProductUpdatedEvent',
  'PromotionCodeCreatedEvent',
  'PromotionCodeUpdatedEvent',
  'RefundCreatedEvent',
  'RefundUpdatedEvent',
  'SetupIntentCreatedEvent',
  'SetupIntentSucceededEvent',
  'SubscriptionScheduleCanceledEvent',
  'SubscriptionScheduleCompletedEvent',
  'SubscriptionScheduleCreatedEvent',
  'SubscriptionScheduleReleasedEvent',
  'SubscriptionScheduleUpdatedEvent',
];

/** `Stripe.Decimal`: the SDK's own number type, a decimal string on the wire. */
const DECIMAL: Schema = { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' };

/** Fields of `StripeRawError` that stripe-node adds on the client side: not part of the wire body. */
const CLIENT_ERROR_FIELDS = ['headers', 'statusCode', 'requestId', 'detail', 'exception'];

/** Generic containers that are inlined rather than named. */
const LISTS = new Set(['ApiList', 'ApiSearchResult', 'V2List']);

/** The folder of the installed `stripe` package. */
function stripePackageDir(): string {
  // The package's exports map hides package.json: walk up from its entry point.
  let dir = dirname(createRequire(import.meta.url).resolve('stripe'));
  while (!existsSync(join(dir, 'OPENAPI_VERSION'))) {
    if (dirname(dir) === dir) throw new Error('the stripe package has no OPENAPI_VERSION file');
    dir = dirname(dir);
  }
  return dir;
}

/**
 * Derives the contract from the installed `stripe` package's types. Deterministic: the same
 * package gives the same file byte for byte.
 */
export function deriveStripeSchema(): StripeApiSchema {
  const packageDir = stripePackageDir();
  const resourcesDir = join(packageDir, 'esm', 'resources');
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const openapi = readFileSync(join(packageDir, 'OPENAPI_VERSION'), 'utf8').trim();
  const apiVersion = /ApiVersion = '([^']+)'/.exec(
    readFileSync(join(packageDir, 'esm', 'apiVersion.js'), 'utf8'),
  )?.[1];
  if (!apiVersion) throw new Error('stripe package: no pinned ApiVersion found');

  // A virtual module beside this file, so `stripe` resolves as it does for the package's tests.
  const here = dirname(fileURLToPath(import.meta.url));
  const virtual = join(here, '__stripe_schema_probe__.ts');
  const aliases = OPERATIONS.map(
    ([, , params, response], index) =>
      `export type P${index} = Stripe.${params};\nexport type R${index} = ${qualify(response)};`,
  ).join('\n');
  const error = `export type ErrorBody = { error: Omit<Stripe.StripeRawError, ${CLIENT_ERROR_FIELDS.map((field) => `'${field}'`).join(' | ')}> };`;
  const source = `import type Stripe from 'stripe';\n${aliases}\n${error}\n`;
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, create) =>
    fileName === virtual
      ? ts.createSourceFile(fileName, source, language, true)
      : getSourceFile(fileName, language, onError, create);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => fileName === virtual || fileExists(fileName);
  const program = ts.createProgram([virtual], options, host);
  const checker = program.getTypeChecker();
  const probe = program.getSourceFile(virtual);
  if (!probe) throw new Error('schema probe did not load');
  const diagnostics = ts.getPreEmitDiagnostics(program, probe);
  if (diagnostics.length > 0) {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostics[0]?.messageText ?? '', '\n'));
  }
  const exported = new Map<string, ts.Type>();
  for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(probe) as ts.Symbol)) {
    exported.set(symbol.name, checker.getDeclaredTypeOfSymbol(symbol));
  }

  const deriver = new Deriver(checker, resourcesDir);
  const operations = OPERATIONS.map(([method, path, , responseType], index): StripeSchemaOperation => {
    const params = exported.get(`P${index}`);
    const response = exported.get(`R${index}`);
    if (!params || !response) throw new Error(`no types for ${method} ${path}`);
    let paramsSchema = deriver.schema(params, 'param');
    if (responseType.startsWith('V2List<')) {
      // stripe-node follows `next_page_url` as given, so its list types lack the `page` token it carries.
      const def = deriver.defs.get(String(paramsSchema.$ref).replace('#/$defs/', '')) as Schema;
      paramsSchema = { ...def, properties: { ...(def.properties as Schema), page: { type: 'string' } } };
    }
    const v2 = path.startsWith('/v2/');
    return {
      method,
      path,
      in: method !== 'POST' ? 'query' : v2 ? 'json' : 'form',
      params: paramsSchema,
      response: deriver.schema(response, 'response'),
    };
  });
  const errorType = exported.get('ErrorBody');
  if (!errorType) throw new Error('no type for error bodies');
  const errorSchema = deriver.schema(errorType, 'response');
  const $defs = Object.fromEntries([...deriver.defs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return {
    $comment: `Derived from the types of stripe@${pkg.version} by stripe-schema-derive.ts; do not edit.`,
    apiVersion,
    source: { package: 'stripe', version: pkg.version, openapi },
    operations,
    error: errorSchema,
    $defs,
  };
}

/** `ApiList<Customer>` → `Stripe.ApiList<Stripe.Customer>`: every name is the Stripe namespace's. */
function qualify(expression: string): string {
  return expression
    .replace('SimulatedEvent', `(${EVENTS.join(' | ')})`)
    .replace(/\b([A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)*)\b/g, 'Stripe.$1');
}

type Mode = 'param' | 'response';

class Deriver {
  readonly defs = new Map<string, Schema>();
  readonly #inProgress = new Set<string>();

  readonly checker: ts.TypeChecker;
  readonly resourcesDir: string;

  constructor(checker: ts.TypeChecker, resourcesDir: string) {
    this.checker = checker;
    this.resourcesDir = resourcesDir;
  }

  schema(type: ts.Type, mode: Mode): Schema {
    const { checker } = this;
    if (type.flags & ts.TypeFlags.Any || type.flags & ts.TypeFlags.Unknown) return {};
    if (type.flags & ts.TypeFlags.StringLiteral) return { const: (type as ts.StringLiteralType).value };
    if (type.flags & ts.TypeFlags.NumberLiteral) return { const: (type as ts.NumberLiteralType).value };
    if (type.flags & ts.TypeFlags.BooleanLiteral) return { const: checker.typeToString(type) === 'true' };
    if (type.flags & ts.TypeFlags.String) return { type: 'string' };
    if (type.flags & ts.TypeFlags.Number) return { type: 'number' };
    if (type.flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (type.flags & ts.TypeFlags.Null) return { type: 'null' };
    if (type.isUnion()) return this.#union(type, mode);
    if (type.aliasSymbol?.getName() === 'Decimal') return DECIMAL;
    if (type.isIntersection()) {
      // `OtherString` is `string & Record<never, never>`: a string.
      if (type.types.some((part) => part.flags & ts.TypeFlags.String)) return { type: 'string' };
      return { allOf: type.types.map((part) => this.schema(part, mode)) };
    }
    if (type.flags & ts.TypeFlags.Object) return this.#object(type as ts.ObjectType, mode);
    throw new Error(`unsupported type ${checker.typeToString(type)}`);
  }

  #union(type: ts.UnionType, mode: Mode): Schema {
    const parts = type.types.filter((part) => !(part.flags & ts.TypeFlags.Undefined));
    const booleans = parts.filter((part) => part.flags & ts.TypeFlags.BooleanLiteral);
    const literals = parts.filter(
      (part) => part.flags & ts.TypeFlags.StringLiteral,
    ) as ts.StringLiteralType[];
    const plainString = parts.some((part) => part.flags & ts.TypeFlags.String);
    // `'a' | 'b' | OtherString` is Stripe's open enum: the listed values are the ones this version
    // documents, and the simulator sends and accepts only those.
    const others = parts.filter(
      (part) =>
        !(part.flags & (ts.TypeFlags.BooleanLiteral | ts.TypeFlags.StringLiteral)) &&
        !(literals.length > 0 && isOtherString(part)),
    );
    const branches: Schema[] = [];
    if (booleans.length === 2) branches.push({ type: 'boolean' });
    else for (const part of booleans) branches.push(this.schema(part, mode));
    if (!plainString && literals.length > 0) {
      branches.push({ type: 'string', enum: literals.map((literal) => literal.value).sort() });
    }
    for (const part of others) branches.push(this.schema(part, mode));
    // An expandable reference to a resource the simulator does not serve is only ever its id.
    const served = branches.filter((branch) => branch.not === undefined);
    const unique = dedupe(served.length > 0 ? served : branches);
    if (unique.length === 1) return unique[0] as Schema;
    const types = unique.map((branch) => (Object.keys(branch).length === 1 ? branch.type : undefined));
    if (types.every((item) => typeof item === 'string')) return { type: types };
    return { anyOf: structuredFirst(unique) };
  }

  #object(type: ts.ObjectType, mode: Mode): Schema {
    const { checker } = this;
    if (checker.isArrayType(type)) {
      const [item] = checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: item ? this.schema(item, mode) : {} };
    }
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const symbolName = symbol?.getName();
    const reference = type as ts.TypeReference;
    if (symbolName && LISTS.has(symbolName) && reference.target) {
      return this.#structure(type, mode);
    }
    const name = this.#defName(type);
    if (!name) return this.#structure(type, mode);
    if (mode === 'response' && this.#isResource(type) && !SERVED.has(name) && !EVENTS.includes(name)) {
      return { not: {}, description: `Stripe.${name}, which the simulator never returns` };
    }
    if (!this.defs.has(name) && !this.#inProgress.has(name)) {
      this.#inProgress.add(name);
      const structure = this.#structure(type, mode);
      this.#inProgress.delete(name);
      this.defs.set(name, structure);
    }
    return { $ref: `#/$defs/${name}` };
  }

  /** The properties of an object type as a closed JSON Schema object. */
  #structure(type: ts.Type, mode: Mode): Schema {
    const { checker } = this;
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (!declaration) continue;
      const propertyType = checker.getTypeOfSymbolAtLocation(property, declaration);
      // `deleted?: void` marks a field that only the deleted form of an object has.
      if (isVoid(propertyType)) continue;
      try {
        properties[property.name] = this.schema(propertyType, mode);
      } catch (error) {
        throw new Error(`${checker.typeToString(type)}.${property.name}: ${(error as Error).message}`);
      }
      if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.name);
    }
    const index = checker.getIndexInfosOfType(type)[0];
    const schema: Schema = { type: 'object' };
    if (Object.keys(properties).length > 0) schema.properties = properties;
    if (required.length > 0) schema.required = required;
    schema.additionalProperties = index ? this.schema(index.type, mode) : false;
    return schema;
  }

  /**
   * The name of a declared interface as Stripe spells it: its namespaces inside the file, prefixed by
   * its folder under `resources/` (`Subscription.AutomaticTax`, `V2.Core.EventDestination`).
   * Anonymous object types have none and are inlined.
   */
  #defName(type: ts.Type): string | undefined {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const declaration = symbol?.declarations?.[0];
    if (!symbol || !declaration || !(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class))) {
      return undefined;
    }
    const file = declaration.getSourceFile().fileName;
    const inFile = this.checker.getFullyQualifiedName(symbol).replace(/^"[^"]*"\./, '');
    const folder = relative(this.resourcesDir, dirname(file));
    const prefix = folder && !folder.startsWith('..') ? `${folder.split(sep).join('.')}.` : '';
    // Parameter types of V2 resources are declared inside `namespace V2.Core` already.
    const name = inFile.startsWith(prefix) ? inFile : `${prefix}${inFile}`;
    if (this.checker.getTypeArguments(type as ts.TypeReference).length > 0) {
      throw new Error(`generic type ${name} would need a name per instance`);
    }
    return name;
  }

  /** A top-level resource: declared outside any namespace, with an `object` property. */
  #isResource(type: ts.Type): boolean {
    const declaration = (type.aliasSymbol ?? type.getSymbol())?.declarations?.[0];
    return (
      declaration !== undefined &&
      ts.isSourceFile(declaration.parent) &&
      this.checker.getPropertyOfType(type, 'object') !== undefined
    );
  }
}

/**
 * The branches of an `anyOf` with arrays and objects before scalars. Form-encoded parameters are
 * checked with Ajv's `coerceTypes: 'array'`, which, trying a scalar branch on a one-item array
 * (`discounts[0][coupon]=…` against `Emptyable<Discount[]>`), replaces the value by its item and
 * leaves the later array branch looking at an object: a one-item list would be refused. Tried
 * first, the structured branch sees the value as sent; a scalar (`discounts=` to clear) still
 * falls through to its own branch.
 */
function structuredFirst(branches: Schema[]): Schema[] {
  const scalar = (branch: Schema) =>
    typeof branch.type === 'string' && branch.type !== 'array' && branch.type !== 'object';
  return [...branches.filter((branch) => !scalar(branch)), ...branches.filter(scalar)];
}

/** `OtherString`: `string & Record<never, never>`. */
function isOtherString(type: ts.Type): boolean {
  return type.isIntersection() && type.types.some((part) => part.flags & ts.TypeFlags.String);
}

function isVoid(type: ts.Type): boolean {
  const parts = type.isUnion() ? type.types : [type];
  return parts.every((part) => part.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined));
}

function dedupe(schemas: Schema[]): Schema[] {
  const seen = new Set<string>();
  return schemas.filter((schema) => {
    const key = JSON.stringify(schema);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
