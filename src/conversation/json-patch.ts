/**
 * JSON Patch (RFC 6902) applied without mutating the input: only the containers on each
 * operation's path are copied, so a delta on a large state costs its depth, not the state's size.
 * Written here rather than imported because the common library deep-clones the whole document
 * per patch and weighs ~4 KB gzip in the first-load bundle.
 */
import type { JsonPatchOperation } from '../protocol/contract.js';

type Container = Record<string, unknown> | unknown[];

export class JsonPatchError extends Error {}

/** `document` with the agent's JSON Patch applied; a patch that does not apply keeps the old value (with a warning). */
export function patched(document: unknown, patch: JsonPatchOperation[]): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: applyJsonPatch(document ?? {}, patch) };
  } catch (error) {
    console.warn('<agent-chat>: a JSON Patch from the agent could not be applied; the previous value is kept.', error);
    return { ok: false };
  }
}

export function applyJsonPatch(document: unknown, patch: readonly JsonPatchOperation[]): unknown {
  let result = document;
  for (const operation of patch) result = applyOperation(result, operation);
  return result;
}

function applyOperation(document: unknown, operation: JsonPatchOperation): unknown {
  switch (operation.op) {
    case 'add':
      return write(document, parsePointer(operation.path), (parent, key) => insert(parent, key, operation.value));
    case 'remove':
      return write(document, parsePointer(operation.path), (parent, key) => remove(parent, key));
    case 'replace':
      return write(document, parsePointer(operation.path), (parent, key) => {
        read(parent, key);
        return set(parent, key, operation.value);
      });
    case 'move': {
      const value = get(document, parsePointer(operation.from));
      const without = write(document, parsePointer(operation.from), (parent, key) => remove(parent, key));
      return write(without, parsePointer(operation.path), (parent, key) => insert(parent, key, value));
    }
    case 'copy': {
      const value = get(document, parsePointer(operation.from));
      return write(document, parsePointer(operation.path), (parent, key) => insert(parent, key, value));
    }
    case 'test':
      if (!deepEqual(get(document, parsePointer(operation.path)), operation.value)) {
        throw new JsonPatchError(`test failed at ${operation.path}`);
      }
      return document;
    default:
      throw new JsonPatchError(`unknown operation ${(operation as { op: string }).op}`);
  }
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new JsonPatchError(`"${pointer}" is not a JSON Pointer`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function get(document: unknown, path: string[]): unknown {
  let node = document;
  for (const key of path) node = read(node, key);
  return node;
}

/** Rebuilds the containers along `path`, letting `change` produce the new last container. */
function write(document: unknown, path: string[], change: (parent: Container, key: string) => unknown): unknown {
  if (path.length === 0) {
    // The whole document: only add/replace make sense, and they are handled by `change` on a wrapper.
    const wrapper = change({ '': document }, '') as Record<string, unknown>;
    return wrapper[''];
  }
  const [key, ...rest] = path;
  const parent = asContainer(document);
  if (rest.length === 0) return change(parent, key);
  return set(parent, key, write(read(parent, key), rest, change));
}

function asContainer(node: unknown): Container {
  if (node && typeof node === 'object') return node as Container;
  throw new JsonPatchError('path goes through a value that is not an object or array');
}

function read(node: unknown, key: string): unknown {
  const container = asContainer(node);
  if (Array.isArray(container)) {
    const index = arrayIndex(container, key, false);
    return container[index];
  }
  if (!Object.prototype.hasOwnProperty.call(container, key)) throw new JsonPatchError(`no member "${key}"`);
  return container[key];
}

function arrayIndex(array: unknown[], key: string, forInsert: boolean): number {
  if (forInsert && key === '-') return array.length;
  if (!/^(0|[1-9]\d*)$/.test(key)) throw new JsonPatchError(`"${key}" is not an array index`);
  const index = Number(key);
  if (index > array.length || (!forInsert && index === array.length)) throw new JsonPatchError(`index ${key} is out of range`);
  return index;
}

function set(parent: Container, key: string, value: unknown): Container {
  if (Array.isArray(parent)) {
    const copy = parent.slice();
    copy[arrayIndex(parent, key, false)] = value;
    return copy;
  }
  return { ...parent, [key]: value };
}

function insert(parent: Container, key: string, value: unknown): Container {
  if (Array.isArray(parent)) {
    const copy = parent.slice();
    copy.splice(arrayIndex(parent, key, true), 0, value);
    return copy;
  }
  return { ...parent, [key]: value };
}

function remove(parent: Container, key: string): Container {
  read(parent, key);
  if (Array.isArray(parent)) {
    const copy = parent.slice();
    copy.splice(Number(key), 1);
    return copy;
  }
  const { [key]: _removed, ...rest } = parent;
  return rest;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
