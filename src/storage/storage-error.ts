/**
 * The one error type the storage layer rejects with. Whatever IndexedDB (or idb) throws is mapped
 * here to a kind the widget can act on and a message a person can read; the original error is
 * kept as `cause`.
 */

export type StorageErrorKind = 'unavailable' | 'blocked' | 'quota' | 'invalid' | 'signed-out' | 'failed';

export class StorageError extends Error {
  readonly kind: StorageErrorKind;

  constructor(kind: StorageErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
    this.kind = kind;
  }
}

export const STORAGE_MESSAGES = {
  unavailable: 'This browser does not let the site keep the chat history (private browsing, or site storage is disabled).',
  blocked: 'The chat history is being upgraded, but another tab still has the old version open; close or reload the other tabs.',
  quota: "The browser's storage for this site is full.",
  version: 'A newer version of this widget has upgraded the chat history (in another tab or earlier); reload the page to use it.',
  closedByNewerVersion: 'The chat history was closed because a newer version of this widget opened it in another tab; reload the page.',
  deleted: 'The chat history was deleted in another tab; reload the page.',
  closed: 'The chat history was closed; reload the page to use it again.',
  invalidData: 'Part of this conversation cannot be stored in the chat history.',
  failed: 'The browser could not read or write the chat history.',
} as const;

/**
 * Maps anything thrown by IndexedDB/idb to a StorageError: QuotaExceededError → `quota`,
 * VersionError → `failed` (a newer version of the database exists), InvalidStateError,
 * UnknownError and the rest → `failed`, SecurityError or a missing `indexedDB` → `unavailable`,
 * DataCloneError/DataError (a value or key IndexedDB cannot store) → `invalid`. A StorageError
 * passes through unchanged.
 */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const name = errorName(error);
  const cause = { cause: error };
  switch (name) {
    case 'QuotaExceededError':
      return new StorageError('quota', STORAGE_MESSAGES.quota, cause);
    case 'VersionError':
      return new StorageError('failed', STORAGE_MESSAGES.version, cause);
    case 'SecurityError':
    case 'NotAllowedError':
      return new StorageError('unavailable', STORAGE_MESSAGES.unavailable, cause);
    case 'DataCloneError':
    case 'DataError':
      return new StorageError('invalid', STORAGE_MESSAGES.invalidData, cause);
    default:
      break; // other names, or none: decided below
  }
  if ((error instanceof ReferenceError || error instanceof TypeError) && /indexedDB/i.test(error.message)) {
    return new StorageError('unavailable', STORAGE_MESSAGES.unavailable, cause);
  }
  return new StorageError('failed', STORAGE_MESSAGES.failed, cause);
}

/** The `name` of anything thrown (a DOMException's tells what went wrong), if it has one. */
export function errorName(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const name = (error as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}
