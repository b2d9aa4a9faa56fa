import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  scryptSync,
  timingSafeEqual,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ValidationError } from '@c/core';
import { restrict, writeOwnerOnly } from './owner-only.js';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key file in the data directory, used when `C_HOST_SECRET_KEY` is not set. */
export const KEY_FILE = 'secret.key';
/** The variable that supplies the key (or a passphrase) instead of the key file. */
export const KEY_VARIABLE = 'C_HOST_SECRET_KEY';
/** Earlier keys, comma-separated, that still open values sealed before a key rotation. */
export const OLD_KEYS_VARIABLE = 'C_HOST_SECRET_KEYS_OLD';
/** The setting that holds the key record (`KeyRecord` as JSON). */
export const KEY_SETTING = 'secret_key';

/** The salt every passphrase was stretched with before stores kept their own (key records of version 1). */
const LEGACY_SALT = 'c-host secret key v1';
/** scrypt cost of new stores: 32 MiB and about 100 ms, paid once per process start. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;

/**
 * AES-256-GCM for secrets at rest. Each value gets a fresh IV and is bound to a context (the row it
 * belongs to) as additional authenticated data, so a ciphertext copied to another row fails to open.
 * Values are sealed with the current key; older keys (during a key rotation) only open.
 */
export class SecretBox {
  readonly #key: Buffer;
  readonly #older: Buffer[];

  constructor(key: Buffer, olderKeys: readonly Buffer[] = []) {
    for (const candidate of [key, ...olderKeys]) {
      if (candidate.length !== 32) throw new Error('The secret key must be 32 bytes');
    }
    this.#key = key;
    this.#older = olderKeys.filter((older) => !older.equals(key));
  }

  /** Encrypts text with the current key; the result is `v1:<base64 of iv | tag | ciphertext>`. */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Decrypts what `seal` made under this box's keys and the same context; throws `UnreadableSecretError` otherwise. */
  open(sealed: string, context: string): string {
    return this.openDetailed(sealed, context).plaintext;
  }

