/**
 * Forms from JSON Schema, the pure part: `formModel` turns a schema (an interrupt's
 * `responseSchema`, or a tool's arguments) into a tree of fields; `initialEntries` and
 * `collectValue` go between those fields' raw entries (what the controls hold) and the JSON value;
 * `validatePayload` checks a value with `@cfworker/json-schema` and words each problem in plain
 * language next to the field it belongs to. Nothing here touches the DOM, and nothing throws.
 *
 * What the form cannot show as a control (tuples, unions of objects, remote `$ref`, no schema at
 * all) becomes a JSON text field for that part, so every schema can be answered.
 */
import { Validator } from '@cfworker/json-schema';
import type { OutputUnit, Schema } from '@cfworker/json-schema';
import { pluralForm, type Counted } from '../../i18n/plural.js';
import { checkPatterns, safeSchema, type PatternVerdicts } from '../pattern-check.js';

/**
 * Every text the form shows. `{name}` placeholders are filled in; a `Counted` text has a form per
 * plural category of its number (`{min}` or `{max}`).
 */
export interface SchemaFormLabels {
  /** The language of these texts (BCP 47): picks the plural forms. */
  locale?: string;
  /** Screen-reader text after a group's legend, and the tooltip of the visible `*`. */
  required: string;
  /** Shown above a form with several fields when some are required. */
  requiredNote: string;
  /** Label of a whole-answer field whose schema has no title. */
  answer: string;
  yes: string;
  no: string;
  /** The extra radio that leaves an optional choice unanswered. */
  none: string;
  /** First option of a drop-down. */
  choose: string;
  /** Label of a JSON text field: `{label}` is the field's own label. */
  json: string;
  jsonHint: string;
  onePerLine: string;
  rangeBetween: string;
  rangeAtLeast: string;
  rangeAtMost: string;
  chooseBetween: string;
  chooseAtLeast: string;
  chooseAtMost: string;
  /** Heading of the error summary after a failed submit. */
  summary: string;
  /** `{label}: {message}` in the summary. */
  summaryItem: string;
  invalidJson: string;
  notANumber: string;
  /** The schema itself cannot be used to check the answer. */
  schemaInvalid: string;
  errorLine: string;
  errorItem: string;
  errorAt: string;
  errorRequired: string;
  errorRequiredWith: string;
  errorType: string;
  typeString: string;
  typeNumber: string;
  typeInteger: string;
  typeBoolean: string;
  typeArray: string;
  typeObject: string;
  typeNull: string;
  or: string;
  errorConst: string;
  errorEnum: string;
  errorMinimum: string;
  errorMaximum: string;
  errorExclusiveMinimum: string;
  errorExclusiveMaximum: string;
  errorMultipleOf: string;
  errorEmpty: string;
  errorMinLength: Counted;
  errorMaxLength: Counted;
  errorPattern: string;
  errorFormat: string;
  errorMinItems: Counted;
  errorMaxItems: Counted;
  errorUniqueItems: string;
  errorMinProperties: Counted;
  errorMaxProperties: Counted;
  errorNotAllowed: string;
  errorNoOption: string;
  errorManyOptions: string;
  errorContains: string;
  errorInvalid: string;
}

