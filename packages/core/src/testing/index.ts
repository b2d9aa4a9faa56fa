export { contractsDir, readContract, readJsonContract } from './contracts.js';
export {
  defineSimulator,
  type RunningSimulator,
  type Simulator,
  type SimulatorOAuth,
  type SimulatorStartOptions,
} from './simulator.js';
export {
  createTestServer,
  type Fault,
  type RecordedCall,
  type TestServer,
  type TestServerOptions,
} from './test-server.js';
export {
  type ReceivedDelivery,
  startWebhookReceiver,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from './webhook-receiver.js';
