/**
 * Where an MCP server's sign-in lives: one IndexedDB record per chat `storage-key` and server URL,
 * holding the tokens, the client registration, the authorization server found by discovery, and,
 * while sign-ins are under way, their PKCE verifiers by `state`. Never in localStorage,
 * sessionStorage or cookies. A browser without IndexedDB keeps it in memory for the page's life.
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

  async read(): Promise<SignInRecord> {
    const db = await open();
    const record = db ? ((await db.get(STORE, this.key)) as SignInRecord | undefined) : inMemory.get(this.key);
    return record && typeof record === 'object' ? record : {};
  }

  /** Writes `patch` over the record (a field set to undefined is removed). */
  async update(patch: Partial<SignInRecord>): Promise<void> {
    const db = await open();
    if (!db) {
      inMemory.set(this.key, withoutUndefined({ ...inMemory.get(this.key), ...patch }));
      return;
    }
    const tx = db.transaction(STORE, 'readwrite');
    const current = ((await tx.store.get(this.key)) as SignInRecord | undefined) ?? {};
    await tx.store.put(withoutUndefined({ ...current, ...patch }), this.key);
    await tx.done;
  }

  async forget(): Promise<void> {
    const db = await open();
    if (db) await db.delete(STORE, this.key);
    else inMemory.delete(this.key);
  }
}

function withoutUndefined(record: SignInRecord): SignInRecord {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as SignInRecord;
}
