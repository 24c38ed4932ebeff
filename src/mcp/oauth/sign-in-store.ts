/**
 * Where an MCP server's sign-in lives: one IndexedDB record per chat `storage-key` and server URL,
 * holding the tokens, the client registration, the authorization server found by discovery, and,
 * while sign-ins are under way, their PKCE verifiers by `state`. Never in localStorage,
 * sessionStorage or cookies. A browser without IndexedDB keeps it in memory for the page's life.
 * A sign-in or sign-out is told to the other chats of the same record, in this tab and in the
 * others (a BroadcastChannel: same origin only, and it carries no token, only which record changed).
 */
import { openDB, type IDBPDatabase } from 'idb';
import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';

export const SIGN_IN_DB = 'agent-chat-mcp-sign-in';
const STORE = 'servers';

export interface SignInRecord {
  tokens?: StoredOAuthTokens;
  /** When the tokens were saved (ms since the epoch): with `expires_in`, when they expire. */
  tokensSavedAt?: number;
  client?: StoredOAuthClientInformation;
  discovery?: OAuthDiscoveryState;
  /**
   * The PKCE verifier of each sign-in under way, by its `state` (a few at most): two tabs (or two
   * chats of one `storage-key`) may each have one under way for the same server.
   */
  pending?: Record<string, string>;
}

let database: Promise<IDBPDatabase | undefined> | undefined;
const inMemory = new Map<string, SignInRecord>();

type SignInListener = (signedIn: boolean) => void;
const listeners = new Map<string, Set<{ store: SignInStore; listener: SignInListener }>>();
let channel: BroadcastChannel | undefined;

function tabs(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel('agent-chat-mcp-sign-in');
  channel.onmessage = (event: MessageEvent) => {
    const { key, signedIn } = (event.data ?? {}) as { key?: unknown; signedIn?: unknown };
    if (typeof key === 'string' && typeof signedIn === 'boolean') tell(key, signedIn);
  };
  return channel;
}

function tell(key: string, signedIn: boolean, from?: SignInStore): void {
  for (const entry of listeners.get(key) ?? []) if (entry.store !== from) entry.listener(signedIn);
}

function open(): Promise<IDBPDatabase | undefined> {
  database ??= openDB(SIGN_IN_DB, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  }).catch((error) => {
    console.warn('<agent-chat>: IndexedDB is not available; MCP sign-ins last until the page is left.', error);
    return undefined;
  });
  return database;
}

export class SignInStore {
  /** `storageKey` and the server's URL, which together name the record. */
  constructor(private readonly key: string) {}

  static keyOf(storageKey: string, serverUrl: string): string {
    return `${storageKey}\n${serverUrl}`;
  }

  /** Calls `listener` when another chat (here or in another tab) signs in to this server or out of it. */
  watch(listener: SignInListener): () => void {
    tabs();
    const entry = { store: this as SignInStore, listener };
    const set = listeners.get(this.key) ?? new Set();
    set.add(entry);
    listeners.set(this.key, set);
    return () => {
      set.delete(entry);
      if (!set.size) listeners.delete(this.key);
    };
  }

  private changed(signedIn: boolean): void {
    tell(this.key, signedIn, this);
    tabs()?.postMessage({ key: this.key, signedIn });
  }

  async read(): Promise<SignInRecord> {
    const db = await open();
    const record = db ? ((await db.get(STORE, this.key)) as SignInRecord | undefined) : inMemory.get(this.key);
    return record && typeof record === 'object' ? record : {};
  }

  /** Writes `patch` over the record (a field set to undefined is removed). */
  async update(patch: Partial<SignInRecord>): Promise<void> {
    const db = await open();
    if (db) {
      const tx = db.transaction(STORE, 'readwrite');
      const current = ((await tx.store.get(this.key)) as SignInRecord | undefined) ?? {};
      await tx.store.put(withoutUndefined({ ...current, ...patch }), this.key);
      await tx.done;
    } else {
      inMemory.set(this.key, withoutUndefined({ ...inMemory.get(this.key), ...patch }));
    }
    if ('tokens' in patch) this.changed(patch.tokens !== undefined);
  }

  async forget(): Promise<void> {
    const db = await open();
    if (db) await db.delete(STORE, this.key);
    else inMemory.delete(this.key);
    this.changed(false);
  }
}

function withoutUndefined(record: SignInRecord): SignInRecord {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as SignInRecord;
}
