import { ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import { checkServeToken, isLoopback, MIN_REMOTE_TOKEN_LENGTH, resolveConfig } from './config.js';

function refusal(bind: string, token: string | undefined): ValidationError | undefined {
  try {
    checkServeToken(bind, token);
    return undefined;
  } catch (error) {
    if (ValidationError.isInstance(error)) return error;
    throw error;
  }
}

const STRONG = 'Zp4mW9xQ2rT7vB1nK8cJ5hL3fD6sA0gY';

describe('checkServeToken', () => {
  it('takes any token, or none, on loopback', () => {
    for (const bind of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost']) {
      expect(refusal(bind, undefined), bind).toBeUndefined();
      expect(refusal(bind, 'x'), bind).toBeUndefined();
    }
  });

  it('beyond loopback, needs a token set explicitly, naming how to set one', () => {
    const error = refusal('0.0.0.0', undefined);
    expect(error?.parameter).toBe('bind');
    expect(error?.message).toMatch(/C_HOST_TOKEN or pass --token/);
  });

  it(`beyond loopback, refuses a token shorter than ${MIN_REMOTE_TOKEN_LENGTH} characters or of a few characters repeated`, () => {
    for (const token of [
      'x',
      STRONG.slice(0, MIN_REMOTE_TOKEN_LENGTH - 1),
      'ab'.repeat(32),
      '1234567'.repeat(6),
    ]) {
      const error = refusal('192.0.2.10', token);
      expect(error?.parameter, token).toBe('token');
      expect(error?.message).toMatch(/C_HOST_TOKEN or --token/);
      expect(error?.message).not.toContain(token);
    }
    expect(refusal('192.0.2.10', STRONG)).toBeUndefined();
    expect(refusal('::', STRONG)).toBeUndefined();
  });

  it('refuses, on any bind, a token that no Authorization header could carry', () => {
    for (const token of [`${STRONG} with spaces`, `${STRONG}\t`, `${STRONG}é`]) {
      expect(refusal('127.0.0.1', token)?.parameter, JSON.stringify(token)).toBe('token');
    }
  });
});

describe('isLoopback', () => {
  it('knows loopback addresses and nothing else', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('[::1]')).toBe(true);
    expect(isLoopback('0.0.0.0')).toBe(false);
    expect(isLoopback('192.0.2.10')).toBe(false);
  });
});

describe('the database URL', () => {
  it('is unset by default (the embedded store), and the flag wins over C_HOST_DATABASE_URL', () => {
    expect(resolveConfig({}, {}).databaseUrl).toBeUndefined();
    const fromEnv = 'postgres://host:pw@db.internal:5432/c_host';
    expect(resolveConfig({}, { C_HOST_DATABASE_URL: fromEnv }).databaseUrl).toBe(fromEnv);
    const flag = 'postgresql://other@127.0.0.1/fleet';
    expect(resolveConfig({ databaseUrl: flag }, { C_HOST_DATABASE_URL: fromEnv }).databaseUrl).toBe(flag);
  });

  it('refuses anything but a PostgreSQL URL, never repeating it (it holds a password)', () => {
    for (const value of [
      'mysql://u:s3cretPw@h/db',
      'postgres:s3cretPw',
      'not a url s3cretPw',
      'postgres:///s3cretPw',
    ]) {
      let error: unknown;
      try {
        resolveConfig({}, { C_HOST_DATABASE_URL: value });
      } catch (caught) {
        error = caught;
      }
      expect(error, value).toMatchObject({ kind: 'validation', parameter: 'database-url' });
      expect((error as Error).message).not.toContain('s3cretPw');
    }
  });
});

describe('the public URL (webhook triggers)', () => {
  it('takes https, or http on a loopback address, from the flag over C_HOST_PUBLIC_URL, without a trailing slash', () => {
    expect(resolveConfig({}, {}).publicUrl).toBeUndefined();
    expect(resolveConfig({}, { C_HOST_PUBLIC_URL: 'https://hooks.example.com/c/' }).publicUrl).toBe(
      'https://hooks.example.com/c',
    );
    expect(
      resolveConfig({ publicUrl: 'http://127.0.0.1:8787' }, { C_HOST_PUBLIC_URL: 'https://x.example' })
        .publicUrl,
    ).toBe('http://127.0.0.1:8787');
  });

  it('refuses plain http beyond loopback, a query, or what is not a URL, naming publicUrl', () => {
    for (const url of [
      'http://hooks.example.com',
      'https://x.example/?a=1',
      'hooks.example.com',
      'ftp://127.0.0.1',
    ]) {
      expect(() => resolveConfig({ publicUrl: url }, {})).toThrow(
        expect.objectContaining({ kind: 'validation', parameter: 'publicUrl' }),
      );
    }
  });
});

describe('the trusted proxies (X-Forwarded-For)', () => {
  it('trusts no proxy by default; takes addresses, CIDR ranges and named ranges, the flag over C_HOST_TRUST_PROXY', () => {
    expect(resolveConfig({}, {}).trustProxy).toEqual([]);
    expect(
      resolveConfig({}, { C_HOST_TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,fd00::/8,::1,Loopback,' }).trustProxy,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', '::1', 'loopback']);
    expect(resolveConfig({ trustProxy: '192.0.2.1' }, { C_HOST_TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(
      ['192.0.2.1'],
    );
  });

  it('refuses what is not an address, a range or a known name, naming trust-proxy and the entry', () => {
    for (const entry of [
      'true',
      '*',
      'lb.internal',
      '10.0.0.0/33',
      '::/129',
      '10.0.0.0/8/1',
      '10.0.0.0/x',
      '1',
    ]) {
      let refused: unknown;
      try {
        resolveConfig({}, { C_HOST_TRUST_PROXY: `10.0.0.1,${entry}` });
      } catch (error) {
        refused = error;
      }
      expect(ValidationError.isInstance(refused), entry).toBe(true);
      expect((refused as ValidationError).message).toContain(`"${entry}"`);
      expect((refused as ValidationError).message).toContain('"trust-proxy"');
      expect((refused as ValidationError).toJSON()).toMatchObject({ parameter: 'trust-proxy' });
    }
  });
});
