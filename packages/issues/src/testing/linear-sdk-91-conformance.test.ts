import { createRequire } from 'node:module';
import { LinearClient } from '@linear/sdk-91';
import { describeSdkConformance, type LinearClientClass } from './linear-sdk-conformance-suite.js';

// @linear/sdk 91.0.0 (installed as @linear/sdk-91): an integration built on it keeps working.
const { version } = createRequire(import.meta.url)('@linear/sdk-91/package.json') as { version: string };
describeSdkConformance(LinearClient as unknown as LinearClientClass, version);
