export { contractsDir, readContract, readJsonContract } from './contracts.js';
export {
  createTestServer,
  type Fault,
  type RecordedCall,
  type TestServer,
  type TestServerOptions,
} from './test-server.js';
