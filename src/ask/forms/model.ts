/**
 * The form model: `formModel` turns a JSON Schema (an interrupt's `responseSchema`, or a tool's
 * arguments) into a tree of fields, filled from an initial value or the schema's defaults. What
 * the form cannot show as a control (tuples, unions of objects, remote `$ref`, no schema at all)
 * becomes a JSON text field for that part, so every schema can be answered. Nothing here throws.
 */
import { isRecord } from '../../internal/guards.js';
import { isDate, localDateTime, splitTime } from './dates.js';
import { choiceOptions, flatten, num, singleType, str, type ChoiceOption, type Json } from './schema.js';

/** A problem with one field: `path` is a `FormNode.path` ('' for the whole answer). */
export interface FieldError {
  path: string;
  message: string;
}

interface NodeBase {
  /** Where the field's value goes: `''` for the whole answer, else keys as in `a.b` / `a["x y"]`. */
  path: string;
  /** The property name; absent for the whole answer. */
  key?: string;
  /** The schema's `title`, else the property name made readable, else ''. */
  label: string;
  description?: string;
  /** Listed in the parent's `required`. The whole answer counts as required. */
  required: boolean;
  /** `null` is allowed (`type: [x, 'null']`, `anyOf: [x, {type: 'null'}]`): left empty it is sent as null when required. */
  nullable: boolean;
}

export interface ObjectNode extends NodeBase {
  kind: 'object';
  fields: FormNode[];
  /** Keys of the initial value the schema does not describe: sent back unchanged. */
  extra?: Record<string, unknown>;
}

export type TextInputType = 'text' | 'email' | 'url' | 'date' | 'datetime-local' | 'time';

export interface TextNode extends NodeBase {
  kind: 'text';
  inputType: TextInputType;
  multiline: boolean;
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** For `format: 'time'`: the offset written after the time (the initial value's, else the local one). */
  timeOffset?: string;
  initial: string;
}

export interface NumberNode extends NodeBase {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  /** The `step` attribute: `multipleOf`, else 1 for integers, else 'any'. */
  step: string;
  initial: string;
}

export interface ChoiceNode extends NodeBase {
  kind: 'choice';
  options: ChoiceOption[];
  /** Radios for up to five options, a drop-down beyond. */
  control: 'radio' | 'select';
  /** Index of the chosen option as a string, '' for none. */
  initial: string;
}

export interface BooleanNode extends NodeBase {
  kind: 'boolean';
  /** A checkbox inside an object; Yes / No radios for the whole answer. */
  control: 'checkbox' | 'radio';
  /** 'true', 'false' or '' (not answered; radios only). */
  initial: string;
}

export interface MultiChoiceNode extends NodeBase {
  kind: 'multi';
  options: ChoiceOption[];
  minItems?: number;
  maxItems?: number;
  /** Indices of the ticked options, as strings. */
  initial: string[];
}

export interface LinesNode extends NodeBase {
  kind: 'lines';
  itemType: 'string' | 'number' | 'integer';
  minItems?: number;
  maxItems?: number;
  initial: string;
}

export interface ConstNode extends NodeBase {
  kind: 'const';
  value: unknown;
  /** The value as shown: strings as they are, anything else as JSON. */
  display: string;
}

export interface JsonNode extends NodeBase {
  kind: 'json';
  initial: string;
}

export type FormNode = ObjectNode | TextNode | NumberNode | ChoiceNode | BooleanNode | MultiChoiceNode | LinesNode | ConstNode | JsonNode;

/** What the controls hold: strings, or a list of ticked option indices (`multi`). */
export type RawValue = string | string[];

/** The controls' contents by `FormNode.path`; a path missing from it counts as its initial entry. */
export type FormEntries = ReadonlyMap<string, RawValue>;

const MAX_RADIOS = 5;
const MAX_DEPTH = 8;
const LONG_TEXT = 120;

/** Joins keys into a field path: `a.b`, `a["x y"]`, `tags[2]`. */
export function joinPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  if (/^[A-Za-z_$][\w$-]*$/.test(key)) return base ? `${base}.${key}` : key;
  return `${base}[${JSON.stringify(key)}]`;
}

/** `first_name`, `firstName` → `First name`. */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  if (!words) return key;
  const lower = words.replace(/\b([A-Z])([a-z]+)\b/g, (_, first: string, rest: string) => first.toLowerCase() + rest);
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

const INPUT_TYPES: Record<string, TextInputType> = {
  email: 'email',
  'idn-email': 'email',
  uri: 'url',
  url: 'url',
  iri: 'url',
  date: 'date',
  'date-time': 'datetime-local',
  time: 'time',
};

interface Seed {
  value: unknown;
  present: boolean;
}

