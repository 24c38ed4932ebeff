/**
 * The `ask_user` client tool's pure checks: the model's input (1–4 multiple-choice questions), a
 * page handler's or the form's answers, and the answers shaped for the model. Loaded on first need
 * (the tool's definition is in `ask-user-definition.ts`). Problems are one English sentence each;
 * nothing throws.
 */
import type { Answers } from '../conversation/types.js';
import { isPlainObject, isRecord } from '../internal/guards.js';
import { MAX_OPTIONS, MAX_QUESTIONS, MIN_OPTIONS, MIN_QUESTIONS, questionIssues, type QuestionInput } from './question-shape.js';
import { MAX_HEADER, type Question } from './ask-user-definition.js';

export interface ModelAnswer {
  question: string;
  selected: string[];
  other?: string;
  unanswered?: true;
}

export function parseQuestions(input: unknown): { ok: true; questions: Question[] } | { ok: false; error: string } {
  const issues = questionIssues(input);
  if (issues.length) {
    // Report the outermost problem: a wrong count matters more than a bad field inside it.
    const path = issues.reduce((a, b) => (b.length < a.length ? b : a));
    return { ok: false, error: `ask_user: ${describeIssue(input, path)}` };
  }
  const questions: Question[] = (input as QuestionInput).questions.map((q) => ({
    question: q.question,
    header: q.header,
    options: q.options.map((o) => (o.description === undefined ? { label: o.label } : { label: o.label, description: o.description })),
    multiSelect: q.multiSelect ?? false,
  }));
  const seen = new Map<string, number>();
  for (const [i, q] of questions.entries()) {
    const where = `question ${i + 1} (${quote(q.question)})`;
    const earlier = seen.get(q.question);
    if (earlier !== undefined) {
      return { ok: false, error: `ask_user: ${where} repeats question ${earlier + 1}; each question needs its own text.` };
    }
    seen.set(q.question, i);
    if ([...q.header].length > MAX_HEADER) {
      return { ok: false, error: `ask_user: ${where}: the header ${quote(q.header)} is longer than ${MAX_HEADER} characters.` };
    }
    const labels = new Map<string, number>();
    for (const [j, o] of q.options.entries()) {
      const first = labels.get(o.label);
      if (first !== undefined) {
        return { ok: false, error: `ask_user: ${where}: option ${j + 1} repeats the label ${quote(o.label)} of option ${first + 1}.` };
      }
      labels.set(o.label, j);
    }
  }
  return { ok: true, questions };
}

/** A sentence for the problem at `path`, naming the question by number and, when readable, its text. */
function describeIssue(input: unknown, path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the input must be an object with a "questions" list.';
  const count = `"questions" must list ${MIN_QUESTIONS} to ${MAX_QUESTIONS} questions.`;
  if (path.length === 1) return count;
  const i = Number(path[1]);
  const raw = (input as { questions: unknown[] }).questions[i];
  const rawText = isRecord(raw) ? raw.question : undefined;
  const where = `question ${i + 1}` + (typeof rawText === 'string' && /\S/.test(rawText) ? ` (${quote(rawText)})` : '');
  const field = path[2];
  if (field === undefined) return `${where} must be an object with "question", "header" and "options".`;
  if (field === 'question') return `${where}: "question" must be non-empty text.`;
  if (field === 'header') return `${where}: "header" must be non-empty text of at most ${MAX_HEADER} characters.`;
  if (field === 'multiSelect') return `${where}: "multiSelect" must be true or false.`;
  // field === 'options'
  if (path.length === 3) return `${where}: give ${MIN_OPTIONS} to ${MAX_OPTIONS} options.`;
  const option = `option ${Number(path[3]) + 1}`;
  if (path[4] === 'label') return `${where}: ${option} needs a non-empty "label".`;
  if (path[4] === 'description') return `${where}: the "description" of ${option} must be text.`;
  return `${where}: ${option} must be an object with a "label".`;
}

export function checkAnswers(questions: readonly Question[], answers: unknown): { ok: true; answers: Answers } | { ok: false; error: string } {
  try {
    return checkAnswersUnsafe(questions, answers);
  } catch {
    // Only exotic objects get here (a throwing getter, a revoked Proxy).
    return { ok: false, error: 'The answers could not be read.' };
  }
}

function checkAnswersUnsafe(questions: readonly Question[], answers: unknown): { ok: true; answers: Answers } | { ok: false; error: string } {
  if (!isPlainObject(answers)) {
    return { ok: false, error: "The answers must be an object that maps each question's text to a list of chosen labels." };
  }
  const byText = new Map(questions.map((q) => [q.question, q]));
  const out: Answers = {};
  for (const key of Object.keys(answers)) {
    const question = byText.get(key);
    if (!question) return { ok: false, error: `The answers name ${quote(key)} which is not one of the questions.` };
    const values: unknown = answers[key];
    if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) {
      return { ok: false, error: `The answer to ${quote(key)} must be a list of strings.` };
    }
    const problem = answerProblem(question, values);
    if (problem) return { ok: false, error: problem };
    // defineProperty: a question text such as "__proto__" must stay an ordinary key.
    Object.defineProperty(out, key, { value: [...values], enumerable: true, writable: true, configurable: true });
  }
  return { ok: true, answers: out };
}

function answerProblem(question: Question, values: readonly string[]): string | undefined {
  const name = quote(question.question);
  if (values.some((v) => !/\S/.test(v))) return `The answer to ${name} contains an empty value.`;
  const twice = values.find((v, i) => values.indexOf(v) !== i);
  if (twice !== undefined) return `The answer to ${name} gives ${quote(twice)} twice.`;
  if (!question.multiSelect && values.length > 1) return `Too many answers for ${name}: it takes one.`;
  const labels = new Set(question.options.map((o) => o.label));
  const others = values.filter((v) => !labels.has(v));
  if (others.length > 1) {
    return `The answer to ${name} has ${others.length} texts that are not among its options (${others.map(quote).join(', ')}); it takes at most one.`;
  }
  return undefined;
}

/** Labels chosen for a question, in the question's option order, and the person's own text (a value that is not a label). */
export function splitAnswer(question: Question, values: readonly string[]): { selected: string[]; other?: string } {
  const chosen = new Set(values);
  const labels = new Set(question.options.map((o) => o.label));
  const selected = question.options.map((o) => o.label).filter((label) => chosen.has(label));
  const other = values.find((v) => !labels.has(v));
  return other === undefined ? { selected } : { selected, other };
}

/** The tool result content the model gets: { answers: ModelAnswer[] } in question order; a question left out or given [] is { question, selected: [], unanswered: true }. */
export function answersForModel(questions: readonly Question[], answers: Answers): { answers: ModelAnswer[] } {
  return {
    answers: questions.map((q): ModelAnswer => {
      const values = Object.hasOwn(answers, q.question) ? answers[q.question] : undefined;
      if (!values || values.length === 0) return { question: q.question, selected: [], unanswered: true };
      return { question: q.question, ...splitAnswer(q, values) };
    }),
  };
}

/** A value in double quotes for a message, shortened when long. */
function quote(value: string): string {
  const chars = [...value];
  return JSON.stringify(chars.length > 60 ? `${chars.slice(0, 59).join('')}…` : value);
}
