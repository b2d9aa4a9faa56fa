import { ValidationError } from '@c/core';
import type { ConnectionRecord } from '../store/connection-store.js';
import type { HostStore } from '../store/host-store.js';
import { LOCAL_URL_SETTING } from './trigger-views.js';

/**
 * Where providers deliver webhooks: `<base>/hooks/<subscription>`, the base being the host's public
 * URL, else (for a sandbox connection) the address of the server running on this store.
 */
export class HookUrls {
  readonly #store: Pick<HostStore, 'settings'>;
  /** `C_HOST_PUBLIC_URL` without its trailing slashes. */
  readonly publicUrl: string | undefined;
  #localUrl: string | undefined;

  constructor(store: Pick<HostStore, 'settings'>, publicUrl: string | undefined) {
    this.#store = store;
    this.publicUrl = publicUrl?.replace(/\/+$/, '');
  }

  /** Records this server's own address, read by every server on the store for sandbox subscriptions. */
  async setLocal(localUrl: string): Promise<void> {
    this.#localUrl = localUrl.replace(/\/+$/, '');
    await this.#store.settings.setSetting(LOCAL_URL_SETTING, this.#localUrl);
  }

  /** The base of hook URLs: the public URL, else (for a sandbox connection) this server's own. */
  async base(record: ConnectionRecord): Promise<string> {
    if (this.publicUrl) return this.publicUrl;
    if (record.sandbox) {
      const local = this.#localUrl ?? (await this.#store.settings.getSetting(LOCAL_URL_SETTING));
      if (local) return local;
    }
    throw new ValidationError(
      'Invalid parameter "publicUrl": webhook triggers need the address providers reach this host at: set C_HOST_PUBLIC_URL (or --public-url), https:// or a loopback http:// address',
      { parameter: 'publicUrl' },
    );
  }

  /** The base a subscription's view shows when it has no hook URL recorded. */
  async shownBase(): Promise<string | undefined> {
    return this.publicUrl ?? this.#localUrl ?? (await this.#store.settings.getSetting(LOCAL_URL_SETTING));
  }

  /** A subscription's hook URL on a base. */
  url(base: string, id: string): string {
    return `${base}/hooks/${id}`;
  }
}