export const englishSchemaFormLabels: SchemaFormLabels = {
  locale: 'en',
  required: 'required',
  requiredNote: 'Fields marked * are required.',
  answer: 'Your answer',
  yes: 'Yes',
  no: 'No',
  none: 'None',
  choose: 'Choose…',
  json: '{label} (JSON)',
  jsonHint: 'Write the value as JSON.',
  onePerLine: 'One per line.',
  rangeBetween: 'From {min} to {max}.',
  rangeAtLeast: 'At least {min}.',
  rangeAtMost: 'At most {max}.',
  chooseBetween: 'Choose {min} to {max}.',
  chooseAtLeast: 'Choose at least {min}.',
  chooseAtMost: 'Choose at most {max}.',
  summary: 'Check the highlighted fields.',
  summaryItem: '{label}: {message}',
  invalidJson: 'This is not valid JSON.',
  notANumber: 'Enter a number.',
  schemaInvalid: 'This form cannot be checked: the schema it was made from is not valid.',
  errorLine: 'line {n}: {message}',
  errorItem: 'item {n}: {message}',
  errorAt: '{path}: {message}',
  errorRequired: 'is required',
  errorRequiredWith: 'is required when {other} is given',
  errorType: 'must be {type}',
  typeString: 'text',
  typeNumber: 'a number',
  typeInteger: 'a whole number',
  typeBoolean: 'yes or no',
  typeArray: 'a list',
  typeObject: 'an object',
  typeNull: 'empty',
  or: ' or ',
  errorConst: 'must be {value}',
  errorEnum: 'must be one of: {values}',
  errorMinimum: 'must be at least {min}',
  errorMaximum: 'must be at most {max}',
  errorExclusiveMinimum: 'must be more than {min}',
  errorExclusiveMaximum: 'must be less than {max}',
  errorMultipleOf: 'must be a multiple of {step}',
  errorEmpty: 'must not be empty',
  errorMinLength: { one: 'must be at least {min} character long', other: 'must be at least {min} characters long' },
  errorMaxLength: { one: 'must be at most {max} character long', other: 'must be at most {max} characters long' },
  errorPattern: 'must match the pattern {pattern}',
  errorFormat: 'must be a valid {format}',
  errorMinItems: { one: 'must have at least {min} item', other: 'must have at least {min} items' },
  errorMaxItems: { one: 'must have at most {max} item', other: 'must have at most {max} items' },
  errorUniqueItems: 'must not contain the same item twice',
  errorMinProperties: { one: 'must have at least {min} field', other: 'must have at least {min} fields' },
  errorMaxProperties: { one: 'must have at most {max} field', other: 'must have at most {max} fields' },
  errorNotAllowed: 'is not allowed',
  errorNoOption: 'does not match any of the allowed forms',
  errorManyOptions: 'matches more than one of the allowed forms',
  errorContains: 'must contain a matching item',
  errorInvalid: 'is not valid',
};

// ── The model ──────────────────────────────────────────────────────────────────────────────────

/** A problem with one field: `path` is a `FormNode.path` ('' for the whole answer). */
export interface FieldError {
  path: string;
  message: string;
}

/** A primitive a choice can stand for. */
export type ChoiceValue = string | number | boolean;

export interface ChoiceOption {
  value: ChoiceValue;
  label: string;
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

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
const isChoiceValue = (value: unknown): value is ChoiceValue =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
const isNullSchema = (schema: unknown) =>
  isObject(schema) && (schema.type === 'null' || schema.const === null || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null));
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** A counted limit's message (`must have at most {max} items`) in the form of its number. */
function limit(labels: SchemaFormLabels, key: CountedLabel, placeholder: 'min' | 'max', keyword: unknown): string {
  return fill(pluralForm(labels[key], Number(keyword), labels.locale ?? 'en'), { [placeholder]: String(keyword) });
}
type CountedLabel = 'errorMinLength' | 'errorMaxLength' | 'errorMinItems' | 'errorMaxItems' | 'errorMinProperties' | 'errorMaxProperties';

/** Fills `{name}` placeholders. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

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

function pointerGet(root: unknown, pointer: string): unknown {
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
    else if (isObject(node) && has(node, part)) node = node[part];
    else return undefined;
  }
  return node;
}

interface Flat {
  schema: Json;
  nullable: boolean;
  refs: readonly string[];
}

/**
 * Looks through what only wraps a schema: local `$ref`s (annotations beside the `$ref` win),
 * `allOf` of one, and `anyOf`/`oneOf` of one schema plus `{type: 'null'}` (how Pydantic writes
 * optional fields). Undefined when there is nothing to look through to.
 */
