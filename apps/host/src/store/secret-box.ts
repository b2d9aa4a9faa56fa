import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = 'secret.key';

/**
 * AES-256-GCM for secrets at rest. Each value gets a fresh IV and is bound to a context (the row it
 * belongs to) as additional authenticated data, so a ciphertext copied to another row fails to open.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The secret key must be 32 bytes');
    this.#key = key;
  }

  /** Encrypts text; the result is `v1:<base64 of iv | tag | ciphertext>`. */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Decrypts what `seal` made under the same key and context; throws when either differs. */
  open(sealed: string, context: string): string {
    const [version, payload] = sealed.split(':', 2);
    if (version !== VERSION || !payload) throw new Error('Unknown secret format');
    const raw = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new Error(
        'A stored secret cannot be decrypted: the secret key (C_HOST_SECRET_KEY or secret.key) is not the one it was saved with',
      );
    }
  }
}

/**
 * Reads `C_HOST_SECRET_KEY`: 32 bytes as 64 hex characters or base64; any other text is a passphrase
 * stretched with scrypt.
 */
export function keyFromText(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const base64 = /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : undefined;
  if (base64?.length === 32) return base64;
  return scryptSync(trimmed, 'c-host secret key v1', 32);
}

/**
 * The key from `C_HOST_SECRET_KEY`, else from `<dataDir>/secret.key`, which is created on first use
 * with owner-only permissions (exclusive create, so two processes starting at once agree on one key).
 */
export function loadSecretKey(dataDir: string, envValue: string | undefined): Buffer {
  if (envValue) return keyFromText(envValue);
  const file = join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return keyFromText(readFileSync(file, 'utf8'));
}
