/**
 * Between a form's controls and its JSON value: `initialEntries` gives each field's entry as the
 * model was built, `collectValue` reads the entries back into the JSON value (numbers parsed, dates
 * given their offset, empty optional fields left out), with an error for what cannot be read.
 */
import { dateTimeWithOffset, timeWithOffset } from './dates.js';
import { englishSchemaFormLabels, fill, type SchemaFormLabels } from './labels.js';
import { formFields, type FieldError, type FormEntries, type FormNode, type RawValue } from './model.js';
import type { Json } from './schema.js';

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
export function collectValue(node: FormNode, entries: FormEntries = new Map(), labels: SchemaFormLabels = englishSchemaFormLabels): { value: unknown; errors: FieldError[] } {
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
      for (const [key, value] of Object.entries(node.extra ?? {})) if (!Object.hasOwn(result, key)) put(key, value);
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
