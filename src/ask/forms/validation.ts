/**
 * Checking a value against its JSON Schema: `validatePayload` runs `@cfworker/json-schema` (2020-12)
 * and keeps the errors that say what is wrong (not those that only say "something below failed"),
 * worded for the person by `explainErrors`. `checkPayload` checks the schema's patterns first, off the
 * main thread (pattern-check.ts). Nothing here throws.
 */
import { Validator } from '@cfworker/json-schema';
import type { OutputUnit, Schema } from '@cfworker/json-schema';
import { isRecord } from '../../internal/guards.js';
import { checkPatterns, safeSchema, type PatternVerdicts } from '../pattern-check.js';
import { explainErrors } from './error-messages.js';
import { englishSchemaFormLabels, type SchemaFormLabels } from './labels.js';
import { formModel, type FieldError, type FormNode } from './model.js';
import type { Json } from './schema.js';

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
  if (schema === undefined || schema === null || schema === true || (isRecord(schema) && !Object.keys(schema).length)) return [];
  if (!isRecord(schema) && schema !== false) return [{ path: '', message: labels.schemaInvalid }];
  if (value === undefined) return [{ path: '', message: labels.errorRequired }];
  let units: OutputUnit[];
  try {
    units = validatorFor(safeSchema(schema, value, options.patterns) as Json | boolean).validate(value).errors;
  } catch {
    return [{ path: '', message: labels.schemaInvalid }];
  }
  try {
    const model = options.model ?? formModel(schema);
    return explainErrors(simplify(units), schema, value, model, labels);
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
