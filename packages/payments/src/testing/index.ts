export {
  type ContractIssue,
  type ContractOperation,
  loadStripeContract,
  STRIPE_SPEC_FILE,
  StripeContract,
  toJsonSchema,
} from './stripe-contract.js';
export { type FaultMatch, matchCall, stripeFaults } from './stripe-faults.js';
export {
  createStripeHandlers,
  handleStripeRequest,
  maskKey,
  type RestrictedAccess,
  SIMULATED_API_VERSION,
  type StripeHandlersOptions,
} from './stripe-handlers.js';
export {
  buildBalanceTransaction,
  buildCoupon,
  buildCustomer,
  buildPrice,
  buildProduct,
  buildSubscription,
} from './stripe-objects.js';
export { decodeStripeParams, type StripeParam, type StripeParams } from './stripe-params.js';
export { SEED_IDS, seedStripeState } from './stripe-seed.js';
export {
  type PaymentsSandbox,
  type PaymentsSimulatorOptions,
  startPaymentsSimulator,
} from './stripe-simulator.js';
export {
  Collection,
  type SavedResponse,
  type StoredObject,
  StripeState,
  type StripeStateOptions,
  stripeStyleId,
} from './stripe-state.js';
