import { createRequire } from 'node:module';
import { LinearClient } from '@linear/sdk';
import { describeSdkConformance } from './linear-sdk-conformance-suite.js';

// @linear/sdk 98.0.0, the release whose schema the simulator serves.
const { version } = createRequire(import.meta.url)('@linear/sdk/package.json') as { version: string };
describeSdkConformance(LinearClient, version);
