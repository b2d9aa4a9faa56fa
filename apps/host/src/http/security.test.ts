import { describe, expect, it } from 'vitest';
import { allowedHosts, bearerToken, needsToken } from './security.js';

const address = { address: '127.0.0.1', family: 'IPv4', port: 8787 };

describe('allowedHosts', () => {
  it('allows the loopback names with the port, and nothing else', () => {
    expect([...allowedHosts(address, '127.0.0.1')].sort()).toEqual([
      '127.0.0.1:8787',
      '[::1]:8787',
      'localhost:8787',
    ]);
  });

  it('adds the bound address and extra names, taking name:port as is', () => {
    const hosts = allowedHosts(address, '192.0.2.10', ['host.example', 'localhost:5173']);
    expect(hosts.has('192.0.2.10:8787')).toBe(true);
    expect(hosts.has('host.example:8787')).toBe(true);
    expect(hosts.has('localhost:5173')).toBe(true);
    expect(hosts.has('host.example')).toBe(false);
  });
});

describe('needsToken', () => {
  it('protects the API and /mcp, but not health, the OAuth callback, sign-in or the UI files', () => {
    expect(needsToken('GET', '/api/commands')).toBe(true);
    expect(needsToken('POST', '/mcp')).toBe(true);
    expect(needsToken('GET', '/api/oauth/docs/start')).toBe(true);
    expect(needsToken('GET', '/api/health')).toBe(false);
    expect(needsToken('GET', '/api/oauth/callback')).toBe(false);
    expect(needsToken('POST', '/api/session')).toBe(false);
    expect(needsToken('GET', '/assets/app.js')).toBe(false);
    expect(needsToken('GET', '/auth')).toBe(false);
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
