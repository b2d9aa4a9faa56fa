import { describe, expect, it } from 'vitest';
import { allowedHosts, bearerToken, originAllowed, safeNextPath } from './security.js';

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
    expect(hosts.has('localhost')).toBe(false);
  });

  it('takes a bare extra name without a port too, as a TLS terminator on 443 forwards it', () => {
    const hosts = allowedHosts(address, '127.0.0.1', ['host.example']);
    expect(hosts.has('host.example')).toBe(true);
    expect(hosts.has('evil.example')).toBe(false);
  });
});

describe('originAllowed', () => {
  const hosts = allowedHosts(address, '127.0.0.1', ['host.example']);

  it("accepts this server's own origins, plain or behind a TLS terminator", () => {
    expect(originAllowed('http://127.0.0.1:8787', hosts)).toBe(true);
    expect(originAllowed('http://[::1]:8787', hosts)).toBe(true);
    expect(originAllowed('https://host.example', hosts)).toBe(true);
  });

  it('refuses any other origin, an opaque one and a non-web scheme', () => {
    for (const origin of [
      'http://evil.example',
      'http://127.0.0.1:8788',
      'http://127.0.0.1:8787.evil.example',
      'null',
      'file://',
      'ftp://127.0.0.1:8787',
      'http://user@evil.example',
    ]) {
      expect(originAllowed(origin, hosts), origin).toBe(false);
    }
  });
});

describe('safeNextPath', () => {
  it('keeps a path of this server, with its query', () => {
    expect(safeNextPath('/')).toBe('/');
    expect(safeNextPath('/connections')).toBe('/connections');
    expect(safeNextPath('/api/oauth/issues/start?connection=a%20b')).toBe(
      '/api/oauth/issues/start?connection=a%20b',
    );
  });

  it('falls back to / for anything a browser could read as another origin, or no header can carry', () => {
    for (const next of [
      undefined,
      '',
      'evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/x\r\nset-cookie: a=b',
      '/%09/evil.example',
      '/%2F/evil.example',
      '/%5Cevil.example',
      '/%0d%0aset-cookie:%20a=b',
      '/%E0%A4%A',
      '/caf\u00e9',
      '/\u2028',
      '/ /evil.example',
    ]) {
      expect(safeNextPath(next), JSON.stringify(next)).toBe('/');
    }
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