  /** Whether a key record's check value is this box's current key's. */
  isCurrent(check: string): boolean {
    return sameCheck(check, checkOf(this.#key));
  }

  /** Like `open`, and says whether the value was sealed with the current key (false: an older one). */
  openDetailed(sealed: string, context: string): { plaintext: string; current: boolean } {
    const [version, payload] = sealed.split(':', 2);
    if (version !== VERSION || !payload) throw new UnreadableSecretError();
    const raw = Buffer.from(payload, 'base64');
    const current = decrypt(this.#key, raw, context);
    if (current !== undefined) return { plaintext: current, current: true };
    for (const older of this.#older) {
      const plaintext = decrypt(older, raw, context);
      if (plaintext !== undefined) return { plaintext, current: false };
    }
    throw new UnreadableSecretError();
  }
}

function decrypt(key: Buffer, raw: Buffer, context: string): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}

/** A sealed value that the current key cannot open (sealed with another key, or damaged). */
export class UnreadableSecretError extends Error {
  constructor() {
    super(
      `A stored secret cannot be decrypted: the secret key (${KEY_VARIABLE} or ${KEY_FILE}) is not the one it was saved with`,
    );
    this.name = 'UnreadableSecretError';
  }
}

/**
 * How a store's key is made from what the operator supplies, and a check value that tells the right
 * key from a wrong one without decrypting anything. Kept in the store's settings, so every process
 * (and every instance of a fleet) derives the same key and refuses a different one.
 */
export interface KeyRecord {
  /** 2: passphrases stretched with this store's own random salt; 1: stores from before, one fixed salt. */
  version: 1 | 2;
  /** `raw`: the supplied text is the 32-byte key; `scrypt`: a passphrase stretched with scrypt. */
  kdf: 'raw' | 'scrypt';
  /** base64 of the scrypt salt (version 2). */
  salt?: string;
  N?: number;
  r?: number;
  p?: number;
  /** base64 of HMAC-SHA256(key, "c-host key check"). */
  check: string;
  /**
   * Checks of the keys this store was sealed with before `check`'s, while a key rotation is under
   * way: an instance not yet given the new key may still start with one of them. `c-host keys
   * rotate` clears them once every value is sealed with the current key.
   */
  previous?: string[];
}

/** What the operator supplied: the key file's content or `C_HOST_SECRET_KEY`, and which one. */
export interface KeyMaterial {
  text: string;
  /** Where it came from, as the refusal names it. */
  source: string;
  fromEnv: boolean;
}

/** 32 bytes given as 64 hex characters or base64; undefined for any other text (a passphrase). */
function rawKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const base64 = /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : undefined;
  return base64?.length === 32 ? base64 : undefined;
}

function scrypt(passphrase: string, salt: Buffer | string, params: { N: number; r: number; p: number }) {
  return scryptSync(passphrase.trim(), salt, 32, { ...params, maxmem: 256 * params.N * params.r });
}

function checkOf(key: Buffer): string {
  return createHmac('sha256', key).update('c-host key check').digest('base64');
}

/**
 * The key record of a store that has none yet. A legacy store (sealed rows but no record) keeps the
 * derivation it was sealed with (version 1); a new one gets a random salt for a passphrase.
 */
export function newKeyRecord(material: KeyMaterial, legacy: boolean): { record: KeyRecord; key: Buffer } {
  const raw = rawKey(material.text);
  if (raw) return { record: { version: legacy ? 1 : 2, kdf: 'raw', check: checkOf(raw) }, key: raw };
  if (legacy) {
    const key = scrypt(material.text, LEGACY_SALT, { N: 2 ** 14, r: 8, p: 1 });
    return { record: { version: 1, kdf: 'scrypt', check: checkOf(key) }, key };
  }
  const salt = randomBytes(16);
  const key = scrypt(material.text, salt, SCRYPT);
  return {
    record: { version: 2, kdf: 'scrypt', salt: salt.toString('base64'), ...SCRYPT, check: checkOf(key) },
    key,
  };
}

/** The key the material gives under a store's record: raw bytes, or the passphrase stretched as recorded. */
export function deriveKey(material: KeyMaterial, record: KeyRecord): Buffer {
  const raw = rawKey(material.text);
  if (raw) return raw;
  if (record.version === 1 || !record.salt)
    return scrypt(material.text, LEGACY_SALT, { N: 2 ** 14, r: 8, p: 1 });
  return scrypt(material.text, Buffer.from(record.salt, 'base64'), {
    N: record.N ?? SCRYPT.N,
    r: record.r ?? SCRYPT.r,
    p: record.p ?? SCRYPT.p,
  });
}

/** True when the key is the one the record was made for (constant-time). */
export function keyMatches(key: Buffer, record: KeyRecord): boolean {
  return sameCheck(record.check, checkOf(key));
}

/** Reads a stored key record; undefined when the setting is absent. */
export function parseKeyRecord(value: string | undefined): KeyRecord | undefined {
  if (value === undefined) return undefined;
  const record = JSON.parse(value) as KeyRecord;
  if (
    (record.version !== 1 && record.version !== 2) ||
    typeof record.check !== 'string' ||
    (record.previous !== undefined &&
      (!Array.isArray(record.previous) || record.previous.some((check) => typeof check !== 'string')))
  ) {
    throw new Error(`The store's key record (setting ${KEY_SETTING}) is not one this host understands`);
  }
  return record;
}

/**
 * `C_HOST_SECRET_KEYS_OLD`: the earlier keys (or passphrases without commas), comma-separated;
 * blank entries are ignored.
 */
export function readOldKeys(envValue: string | undefined): KeyMaterial[] {
  return (envValue ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text, index) => ({ text, source: `${OLD_KEYS_VARIABLE} (entry ${index + 1})`, fromEnv: true }));
}

/** The box a store's keys give, and the key record to store when it changed. */
export interface UnlockedKeys {
  box: SecretBox;
  record: KeyRecord;
  /** The record moved to a new current key (it must be written back). */
  changed: boolean;
}

