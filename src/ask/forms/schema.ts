/**
 * Reading a JSON Schema as a form sees it: what only wraps a schema is looked through, choices and
 * the single type are picked out. Anything that is not what a keyword should hold counts as absent.
 */
import { isRecord } from '../../internal/guards.js';

/** A primitive a choice can stand for. */
export type ChoiceValue = string | number | boolean;

export interface ChoiceOption {
  value: ChoiceValue;
  label: string;
}

export type Json = Record<string, unknown>;

export const isChoiceValue = (value: unknown): value is ChoiceValue =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
/** A finite number, else undefined. */
export const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
/** A non-empty string, else undefined. */
export const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

const isNullSchema = (schema: unknown) =>
  isRecord(schema) && (schema.type === 'null' || schema.const === null || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null));
const isPlainConst = (schema: Json) => Object.hasOwn(schema, 'const') && isChoiceValue(schema.const);

/** What a JSON Pointer (`/a/b`, percent-encoded) points at in `root`; undefined when nothing. */
export function pointerGet(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node = root;
  for (const raw of pointer.slice(1).split('/')) {
    let part: string;
    try {
      part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) node = node[Number(part)];
    else if (isRecord(node) && Object.hasOwn(node, part)) node = node[part];
    else return undefined;
  }
  return node;
}

export interface Flat {
  schema: Json;
  nullable: boolean;
  /** The `$ref`s followed to get here (a ref met again is a loop). */
  refs: readonly string[];
}

/**
 * Looks through what only wraps a schema: local `$ref`s (annotations beside the `$ref` win),
 * `allOf` of one, and `anyOf`/`oneOf` of one schema plus `{type: 'null'}` (how Pydantic writes
 * optional fields). Undefined when there is nothing to look through to.
 */
export function flatten(raw: unknown, root: unknown, refs: readonly string[]): Flat | undefined {
  if (!isRecord(raw)) return undefined;
  let schema = raw;
  let nullable = false;
  for (let guard = 0; guard < 32; guard++) {
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      if (!ref.startsWith('#') || refs.includes(ref)) return undefined;
      const target = pointerGet(root, ref.slice(1));
      if (!isRecord(target)) return undefined;
      refs = [...refs, ref];
      const { $ref: _ref, ...beside } = schema;
      schema = { ...target, ...beside };
      continue;
    }
    if (Array.isArray(schema.allOf) && schema.allOf.length === 1 && isRecord(schema.allOf[0])) {
      const { allOf, ...beside } = schema;
      schema = { ...(allOf as Json[])[0], ...beside };
      continue;
    }
    const key = Array.isArray(schema.anyOf) ? 'anyOf' : Array.isArray(schema.oneOf) ? 'oneOf' : undefined;
    if (key) {
      const branches = schema[key] as unknown[];
      const others = branches.filter((branch) => !isNullSchema(branch));
      if (others.length === 1 && branches.length === 2 && isRecord(others[0]) && !isPlainConst(others[0])) {
        const { [key]: _branches, ...beside } = schema;
        schema = { ...others[0], ...beside };
        nullable = true;
        continue;
      }
    }
    break;
  }
  return { schema, nullable, refs };
}

/** Options from `enum`, or from `anyOf`/`oneOf` of `{const, title}`; undefined when it is neither. */
export function choiceOptions(schema: Json): { options: ChoiceOption[]; nullable: boolean } | undefined {
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((value) => value !== null);
    if (!values.length || !values.every(isChoiceValue)) return undefined;
    return { options: values.map((value) => ({ value, label: String(value) })), nullable: values.length < schema.enum.length };
  }
  const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (!branches) return undefined;
  const consts = branches.filter((branch) => !isNullSchema(branch));
  if (!consts.length || !consts.every((branch) => isRecord(branch) && isPlainConst(branch))) return undefined;
  return {
    options: (consts as Json[]).map((branch) => ({ value: branch.const as ChoiceValue, label: str(branch.title) ?? String(branch.const) })),
    nullable: consts.length < branches.length,
  };
}

/** The single non-null type, 'null', or undefined (none given, or several). */
export function singleType(schema: Json): { type?: string; nullable: boolean } {
  const type = schema.type;
  if (typeof type === 'string') return { type, nullable: false };
  if (!Array.isArray(type)) return { nullable: false };
  const rest = type.filter((t) => t !== 'null');
  const nullable = rest.length < type.length;
  if (rest.length === 0) return { type: nullable ? 'null' : undefined, nullable: false };
  return { type: rest.length === 1 && typeof rest[0] === 'string' ? rest[0] : undefined, nullable };
}