function flatten(raw: unknown, root: unknown, refs: readonly string[]): Flat | undefined {
  if (!isObject(raw)) return undefined;
  let schema = raw;
  let nullable = false;
  for (let guard = 0; guard < 32; guard++) {
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      if (!ref.startsWith('#') || refs.includes(ref)) return undefined;
      const target = pointerGet(root, ref.slice(1));
      if (!isObject(target)) return undefined;
      refs = [...refs, ref];
      const { $ref: _ref, ...beside } = schema;
      schema = { ...target, ...beside };
      continue;
    }
    if (Array.isArray(schema.allOf) && schema.allOf.length === 1 && isObject(schema.allOf[0])) {
      const { allOf, ...beside } = schema;
      schema = { ...(allOf as Json[])[0], ...beside };
      continue;
    }
    const key = Array.isArray(schema.anyOf) ? 'anyOf' : Array.isArray(schema.oneOf) ? 'oneOf' : undefined;
    if (key) {
      const branches = schema[key] as unknown[];
      const others = branches.filter((branch) => !isNullSchema(branch));
      if (others.length === 1 && branches.length === 2 && isObject(others[0]) && !isPlainConst(others[0])) {
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

const isPlainConst = (schema: Json) => has(schema, 'const') && isChoiceValue(schema.const);

/** Options from `enum`, or from `anyOf`/`oneOf` of `{const, title}`; undefined when it is neither. */
function choiceOptions(schema: Json): { options: ChoiceOption[]; nullable: boolean } | undefined {
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((value) => value !== null);
    if (!values.length || !values.every(isChoiceValue)) return undefined;
    return { options: values.map((value) => ({ value, label: String(value) })), nullable: values.length < schema.enum.length };
  }
  const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (!branches) return undefined;
  const consts = branches.filter((branch) => !isNullSchema(branch));
  if (!consts.length || !consts.every((branch) => isObject(branch) && isPlainConst(branch))) return undefined;
  return {
    options: (consts as Json[]).map((branch) => ({ value: branch.const as ChoiceValue, label: str(branch.title) ?? String(branch.const) })),
    nullable: consts.length < branches.length,
  };
}

/** The single non-null type, 'null', or undefined (none given, or several). */
function singleType(schema: Json): { type?: string; nullable: boolean } {
  const type = schema.type;
  if (typeof type === 'string') return { type, nullable: false };
  if (!Array.isArray(type)) return { nullable: false };
  const rest = type.filter((t) => t !== 'null');
  const nullable = rest.length < type.length;
  if (rest.length === 0) return { type: nullable ? 'null' : undefined, nullable: false };
  return { type: rest.length === 1 && typeof rest[0] === 'string' ? rest[0] : undefined, nullable };
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
  const annotations = isObject(raw) ? raw : {};
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
  if (!seed.present && has(schema, 'default')) seed = { value: schema.default, present: true };
  if (!flat) return jsonNode(base, seed);

  if (has(schema, 'const')) {
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
  const type = declared ?? (schema.type === undefined && isObject(schema.properties) ? 'object' : undefined);
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
  if (!isObject(properties) || !Object.keys(properties).length || place.depth >= MAX_DEPTH) return jsonNode(base, seed);
  if (value !== undefined && value !== null && !isObject(value)) return jsonNode(base, seed);
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : []);
  const fields = Object.keys(properties).map((key) =>
    build(
      properties[key],
      root,
      refs,
      { path: joinPath(place.path, key), key, required: required.has(key), depth: place.depth + 1 },
      isObject(value) && has(value, key) ? { value: value[key], present: true } : { value: undefined, present: false },
    ),
  );
  const node: ObjectNode = { ...base, kind: 'object', fields };
  if (isObject(value) && schema.additionalProperties !== false) {
    const extra = Object.keys(value).filter((key) => !has(properties, key));
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
    } else if (inputType === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      inputType = 'text';
    } else if (inputType === 'time') {
      const match = /^(\d\d:\d\d(?::\d\d(?:\.\d+)?)?)(z|[+-]\d\d:\d\d)?$/i.exec(value);
      if (!match) inputType = 'text';
      else {
        initial = match[1]!;
        timeOffset = match[2]?.toUpperCase() ?? '';
      }
    }
  }
  const multiline =
    inputType === 'text' &&
    (format === 'textarea' || format === 'multiline' || (maxLength !== undefined && maxLength > LONG_TEXT) || initial.includes('\n'));
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

// ── Dates and times ────────────────────────────────────────────────────────────────────────────

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function offsetText(minutesEast: number): string {
  if (minutesEast === 0) return 'Z';
  const sign = minutesEast > 0 ? '+' : '-';
  const abs = Math.abs(minutesEast);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An RFC 3339 date-time as the local `YYYY-MM-DDTHH:MM[:SS]` a datetime-local input shows. */
function localDateTime(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/.test(value)) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  const seconds = date.getSeconds() ? `:${pad(date.getSeconds())}` : '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}${seconds}`;
}

/** A datetime-local input's `YYYY-MM-DDTHH:MM[:SS]` as RFC 3339 with the local offset. */
function dateTimeWithOffset(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/.exec(local);
  if (!match) return local;
  const [, y, mo, d, h, mi, s = '00', fraction = ''] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${offsetText(-date.getTimezoneOffset())}`;
}

function timeWithOffset(local: string, offset: string | undefined): string {
  if (!/^\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(local)) return local;
  const seconds = local.length === 5 ? `${local}:00` : local;
  return seconds + (offset || offsetText(-new Date().getTimezoneOffset()));
}

// ── Entries and values ─────────────────────────────────────────────────────────────────────────

/** The fields of a model in form order (depth first), objects before their fields. */
export function formFields(node: FormNode): FormNode[] {
  return node.kind === 'object' ? [node, ...node.fields.flatMap(formFields)] : [node];
}

/** The initial entry of every field that holds one. */
export function initialEntries(node: FormNode): Map<string, RawValue> {
  const entries = new Map<string, RawValue>();
  for (const field of formFields(node)) {
    if (field.kind !== 'object' && field.kind !== 'const') entries.set(field.path, Array.isArray(field.initial) ? [...field.initial] : field.initial);
  }
  return entries;
}

/**
 * The JSON value of the form from its entries: numbers parsed, booleans, lists, JSON fields parsed;
 * empty optional fields left out, empty required nullable ones sent as null. Entries that cannot be
 * read (a JSON field that does not parse, a line that is not a number) become `errors` for their
 * field and are left out of `value`.
 */
export function collectValue(
  node: FormNode,
  entries: FormEntries = new Map(),
  labels: SchemaFormLabels = englishSchemaFormLabels,
): { value: unknown; errors: FieldError[] } {
  const errors: FieldError[] = [];
  let value = collect(node, entries, labels, errors);
  if (value === undefined) {
    if (node.nullable) value = null;
    else if (node.kind === 'text') value = '';
    else if (!errors.length) errors.push({ path: node.path, message: labels.errorRequired });
  }
  return { value, errors };
}

function entry(node: FormNode, entries: FormEntries): RawValue {
  const raw = entries.get(node.path);
  if (raw !== undefined) return raw;
  return node.kind === 'object' || node.kind === 'const' ? '' : node.initial;
}

const text = (raw: RawValue) => (typeof raw === 'string' ? raw : '');
const indices = (raw: RawValue) => (Array.isArray(raw) ? raw : raw ? [raw] : []);

function collect(node: FormNode, entries: FormEntries, labels: SchemaFormLabels, errors: FieldError[]): unknown {
  switch (node.kind) {
    case 'object': {
      const result: Json = {};
      // Defined, not assigned: a property named "__proto__" is a key like any other.
      const put = (key: string, value: unknown) => Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
      for (const field of node.fields) {
        const value = collect(field, entries, labels, errors);
        if (value !== undefined) put(field.key!, value);
        else if (field.required && field.nullable && !errors.some((error) => error.path === field.path)) put(field.key!, null);
      }
      for (const [key, value] of Object.entries(node.extra ?? {})) if (!has(result, key)) put(key, value);
      return Object.keys(result).length || node.required ? result : undefined;
    }
    case 'const':
      return node.value;
    case 'text': {
      const raw = text(entry(node, entries));
      if (raw === '') return undefined;
      if (node.inputType === 'datetime-local') return dateTimeWithOffset(raw);
      if (node.inputType === 'time') return timeWithOffset(raw, node.timeOffset);
      return raw;
    }
    case 'number': {
      const raw = text(entry(node, entries)).trim();
      if (raw === '') return undefined;
      const value = Number(raw);
      if (!Number.isFinite(value)) {
        errors.push({ path: node.path, message: labels.notANumber });
        return undefined;
      }
      return value;
    }
    case 'choice': {
      const raw = text(entry(node, entries));
      return raw === '' ? undefined : node.options[Number(raw)]?.value;
    }
    case 'boolean': {
      const raw = text(entry(node, entries));
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    }
    case 'multi': {
      const chosen = new Set(indices(entry(node, entries)).map(Number));
      const values = node.options.filter((_, index) => chosen.has(index)).map((option) => option.value);
      return values.length || node.required ? values : undefined;
    }
    case 'lines': {
      const values: unknown[] = [];
      const lines = text(entry(node, entries)).split(/\r?\n/);
      lines.forEach((line, index) => {
        const item = line.trim();
        if (item === '') return;
        if (node.itemType === 'string') values.push(item);
        else {
          const value = Number(item);
          if (Number.isFinite(value)) values.push(value);
          else errors.push({ path: node.path, message: fill(labels.errorLine, { n: index + 1, message: labels.notANumber }) });
        }
      });
      return values.length || node.required ? values : undefined;
    }
    case 'json': {
      const raw = text(entry(node, entries));
      if (raw.trim() === '') return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        errors.push({ path: node.path, message: labels.invalidJson });
        return undefined;
      }
    }
  }
}

/** The hint under a field that says what it accepts (range, how many to choose, one per line, JSON). */
export function constraintHint(node: FormNode, labels: SchemaFormLabels = englishSchemaFormLabels): string | undefined {
  const range = (min: number | undefined, max: number | undefined, between: string, atLeast: string, atMost: string) =>
    min !== undefined && max !== undefined ? fill(between, { min, max }) : min !== undefined ? fill(atLeast, { min }) : max !== undefined ? fill(atMost, { max }) : undefined;
  switch (node.kind) {
    case 'number':
      return range(node.minimum, node.maximum, labels.rangeBetween, labels.rangeAtLeast, labels.rangeAtMost);
    case 'multi':
      return range(node.minItems || undefined, node.maxItems, labels.chooseBetween, labels.chooseAtLeast, labels.chooseAtMost);
    case 'lines':
      return labels.onePerLine;
    case 'json':
      return labels.jsonHint;
    default:
      return undefined;
  }
}

// ── Validation ─────────────────────────────────────────────────────────────────────────────────

const validators = new WeakMap<object, Validator>();

function validatorFor(schema: Json | boolean): Validator {
  if (typeof schema === 'boolean') return new Validator(schema, '2020-12', false);
  let validator = validators.get(schema);
  if (!validator) {
    // The validator writes bookkeeping into the schema it is given: give it a copy.
    validator = new Validator(JSON.parse(JSON.stringify(schema)) as Schema, '2020-12', false);
    validators.set(schema, validator);
  }
  return validator;
}

export interface ValidateOptions {
  labels?: SchemaFormLabels;
  /** The model whose field paths the errors should use (the form's own, built with its initial value). */
  model?: FormNode;
  /** What `checkPatterns` found for this value. Without it patterns are not checked: they never run on the main thread (pattern-check.ts). */
  patterns?: PatternVerdicts;
}

/** `validatePayload` with the schema's patterns checked first, off the main thread. */
export async function checkPayload(schema: unknown, value: unknown, options: ValidateOptions = {}): Promise<FieldError[]> {
  return validatePayload(schema, value, { ...options, patterns: await checkPatterns(schema, value) });
}

/**
 * Checks `value` against `schema` (JSON Schema 2020-12) and says what is wrong, one plain sentence
 * per problem, at the field path of the form built from the schema (`year`, `address.city`; ''
 * for the whole answer), in form order. No schema, `{}` or `true` accept anything; a schema that is
 * not one, or that cannot be used, gives one error at ''. Never throws. `pattern`s are held against
 * the value only as `options.patterns` found them (`checkPayload` finds them first).
 */
export function validatePayload(schema: unknown, value: unknown, options: ValidateOptions = {}): FieldError[] {
  const labels = options.labels ?? englishSchemaFormLabels;
  if (schema === undefined || schema === null || schema === true || (isObject(schema) && !Object.keys(schema).length)) return [];
  if (!isObject(schema) && schema !== false) return [{ path: '', message: labels.schemaInvalid }];
  if (value === undefined) return [{ path: '', message: labels.errorRequired }];
  let units: OutputUnit[];
  try {
    units = validatorFor(safeSchema(schema, value, options.patterns) as Json | boolean).validate(value).errors;
  } catch {
    return [{ path: '', message: labels.schemaInvalid }];
  }
  try {
    const model = options.model ?? formModel(schema);
    return explain(simplify(units), schema, value, model, labels);
  } catch {
    return units.length ? [{ path: '', message: labels.errorInvalid }] : [];
  }
}

/** Keywords whose error only says "something below failed"; the errors below say what. */
const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  '$ref',
  '$recursiveRef',
  '$dynamicRef',
  'allOf',
  'if',
  'dependentSchemas',
]);

/**
 * Drops wrapper errors, and reduces each failed `anyOf`/`oneOf` to the errors of the one branch
 * the value was meant for (the only one whose type fits), or to the combinator's own error.
 */
function simplify(units: OutputUnit[]): OutputUnit[] {
  const out: OutputUnit[] = [];
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    if (unit.keyword === 'anyOf' || unit.keyword === 'oneOf') {
      const prefix = `${unit.keywordLocation}/`;
      const nested: OutputUnit[] = [];
      while (i + 1 < units.length && units[i + 1]!.keywordLocation.startsWith(prefix)) nested.push(units[++i]!);
      const branches = new Map<string, OutputUnit[]>();
      for (const inner of nested) {
        const branch = inner.keywordLocation.slice(prefix.length).split('/')[0]!;
        branches.set(branch, [...(branches.get(branch) ?? []), inner]);
      }
      const aimed = [...branches.values()].filter(
        (list) => !list.some((inner) => inner.instanceLocation === unit.instanceLocation && ['type', 'const', 'enum'].includes(inner.keyword)),
      );
      const tooMany = /\((\d+) matches\)/.exec(unit.error);
      if (aimed.length === 1 && !(tooMany && Number(tooMany[1]) > 1)) out.push(...simplify(aimed[0]!));
      else out.push(unit);
      continue;
    }
    if (WRAPPERS.has(unit.keyword)) continue;
    if (unit.keyword === 'dependencies' && !/does not have/.test(unit.error)) continue;
    out.push(unit);
  }
  return out;
}

function decodeSegments(pointer: string): string[] {
  const body = pointer.replace(/^#/, '');
  if (!body) return [];
  return body
    .slice(1)
    .split('/')
    .map((part) => {
      try {
        return decodeURI(part.replace(/%23/g, '#')).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return part;
      }
    });
}

/** The schema object whose keyword failed, following local `$ref`s on the way. */
function schemaOf(root: unknown, keywordLocation: string): Json | undefined {
  const segments = decodeSegments(keywordLocation);
  segments.pop();
  let node: unknown = root;
  for (const segment of segments) {
    if (segment === '$ref' && isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
      node = pointerGet(root, node.$ref.slice(1));
    } else if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node) && has(node, segment)) node = node[segment];
    else return undefined;
  }
  return isObject(node) ? node : undefined;
}

interface Located {
  node: FormNode;
  rest: string[];
}

/** The deepest field an instance location falls in, and the keys left below it. */
function locate(model: FormNode, segments: string[]): Located {
  let node = model;
  let i = 0;
  for (; i < segments.length; i++) {
    if (node.kind !== 'object') break;
    const child = node.fields.find((field) => field.key === segments[i]);
    if (!child) break;
    node = child;
  }
  return { node, rest: segments.slice(i) };
}

function typeWords(type: unknown, labels: SchemaFormLabels): string {
  const names: Record<string, string> = {
    string: labels.typeString,
    number: labels.typeNumber,
    integer: labels.typeInteger,
    boolean: labels.typeBoolean,
    array: labels.typeArray,
    object: labels.typeObject,
    null: labels.typeNull,
  };
  const list = (Array.isArray(type) ? type : [type]).map((t) => names[String(t)] ?? String(t));
  return list.join(labels.or);
}

const show = (value: unknown) => (typeof value === 'string' ? `“${value}”` : JSON.stringify(value));

function explain(units: OutputUnit[], root: Json | boolean, value: unknown, model: FormNode, labels: SchemaFormLabels): FieldError[] {
  const order = new Map(formFields(model).map((field, index) => [field.path, index]));
  const found: (FieldError & { rank: number })[] = [];
  const seen = new Set<string>();
  for (const unit of units) {
    let segments = decodeSegments(unit.instanceLocation);
    const schema = schemaOf(root, unit.keywordLocation) ?? {};
    // The keyword's value in the schema; else the last number in the validator's own words.
    const keyword = schema[unit.keyword] ?? Number(/(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\D*$/i.exec(unit.error)?.[1]);
    let message: string;
    switch (unit.keyword) {
      case 'required': {
        const key = /required property "(.*)"\.$/s.exec(unit.error)?.[1];
        if (key !== undefined) segments = [...segments, key];
        message = labels.errorRequired;
        break;
      }
      case 'dependentRequired':
      case 'dependencies': {
        const match = /^Instance has "(.*)" but does not have "(.*)"\.$/s.exec(unit.error);
        if (match) {
          segments = [...segments, match[2]!];
          message = fill(labels.errorRequiredWith, { other: match[1]! });
        } else message = labels.errorInvalid;
        break;
      }
      case 'type':
        message = fill(labels.errorType, { type: typeWords(schema.type ?? /Expected "(.*)"/.exec(unit.error)?.[1], labels) });
        break;
      case 'const':
        message = fill(labels.errorConst, { value: show(schema.const) });
        break;
      case 'enum':
        message = enumMessage(Array.isArray(schema.enum) ? schema.enum : [], locate(model, segments), labels);
        break;
      case 'minimum':
        message = fill(labels.errorMinimum, { min: String(keyword) });
        break;
      case 'maximum':
        message = fill(labels.errorMaximum, { max: String(keyword) });
        break;
      case 'exclusiveMinimum':
        message = fill(labels.errorExclusiveMinimum, { min: String(keyword) });
        break;
      case 'exclusiveMaximum':
        message = fill(labels.errorExclusiveMaximum, { max: String(keyword) });
        break;
      case 'multipleOf':
        message = fill(labels.errorMultipleOf, { step: String(keyword) });
        break;
      case 'minLength':
        message = keyword === 1 ? labels.errorEmpty : limit(labels, 'errorMinLength', 'min', keyword);
        break;
      case 'maxLength':
        message = limit(labels, 'errorMaxLength', 'max', keyword);
        break;
      case 'pattern':
        message = fill(labels.errorPattern, { pattern: String(schema.pattern ?? '') });
        break;
      case 'format':
        message = fill(labels.errorFormat, { format: String(schema.format ?? /format "(.*)"/.exec(unit.error)?.[1]) });
        break;
      case 'minItems':
        message = keyword === 1 ? labels.errorEmpty : limit(labels, 'errorMinItems', 'min', keyword);
        break;
      case 'maxItems':
        message = limit(labels, 'errorMaxItems', 'max', keyword);
        break;
      case 'uniqueItems':
        message = labels.errorUniqueItems;
        break;
      case 'minProperties':
        message = limit(labels, 'errorMinProperties', 'min', keyword);
        break;
      case 'maxProperties':
        message = limit(labels, 'errorMaxProperties', 'max', keyword);
        break;
      case 'false':
      case 'not':
        message = labels.errorNotAllowed;
        break;
      case 'anyOf':
      case 'oneOf': {
        const located = locate(model, segments);
        if (!located.rest.length && located.node.kind === 'choice') message = enumMessage([], located, labels);
        else message = /\((\d+) matches\)/.exec(unit.error) && !/\(0 matches\)/.test(unit.error) ? labels.errorManyOptions : labels.errorNoOption;
        break;
      }
      case 'contains':
      case 'minContains':
      case 'maxContains':
        message = labels.errorContains;
        break;
      default:
        message = labels.errorInvalid;
    }
    const { node, rest } = locate(model, segments);
    if (rest.length) {
      const index = /^\d+$/.test(rest[0]!) && Array.isArray(valueAt(value, segments.slice(0, segments.length - rest.length)));
      if (node.kind === 'multi') {
        // The ticked options are the items: which one is not worth saying.
      } else if (index && rest.length === 1) {
        message = fill(labels.errorItem, { n: Number(rest[0]) + 1, message });
      } else {
        let sub = '';
        for (const part of rest) sub = joinPath(sub, /^\d+$/.test(part) ? Number(part) : part);
        message = fill(labels.errorAt, { path: sub.replace(/^\./, ''), message });
      }
    }
    const id = `${node.path}\u0000${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    found.push({ path: node.path, message, rank: order.get(node.path) ?? -1 });
  }
  return found.sort((a, b) => a.rank - b.rank).map(({ path, message }) => ({ path, message }));
}

function valueAt(value: unknown, segments: string[]): unknown {
  let node = value;
  for (const segment of segments) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

function enumMessage(values: unknown[], located: Located, labels: SchemaFormLabels): string {
  const node = located.node;
  const options = !located.rest.length && (node.kind === 'choice' || node.kind === 'multi') ? node.options.map((option) => option.label) : undefined;
  const words = options ?? values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return fill(labels.errorEnum, { values: words.join(', ') });
}
