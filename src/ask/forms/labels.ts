/**
 * The texts of a generated form: what each says (`SchemaFormLabels`, in English by default) and how
 * they are filled in — `{name}` placeholders, a counted text's plural form, the hint under a field.
 */
import { pluralForm, type Counted } from '../../i18n/plural.js';
import type { FormNode } from './model.js';

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

/** The labels whose text has a form per plural category of its number. */
export type CountedLabel = 'errorMinLength' | 'errorMaxLength' | 'errorMinItems' | 'errorMaxItems' | 'errorMinProperties' | 'errorMaxProperties';

/** Fills `{name}` placeholders. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/** A counted limit's message (`must have at most {max} items`) in the form of its number. */
export function fillCounted(labels: SchemaFormLabels, key: CountedLabel, placeholder: 'min' | 'max', keyword: unknown): string {
  return fill(pluralForm(labels[key], Number(keyword), labels.locale ?? 'en'), { [placeholder]: String(keyword) });
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

/** The field's label as the form shows it: a whole answer without a title is "Your answer"; a JSON field says so. */
export function fieldLabel(node: FormNode, labels: SchemaFormLabels): string {
  const label = node.label || (node.path === '' ? labels.answer : (node.key ?? ''));
  return node.kind === 'json' ? fill(labels.json, { label }) : label;
}