interface Place {
  path: string;
  key?: string;
  required: boolean;
  depth: number;
}

/**
 * The tree of fields for a schema. `initial` (e.g. a tool call's current arguments) fills the
 * fields; where it says nothing, the schema's `default` does. An initial value a control could not
 * show as it is (a number field given text, a choice not among the options) turns that field into
 * JSON, so nothing is silently lost.
 */
export function formModel(schema: unknown, initial?: unknown): FormNode {
  try {
    const seed = { value: initial, present: initial !== undefined };
    return build(schema, schema, [], { path: '', required: true, depth: 0 }, seed);
  } catch {
    return jsonNode({ path: '', label: '', required: true, nullable: false }, { value: initial, present: initial !== undefined });
  }
}

function build(raw: unknown, root: unknown, refs: readonly string[], place: Place, seed: Seed): FormNode {
  const annotations = isRecord(raw) ? raw : {};
  const flat = flatten(raw, root, refs);
  const schema = flat?.schema ?? annotations;
  const base: NodeBase = {
    path: place.path,
    ...(place.key !== undefined ? { key: place.key } : {}),
    label: str(schema.title) ?? (place.key !== undefined ? humanize(place.key) : ''),
    ...(str(schema.description) ? { description: schema.description as string } : {}),
    required: place.required,
    nullable: flat?.nullable ?? false,
  };
  if (!seed.present && Object.hasOwn(schema, 'default')) seed = { value: schema.default, present: true };
  if (!flat) return jsonNode(base, seed);

  if (Object.hasOwn(schema, 'const')) {
    return { ...base, kind: 'const', value: schema.const, display: typeof schema.const === 'string' ? schema.const : JSON.stringify(schema.const) };
  }

  const choice = choiceOptions(schema);
  if (choice) {
    base.nullable ||= choice.nullable || singleType(schema).nullable;
    return choiceNode(base, choice.options, seed);
  }
  if (schema.anyOf !== undefined || schema.oneOf !== undefined || schema.allOf !== undefined || schema.not !== undefined || schema.if !== undefined) {
    return jsonNode(base, seed);
  }

  const { type: declared, nullable } = singleType(schema);
  base.nullable ||= nullable;
  const type = declared ?? (schema.type === undefined && isRecord(schema.properties) ? 'object' : undefined);
  const blank = seed.value === undefined || seed.value === null;
  switch (type) {
    case 'object':
      return objectNode(base, schema, root, flat.refs, place, seed);
    case 'string':
      return blank || typeof seed.value === 'string' ? textNode(base, schema, blank ? undefined : (seed.value as string)) : jsonNode(base, seed);
    case 'number':
    case 'integer': {
      const value = seed.value;
      if (!blank && !(typeof value === 'number' && Number.isFinite(value))) return jsonNode(base, seed);
      const multipleOf = num(schema.multipleOf);
      const minimum = num(schema.minimum);
      const maximum = num(schema.maximum);
      return {
        ...base,
        kind: 'number',
        integer: type === 'integer',
        ...(minimum !== undefined ? { minimum } : {}),
        ...(maximum !== undefined ? { maximum } : {}),
        step: multipleOf && multipleOf > 0 ? String(multipleOf) : type === 'integer' ? '1' : 'any',
        initial: blank ? '' : String(value),
      };
    }
    case 'boolean':
      if (!blank && typeof seed.value !== 'boolean') return jsonNode(base, seed);
      return {
        ...base,
        kind: 'boolean',
        control: place.path === '' ? 'radio' : 'checkbox',
        initial: blank ? (place.path === '' ? '' : 'false') : String(seed.value),
      };
    case 'array':
      return arrayNode(base, schema, root, flat.refs, seed);
    case 'null':
      return { ...base, kind: 'const', value: null, display: 'null' };
    default:
      return jsonNode(base, seed);
  }
}

function jsonNode(base: NodeBase, seed: Seed): JsonNode {
  let initial = '';
  if (seed.present && seed.value !== undefined) {
    try {
      initial = JSON.stringify(seed.value, null, 2) ?? '';
    } catch {
      initial = '';
    }
  }
  return { ...base, kind: 'json', initial };
}

function choiceNode(base: NodeBase, options: ChoiceOption[], seed: Seed): FormNode {
  const value = seed.value;
  let initial = '';
  if (seed.present && value !== undefined && value !== null) {
    const index = options.findIndex((option) => option.value === value);
    if (index < 0) return jsonNode(base, seed);
    initial = String(index);
  }
  return { ...base, kind: 'choice', options, control: options.length <= MAX_RADIOS ? 'radio' : 'select', initial };
}

