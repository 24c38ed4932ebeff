/**
 * The shape of `ask_user`'s input, checked by hand: a schema library's runtime costs 7.5 KB gzip
 * for these few fields, and the chunks that need this check load without one. Each problem is the path of the field at fault, as a schema check would report it.
 */
import { isRecord } from '../internal/guards.js';

export const MIN_QUESTIONS = 1;
export const MAX_QUESTIONS = 4;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 4;

/** `{ questions: [{ question, header, options: [{ label, description? }], multiSelect? }] }` as checked. */
export interface QuestionInput {
  questions: { question: string; header: string; options: { label: string; description?: string }[]; multiSelect?: boolean }[];
}

export type IssuePath = (string | number)[];

const isText = (value: unknown): value is string => typeof value === 'string' && /\S/.test(value);
const outOf = (list: unknown[], min: number, max: number) => list.length < min || list.length > max;

/** Every field at fault, in input order; none when `input` has the shape. */
export function questionIssues(input: unknown): IssuePath[] {
  if (!isRecord(input)) return [[]];
  const questions = input.questions;
  if (!Array.isArray(questions)) return [['questions']];
  const issues: IssuePath[] = [];
  for (let i = 0; i < questions.length; i++) {
    const question: unknown = questions[i];
    const at: IssuePath = ['questions', i];
    if (!isRecord(question)) {
      issues.push(at);
      continue;
    }
    if (!isText(question.question)) issues.push([...at, 'question']);
    if (!isText(question.header)) issues.push([...at, 'header']);
    const options = question.options;
    if (!Array.isArray(options)) issues.push([...at, 'options']);
    else {
      for (let j = 0; j < options.length; j++) {
        const option: unknown = options[j];
        if (!isRecord(option)) issues.push([...at, 'options', j]);
        else {
          if (!isText(option.label)) issues.push([...at, 'options', j, 'label']);
          if (option.description !== undefined && typeof option.description !== 'string') issues.push([...at, 'options', j, 'description']);
        }
      }
      if (outOf(options, MIN_OPTIONS, MAX_OPTIONS)) issues.push([...at, 'options']);
    }
    if (question.multiSelect !== undefined && typeof question.multiSelect !== 'boolean') issues.push([...at, 'multiSelect']);
  }
  if (outOf(questions, MIN_QUESTIONS, MAX_QUESTIONS)) issues.push(['questions']);
  return issues;
}
