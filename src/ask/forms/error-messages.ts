/**
 * The validator's errors in the person's words: one plain sentence per problem, at the path of the
 * form field it belongs to (`year`, `address.city`; '' for the whole answer), in form order. A
 * problem deeper than any field says where below it (`item 2: …`, `city: …`).
 */
import type { OutputUnit } from '@cfworker/json-schema';
import { isRecord } from '../../internal/guards.js';
import { fill, fillCounted, type CountedLabel, type SchemaFormLabels } from './labels.js';
import { formFields, joinPath, type FieldError, type FormNode } from './model.js';
import { pointerGet, type Json } from './schema.js';

type Wording = (labels: SchemaFormLabels, limit: unknown) => string;
type BoundLabel = 'errorMinimum' | 'errorMaximum' | 'errorExclusiveMinimum' | 'errorExclusiveMaximum' | 'errorMultipleOf';
type FixedLabel = 'errorUniqueItems' | 'errorNotAllowed' | 'errorContains';

const bound =
  (label: BoundLabel, placeholder: 'min' | 'max' | 'step'): Wording =>
  (labels, limit) =>
    fill(labels[label], { [placeholder]: String(limit) });
/** `emptyAtOne`: a minimum of 1 reads "must not be empty". */
const counted =
  (label: CountedLabel, placeholder: 'min' | 'max', emptyAtOne = false): Wording =>
  (labels, limit) =>
    emptyAtOne && limit === 1 ? labels.errorEmpty : fillCounted(labels, label, placeholder, limit);
const fixed =
  (label: FixedLabel): Wording =>
  (labels) =>
    labels[label];

/** How a failed keyword is worded from its limit, for the keywords that need nothing else. */
const WORDINGS = new Map<string, Wording>([
  ['minimum', bound('errorMinimum', 'min')],
  ['maximum', bound('errorMaximum', 'max')],
  ['exclusiveMinimum', bound('errorExclusiveMinimum', 'min')],
  ['exclusiveMaximum', bound('errorExclusiveMaximum', 'max')],
  ['multipleOf', bound('errorMultipleOf', 'step')],
  ['minLength', counted('errorMinLength', 'min', true)],
  ['maxLength', counted('errorMaxLength', 'max')],
  ['minItems', counted('errorMinItems', 'min', true)],
  ['maxItems', counted('errorMaxItems', 'max')],
  ['minProperties', counted('errorMinProperties', 'min')],
  ['maxProperties', counted('errorMaxProperties', 'max')],
  ['uniqueItems', fixed('errorUniqueItems')],
  ['false', fixed('errorNotAllowed')],
  ['not', fixed('errorNotAllowed')],
  ['contains', fixed('errorContains')],
  ['minContains', fixed('errorContains')],
  ['maxContains', fixed('errorContains')],
]);

/** The keys of a JSON Pointer in URI-fragment form (`#/a/b`), as the validator writes locations. */
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
    if (segment === '$ref' && isRecord(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
      node = pointerGet(root, node.$ref.slice(1));
    } else if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return isRecord(node) ? node : undefined;
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

function valueAt(value: unknown, segments: string[]): unknown {
  let node = value;
  for (const segment of segments) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node)) node = node[segment];
    else return undefined;
  }
  return node;
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

function enumMessage(values: unknown[], located: Located, labels: SchemaFormLabels): string {
  const node = located.node;
  const options = !located.rest.length && (node.kind === 'choice' || node.kind === 'multi') ? node.options.map((option) => option.label) : undefined;
  const words = options ?? values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return fill(labels.errorEnum, { values: words.join(', ') });
}

/** What one error says, and where: a missing property's error belongs to that property, not its object. */
function wordError(unit: OutputUnit, schema: Json, segments: string[], model: FormNode, labels: SchemaFormLabels): { message: string; segments: string[] } {
  // The keyword's value in the schema; else the last number in the validator's own words.
  const limit = schema[unit.keyword] ?? Number(/(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\D*$/i.exec(unit.error)?.[1]);
  const wording = WORDINGS.get(unit.keyword);
  if (wording) return { message: wording(labels, limit), segments };
  switch (unit.keyword) {
    case 'required': {
      const key = /required property "(.*)"\.$/s.exec(unit.error)?.[1];
      return { message: labels.errorRequired, segments: key === undefined ? segments : [...segments, key] };
    }
    case 'dependentRequired':
    case 'dependencies': {
      const match = /^Instance has "(.*)" but does not have "(.*)"\.$/s.exec(unit.error);
      if (!match) return { message: labels.errorInvalid, segments };
      return { message: fill(labels.errorRequiredWith, { other: match[1]! }), segments: [...segments, match[2]!] };
    }
    case 'type':
      return { message: fill(labels.errorType, { type: typeWords(schema.type ?? /Expected "(.*)"/.exec(unit.error)?.[1], labels) }), segments };
    case 'const':
      return { message: fill(labels.errorConst, { value: show(schema.const) }), segments };
    case 'enum':
      return { message: enumMessage(Array.isArray(schema.enum) ? schema.enum : [], locate(model, segments), labels), segments };
    case 'pattern':
      return { message: fill(labels.errorPattern, { pattern: String(schema.pattern ?? '') }), segments };
    case 'format':
      return { message: fill(labels.errorFormat, { format: String(schema.format ?? /format "(.*)"/.exec(unit.error)?.[1]) }), segments };
    case 'anyOf':
    case 'oneOf': {
      const located = locate(model, segments);
      if (!located.rest.length && located.node.kind === 'choice') return { message: enumMessage([], located, labels), segments };
      const many = /\((\d+) matches\)/.exec(unit.error) && !/\(0 matches\)/.test(unit.error);
      return { message: many ? labels.errorManyOptions : labels.errorNoOption, segments };
    }
    default:
      return { message: labels.errorInvalid, segments };
  }
}

/** `message` said of the field `located` found, naming the place below it that it is about. */
function placed(message: string, located: Located, segments: string[], value: unknown, labels: SchemaFormLabels): string {
  const { node, rest } = located;
  if (!rest.length) return message;
  // The ticked options are the items: which one is not worth saying.
  if (node.kind === 'multi') return message;
  const index = /^\d+$/.test(rest[0]!) && Array.isArray(valueAt(value, segments.slice(0, segments.length - rest.length)));
  if (index && rest.length === 1) return fill(labels.errorItem, { n: Number(rest[0]) + 1, message });
  let sub = '';
  for (const part of rest) sub = joinPath(sub, /^\d+$/.test(part) ? Number(part) : part);
  return fill(labels.errorAt, { path: sub.replace(/^\./, ''), message });
}

/** The errors of `value` against `root` as the form `model` shows them: worded, at field paths, in form order, each once. */
export function explainErrors(units: OutputUnit[], root: Json | boolean, value: unknown, model: FormNode, labels: SchemaFormLabels): FieldError[] {
  const order = new Map(formFields(model).map((field, index) => [field.path, index]));
  const found: (FieldError & { rank: number })[] = [];
  const seen = new Set<string>();
  for (const unit of units) {
    const worded = wordError(unit, schemaOf(root, unit.keywordLocation) ?? {}, decodeSegments(unit.instanceLocation), model, labels);
    const located = locate(model, worded.segments);
    const message = placed(worded.message, located, worded.segments, value, labels);
    const path = located.node.path;
    const id = `${path}\u0000${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    found.push({ path, message, rank: order.get(path) ?? -1 });
  }
  return found.sort((a, b) => a.rank - b.rank).map(({ path, message }) => ({ path, message }));
}