function objectNode(base: NodeBase, schema: Json, root: unknown, refs: readonly string[], place: Place, seed: Seed): FormNode {
  const properties = schema.properties;
  const value = seed.present ? seed.value : undefined;
  if (!isRecord(properties) || !Object.keys(properties).length || place.depth >= MAX_DEPTH) return jsonNode(base, seed);
  if (value !== undefined && value !== null && !isRecord(value)) return jsonNode(base, seed);
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : []);
  const fields = Object.keys(properties).map((key) =>
    build(
      properties[key],
      root,
      refs,
      { path: joinPath(place.path, key), key, required: required.has(key), depth: place.depth + 1 },
      isRecord(value) && Object.hasOwn(value, key) ? { value: value[key], present: true } : { value: undefined, present: false },
    ),
  );
  const node: ObjectNode = { ...base, kind: 'object', fields };
  if (isRecord(value) && schema.additionalProperties !== false) {
    const extra = Object.keys(value).filter((key) => !Object.hasOwn(properties, key));
    if (extra.length) node.extra = Object.fromEntries(extra.map((key) => [key, value[key]]));
  }
  return node;
}

function textNode(base: NodeBase, schema: Json, value: string | undefined): TextNode {
  const format = str(schema.format);
  const maxLength = num(schema.maxLength);
  const minLength = num(schema.minLength);
  const pattern = str(schema.pattern);
  let inputType: TextInputType = (format && INPUT_TYPES[format]) || 'text';
  let initial = value ?? '';
  let timeOffset: string | undefined;
  if (value !== undefined && value !== '') {
    if (inputType === 'datetime-local') {
      const local = localDateTime(value);
      if (local === undefined) inputType = 'text';
      else initial = local;
    } else if (inputType === 'date' && !isDate(value)) {
      inputType = 'text';
    } else if (inputType === 'time') {
      const time = splitTime(value);
      if (!time) inputType = 'text';
      else {
        initial = time.time;
        timeOffset = time.offset;
      }
    }
  }
  const multiline = inputType === 'text' && (format === 'textarea' || format === 'multiline' || (maxLength !== undefined && maxLength > LONG_TEXT) || initial.includes('\n'));
  return {
    ...base,
    kind: 'text',
    inputType,
    multiline,
    ...(format ? { format } : {}),
    ...(minLength !== undefined ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(pattern ? { pattern } : {}),
    ...(timeOffset !== undefined ? { timeOffset } : {}),
    initial,
  };
}

function arrayNode(base: NodeBase, schema: Json, root: unknown, refs: readonly string[], seed: Seed): FormNode {
  const items = flatten(schema.items, root, refs)?.schema;
  if (!items || schema.prefixItems !== undefined || schema.contains !== undefined) return jsonNode(base, seed);
  const value = seed.present ? seed.value : undefined;
  const blank = value === undefined || value === null;
  if (!blank && !Array.isArray(value)) return jsonNode(base, seed);
  const list = (blank ? [] : value) as unknown[];
  const minItems = num(schema.minItems);
  const maxItems = num(schema.maxItems);
  const counts = { ...(minItems !== undefined ? { minItems } : {}), ...(maxItems !== undefined ? { maxItems } : {}) };
  const choice = choiceOptions(items);
  if (choice) {
    const indices = list.map((item) => choice.options.findIndex((option) => option.value === item));
    if (indices.some((index) => index < 0)) return jsonNode(base, seed);
    return { ...base, kind: 'multi', options: choice.options, ...counts, initial: [...new Set(indices)].sort((a, b) => a - b).map(String) };
  }
  const itemType = singleType(items).type;
  const plain = items.const === undefined && items.anyOf === undefined && items.oneOf === undefined && items.allOf === undefined;
  if (!plain || (itemType !== 'string' && itemType !== 'number' && itemType !== 'integer')) return jsonNode(base, seed);
  const fits = list.every((item) =>
    itemType === 'string' ? typeof item === 'string' && item.trim() === item && item !== '' && !item.includes('\n') : typeof item === 'number' && Number.isFinite(item),
  );
  if (!fits) return jsonNode(base, seed);
  return { ...base, kind: 'lines', itemType, ...counts, initial: list.map(String).join('\n') };
}

/** The fields of a model in form order (depth first), objects before their fields. */
export function formFields(node: FormNode): FormNode[] {
  return node.kind === 'object' ? [node, ...node.fields.flatMap(formFields)] : [node];
}

/** Whether the person must fill the field in (it is marked `*`): required, and it cannot be left empty. */
export function mustBeFilled(node: FormNode): boolean {
  if (node.nullable || (node.kind === 'boolean' && node.control === 'checkbox')) return false;
  if (node.path === '') return node.kind !== 'object' && (node.kind !== 'text' || (node.minLength ?? 0) > 0);
  return node.required;
}
