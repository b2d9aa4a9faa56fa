import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AuthError } from './errors/auth-error.js';
import { ProviderError } from './errors/provider-error.js';
import { maskSecret, redact, registerSecret, Secret } from './redact.js';

describe('redaction', () => {
  it('removes registered secrets, also URL-encoded, from every error surface', () => {
    const release = registerSecret('sk_live_abc/def+123');
    const error = new ProviderError('failed with sk_live_abc/def+123 at ?key=sk_live_abc%2Fdef%2B123', {
      providerMessage: 'Invalid API Key provided: sk_live_abc/def+123',
      details: { echoed: ['sk_live_abc/def+123'] },
      cause: new Error('socket said sk_live_abc/def+123'),
    });
    const surfaces = [
      error.message,
      String(error.stack),
      JSON.stringify(error),
      JSON.stringify(error.toJSON()),
      inspect(error, { depth: 5 }),
      inspect(error.cause),
    ];
    for (const text of surfaces) expect(text).not.toContain('sk_live_abc');
    expect(error.message).toContain('[REDACTED]');
    release();
    expect(redact('sk_live_abc/def+123')).toBe('sk_live_abc/def+123');
  });

  it('keeps a secret registered while any holder still holds it', () => {
    const a = registerSecret('shared-token-1');
    const b = registerSecret('shared-token-1');
    a();
    expect(redact('x shared-token-1')).toBe('x [REDACTED]');
    b();
    expect(redact('x shared-token-1')).toBe('x shared-token-1');
  });

  it('Secret never shows its value to JSON, strings or inspect', () => {
    const secret = new Secret('sk_test_4eC39HqLyjWDarjtT1zdp7dc');
    expect(JSON.stringify({ secret })).toBe('{"secret":"[REDACTED]"}');
    expect(`${secret}`).toBe('[REDACTED]');
    expect(inspect({ secret })).not.toContain('4eC39');
    expect(secret.reveal()).toBe('sk_test_4eC39HqLyjWDarjtT1zdp7dc');
    expect(new AuthError(`bad ${secret.reveal()}`).message).not.toContain('4eC39');
    secret.dispose();
  });

  it('masks with a recognisable prefix and the last four characters', () => {
    expect(maskSecret('sk_test_4eC39HqLyjWDarjtT1zd4242')).toBe('sk_test_…4242');
    expect(maskSecret('lin_api_abcdefghijkl9876')).toBe('lin_api_…9876');
    expect(maskSecret('ya29.a0AfH6SMBxyz1234')).toBe('…1234');
    expect(maskSecret('short')).toBe('…');
    expect(maskSecret('1//0J_x_abcdefghijklmnopqrstuvwxyzcmW5')).toBe('…cmW5');
    expect(maskSecret('rk_live_51Habcdefghijklmnop')).toBe('rk_live_…mnop');
  });
});