/**
 * Decides whether the operator's keys open a store whose key record is `record`, and with what.
 * The current key must be the store's key, or one of its `previous` keys (an instance not yet given
 * a new key during a rotation). A current key the record does not know is accepted only when one of
 * the old keys (`C_HOST_SECRET_KEYS_OLD`) is the store's: that starts a rotation, and the record
 * moves to the new key with the old one kept in `previous`. Anything else is undefined: the caller
 * refuses, so a mistyped key never seals values nobody else can open.
 */
export function unlockKeys(
  record: KeyRecord,
  current: KeyMaterial,
  old: readonly KeyMaterial[],
): UnlockedKeys | undefined {
  // Every key of a store is stretched the same way; a passphrase replacing a raw key needs a salt.
  const params: KeyRecord =
    !rawKey(current.text) && record.version === 2 && !record.salt
      ? { ...record, salt: randomBytes(16).toString('base64'), ...SCRYPT }
      : record;
  const key = deriveKey(current, params);
  const olderKeys = old.map((material) => deriveKey(material, params));
  const box = new SecretBox(key, olderKeys);
  const known = [record.check, ...(record.previous ?? [])];
  const check = checkOf(key);
  if (known.some((value) => sameCheck(value, check))) return { box, record, changed: false };
  if (!olderKeys.some((older) => known.some((value) => sameCheck(value, checkOf(older))))) return undefined;
  return {
    box,
    record: {
      ...params,
      kdf: rawKey(current.text) ? 'raw' : 'scrypt',
      check,
      previous: known.filter((value, index) => known.indexOf(value) === index),
    },
    changed: true,
  };
}

/** The record once a rotation has re-sealed everything: only the current key opens the store. */
export function retirePrevious(record: KeyRecord): KeyRecord {
  const { previous: _retired, ...rest } = record;
  return rest;
}

function sameCheck(a: string, b: string): boolean {
  const left = Buffer.from(a, 'base64');
  const right = Buffer.from(b, 'base64');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The key material: `C_HOST_SECRET_KEY` when set, else `<dataDir>/secret.key`. The file is created
 * (random 32 bytes, owner-only, exclusive so two processes starting at once agree on one key) only
 * when `mayCreate`; a store already sealed with a key that is now missing is a refusal instead.
 */
export function readKeyMaterial(
  dataDir: string,
  envValue: string | undefined,
  mayCreate: boolean,
): KeyMaterial {
  if (envValue?.trim()) return { text: envValue, source: KEY_VARIABLE, fromEnv: true };
  const file = join(dataDir, KEY_FILE);
  const source = `${file} (${KEY_FILE})`;
  if (mayCreate) writeOwnerOnly(file, randomBytes(32).toString('base64'), { exclusive: true });
  try {
    const text = readFileSync(file, 'utf8');
    restrict(file);
    return { text, source, fromEnv: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new ValidationError(
      `Invalid parameter "${KEY_VARIABLE}": ${file} is missing, and this data directory holds secrets sealed with the key it held. Put the ${KEY_FILE} file back from a backup, or set ${KEY_VARIABLE} to that key; the host never makes a new key over a store sealed with another. To start afresh instead, move host.db away (its connections are lost).`,
      { parameter: KEY_VARIABLE },
    );
  }
}

/** The refusal when the supplied key is not the store's. */
export function wrongKeyError(material: KeyMaterial, dataDir: string): ValidationError {
  const fix = material.fromEnv
    ? `Set ${KEY_VARIABLE} to the key this store was sealed with (or unset it if the store was made with ${join(dataDir, KEY_FILE)})`
    : `Put back the ${KEY_FILE} this store was sealed with, or set ${KEY_VARIABLE} to that key`;
  return new ValidationError(
    `Invalid parameter "${KEY_VARIABLE}": the secret key from ${material.source} does not open the store in ${dataDir}, which was sealed with another key. ${fix}; to move to a new key, put the store's key in ${OLD_KEYS_VARIABLE}. The host never makes a new key over a store sealed with another.`,
    { parameter: KEY_VARIABLE },
  );
}
