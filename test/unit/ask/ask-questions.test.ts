import { expect } from '@open-wc/testing';
import { ASK_USER_TOOL, AskUserDeferred, DEFERRED_RESULT, askUserTool, type Question } from '../../../src/ask/ask-user-definition.js';
import { answersForModel, checkAnswers, parseQuestions, splitAnswer } from '../../../src/ask/questions.js';

const size = { question: 'Which size?', header: 'Size', options: [{ label: 'S' }, { label: 'M' }, { label: 'L' }] };
const toppings = {
  question: 'Which toppings?',
  header: 'Toppings',
  options: [{ label: 'Cheese' }, { label: 'Olives' }, { label: 'Basil' }],
  multiSelect: true,
};

/** parseQuestions for input that must be valid. */
function valid(input: unknown): Question[] {
  const result = parseQuestions(input);
  if (!result.ok) throw new Error(`expected valid input, got: ${result.error}`);
  return result.questions;
}

/** parseQuestions for input that must be rejected; returns the message. */
function invalid(input: unknown): string {
  const result = parseQuestions(input);
  if (result.ok) throw new Error('expected the input to be rejected');
  expect(result.error).to.match(/^ask_user: /);
  return result.error;
}

/** Two questions where the second is `second`, so messages must point at question 2. */
const withSecond = (second: unknown) => ({ questions: [size, second] });

describe('parseQuestions', () => {
  it('accepts a question, defaults multiSelect to false and keeps descriptions', () => {
    const questions = valid({
      questions: [{ question: 'Which size?', header: 'Size', options: [{ label: 'S', description: 'Small' }, { label: 'M' }] }],
    });
    expect(questions).to.deep.equal([{ question: 'Which size?', header: 'Size', options: [{ label: 'S', description: 'Small' }, { label: 'M' }], multiSelect: false }]);
  });

  it('keeps multiSelect true', () => {
    expect(valid({ questions: [toppings] })[0].multiSelect).to.equal(true);
  });

  it('accepts 4 questions of 4 options each, in order', () => {
    const options = [{ label: 'a' }, { label: 'b' }, { label: 'c' }, { label: 'd' }];
    const input = { questions: ['One?', 'Two?', 'Three?', 'Four?'].map((question) => ({ question, header: 'H', options })) };
    const questions = valid(input);
    expect(questions.map((q) => q.question)).to.deep.equal(['One?', 'Two?', 'Three?', 'Four?']);
    expect(questions[3].options).to.have.length(4);
  });

  it('drops unknown keys at every level', () => {
    const questions = valid({
      questions: [{ ...size, extra: 1, options: [{ label: 'S', icon: 'x' }, { label: 'M' }] }],
      note: 'ignored',
    });
    expect(questions[0]).to.deep.equal({ question: 'Which size?', header: 'Size', options: [{ label: 'S' }, { label: 'M' }], multiSelect: false });
  });

  it('does not trim text', () => {
    const [question] = valid({ questions: [{ question: ' Which size? ', header: ' Size ', options: [{ label: ' S' }, { label: 'M ' }] }] });
    expect(question.question).to.equal(' Which size? ');
    expect(question.header).to.equal(' Size ');
    expect(question.options.map((o) => o.label)).to.deep.equal([' S', 'M ']);
  });

  it('rejects input that is not an object, without throwing', () => {
    for (const input of [undefined, null, 'questions', 42, [size]]) {
      expect(invalid(input)).to.equal('ask_user: the input must be an object with a "questions" list.');
    }
  });

  it('asks for 1 to 4 questions', () => {
    const message = 'ask_user: "questions" must list 1 to 4 questions.';
    expect(invalid({})).to.equal(message);
    expect(invalid({ questions: size })).to.equal(message);
    expect(invalid({ questions: [] })).to.equal(message);
    const five = ['1?', '2?', '3?', '4?', '5?'].map((question) => ({ ...size, question }));
    expect(invalid({ questions: five })).to.equal(message);
  });

  it('reports a hole in a list as a bad entry, without throwing', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(invalid({ questions: [, size] })).to.equal('ask_user: question 1 must be an object with "question", "header" and "options".');
  });

  it('reports a wrong count before a bad question inside it', () => {
    expect(invalid({ questions: [size, {}, 3, null, size] })).to.equal('ask_user: "questions" must list 1 to 4 questions.');
  });

  it('rejects a question that is not an object', () => {
    expect(invalid(withSecond('Which colour?'))).to.equal('ask_user: question 2 must be an object with "question", "header" and "options".');
  });

  it('rejects a missing, empty or whitespace-only question text', () => {
    for (const question of [undefined, '', '  \n', 7]) {
      expect(invalid(withSecond({ ...size, question }))).to.equal('ask_user: question 2: "question" must be non-empty text.');
    }
  });

  it('rejects a missing, empty or non-string header, naming the question', () => {
    for (const header of [undefined, '', ' ', ['Size']]) {
      expect(invalid(withSecond({ ...size, question: 'Which colour?', header }))).to.equal(
        'ask_user: question 2 ("Which colour?"): "header" must be non-empty text of at most 12 characters.',
      );
    }
  });

  it('rejects a header longer than 12 characters', () => {
    expect(invalid(withSecond({ ...size, question: 'Which size, really?', header: 'Preferred size' }))).to.equal(
      'ask_user: question 2 ("Which size, really?"): the header "Preferred size" is longer than 12 characters.',
    );
    expect(valid({ questions: [{ ...size, header: 'Twelve chars' }] })[0].header).to.equal('Twelve chars');
  });

  it('counts an emoji or accented letter in a header as one character', () => {
    const twelve = '🍕'.repeat(12);
    expect(twelve.length).to.equal(24);
    expect(valid({ questions: [{ ...size, header: twelve }] })[0].header).to.equal(twelve);
    expect(valid({ questions: [{ ...size, header: 'Größe 🎨 Maß' }] })).to.have.length(1);
    expect(invalid({ questions: [{ ...size, header: '🍕'.repeat(13) }] })).to.contain('question 1 ("Which size?"): the header');
  });

  it('asks for 2 to 4 options', () => {
    const message = 'ask_user: question 2 ("Which colour?"): give 2 to 4 options.';
    const colour = { question: 'Which colour?', header: 'Colour' };
    expect(invalid(withSecond(colour))).to.equal(message);
    expect(invalid(withSecond({ ...colour, options: { label: 'Red' } }))).to.equal(message);
    expect(invalid(withSecond({ ...colour, options: [{ label: 'Red' }] }))).to.equal(message);
    const five = ['a', 'b', 'c', 'd', 'e'].map((label) => ({ label }));
    expect(invalid(withSecond({ ...colour, options: five }))).to.equal(message);
  });

  it('rejects a bad option, naming the question and the option', () => {
    const colour = (second: unknown) => withSecond({ question: 'Which colour?', header: 'Colour', options: [{ label: 'Red' }, second] });
    expect(invalid(colour('Blue'))).to.equal('ask_user: question 2 ("Which colour?"): option 2 must be an object with a "label".');
    for (const label of [undefined, '', '   ', 3]) {
      expect(invalid(colour({ label }))).to.equal('ask_user: question 2 ("Which colour?"): option 2 needs a non-empty "label".');
    }
    expect(invalid(colour({ label: 'Blue', description: 5 }))).to.equal('ask_user: question 2 ("Which colour?"): the "description" of option 2 must be text.');
  });

  it('rejects a multiSelect that is not a boolean', () => {
    expect(invalid(withSecond({ ...toppings, multiSelect: 'yes' }))).to.equal('ask_user: question 2 ("Which toppings?"): "multiSelect" must be true or false.');
  });

  it('rejects two questions with the same text', () => {
    expect(invalid({ questions: [size, toppings, { ...size, header: 'Again' }] })).to.equal(
      'ask_user: question 3 ("Which size?") repeats question 1; each question needs its own text.',
    );
  });

  it('rejects two options with the same label in one question', () => {
    const options = [{ label: 'Red' }, { label: 'Blue' }, { label: 'Red', description: 'again' }];
    expect(invalid(withSecond({ question: 'Which colour?', header: 'Colour', options }))).to.equal(
      'ask_user: question 2 ("Which colour?"): option 3 repeats the label "Red" of option 1.',
    );
    // The same label in two different questions is fine.
    expect(valid({ questions: [size, { ...size, question: 'And the next one?' }] })).to.have.length(2);
  });

  it('shortens a long question text in a message', () => {
    const long = `${'Which one of these many options '.repeat(4)}?`;
    const error = invalid({ questions: [{ ...size, question: long, header: 'Far too long a header' }] });
    expect(error).to.contain('question 1 ("Which one of these many options');
    expect(error).to.contain('…")');
    expect(error).not.to.contain(long);
  });
});

describe('checkAnswers', () => {
  const questions = [valid({ questions: [size] })[0], valid({ questions: [toppings] })[0]];

  /** checkAnswers for answers that must be rejected; returns the message. */
  function rejected(answers: unknown): string {
    const result = checkAnswers(questions, answers);
    if (result.ok) throw new Error('expected the answers to be rejected');
    return result.error;
  }

  it("accepts a label, the person's own text, several labels, a missing key and []", () => {
    const cases = [
      { 'Which size?': ['M'] },
      { 'Which size?': ['Medium-ish'] },
      { 'Which toppings?': ['Basil', 'Cheese', 'Pineapple'] },
      { 'Which toppings?': ['Cheese', 'Olives', 'Basil'] },
      { 'Which size?': [], 'Which toppings?': [] },
      {},
    ];
    for (const answers of cases) expect(checkAnswers(questions, answers)).to.deep.equal({ ok: true, answers });
  });

  it('returns a fresh copy', () => {
    const given = { 'Which size?': ['S'] };
    const result = checkAnswers(questions, given);
    if (!result.ok) throw new Error(result.error);
    expect(result.answers).not.to.equal(given);
    expect(result.answers['Which size?']).not.to.equal(given['Which size?']);
    given['Which size?'].push('L');
    expect(result.answers).to.deep.equal({ 'Which size?': ['S'] });
  });

  it('accepts a null-prototype object', () => {
    const answers = Object.assign(Object.create(null) as Record<string, string[]>, { 'Which size?': ['L'] });
    expect(checkAnswers(questions, answers)).to.deep.equal({ ok: true, answers: { 'Which size?': ['L'] } });
  });

  it('rejects anything but a plain object, without throwing', () => {
    for (const answers of [undefined, null, 'M', 3, true, [['M']], new Map([['Which size?', ['M']]]), () => ({})]) {
      expect(rejected(answers)).to.equal("The answers must be an object that maps each question's text to a list of chosen labels.");
    }
  });

  it('rejects a key that is not a question text, even one close to it', () => {
    expect(rejected({ Colour: ['Red'] })).to.equal('The answers name "Colour" which is not one of the questions.');
    expect(rejected({ 'Which size?': ['M'], 'which size?': ['M'] })).to.equal('The answers name "which size?" which is not one of the questions.');
    expect(rejected({ Size: ['M'] })).to.contain('"Size"');
  });

  it('rejects a value that is not a list of strings', () => {
    const message = 'The answer to "Which size?" must be a list of strings.';
    expect(rejected({ 'Which size?': 'M' })).to.equal(message);
    expect(rejected({ 'Which size?': null })).to.equal(message);
    expect(rejected({ 'Which size?': [1] })).to.equal(message);
    expect(rejected({ 'Which size?': [{ label: 'M' }] })).to.equal(message);
  });

  it('rejects an empty or whitespace-only value', () => {
    expect(rejected({ 'Which size?': [''] })).to.equal('The answer to "Which size?" contains an empty value.');
    expect(rejected({ 'Which toppings?': ['Basil', ' \t'] })).to.equal('The answer to "Which toppings?" contains an empty value.');
  });

  it('rejects the same value twice', () => {
    expect(rejected({ 'Which toppings?': ['Basil', 'Basil'] })).to.equal('The answer to "Which toppings?" gives "Basil" twice.');
    expect(rejected({ 'Which toppings?': ['Ham', 'Ham'] })).to.equal('The answer to "Which toppings?" gives "Ham" twice.');
  });

  it('lets an ordinary question take one value: a label or one own text', () => {
    const message = 'Too many answers for "Which size?": it takes one.';
    expect(rejected({ 'Which size?': ['S', 'M'] })).to.equal(message);
    expect(rejected({ 'Which size?': ['S', 'Tiny'] })).to.equal(message);
    expect(rejected({ 'Which size?': ['Tiny', 'Huge'] })).to.equal(message);
  });

  it('lets a multiSelect question take many labels but only one own text', () => {
    expect(checkAnswers(questions, { 'Which toppings?': ['Olives', 'Ham'] }).ok).to.equal(true);
    expect(rejected({ 'Which toppings?': ['Olives', 'Ham', 'Egg'] })).to.equal(
      'The answer to "Which toppings?" has 2 texts that are not among its options ("Ham", "Egg"); it takes at most one.',
    );
  });

  it('treats a question text such as "__proto__" as an ordinary key', () => {
    const odd = valid({ questions: [{ ...size, question: '__proto__' }] });
    const result = checkAnswers(odd, JSON.parse('{"__proto__": ["S"]}'));
    if (!result.ok) throw new Error(result.error);
    expect(Object.getPrototypeOf(result.answers)).to.equal(Object.prototype);
    expect(Object.keys(result.answers)).to.deep.equal(['__proto__']);
    expect(answersForModel(odd, result.answers).answers[0].selected).to.deep.equal(['S']);
  });

  it('returns an error instead of throwing when reading the answers throws', () => {
    const answers = {
      get 'Which size?'(): string[] {
        throw new Error('boom');
      },
    };
    expect(checkAnswers(questions, answers)).to.deep.equal({ ok: false, error: 'The answers could not be read.' });
  });
});

describe('splitAnswer', () => {
  const [question] = valid({ questions: [toppings] });

  it('lists the chosen labels in option order and picks out the own text', () => {
    expect(splitAnswer(question, ['Basil', 'Ham', 'Cheese'])).to.deep.equal({ selected: ['Cheese', 'Basil'], other: 'Ham' });
  });

  it('leaves out other when every value is a label', () => {
    const split = splitAnswer(question, ['Olives']);
    expect(split).to.deep.equal({ selected: ['Olives'] });
    expect(split).not.to.have.property('other');
  });

  it('gives only other when no label was chosen', () => {
    expect(splitAnswer(question, ['Ham'])).to.deep.equal({ selected: [], other: 'Ham' });
  });
});

describe('answersForModel', () => {
  const questions = valid({
    questions: [size, toppings, { question: 'Delivery?', header: 'Delivery', options: [{ label: 'Yes' }, { label: 'No' }] }],
  });

  it('follows question order, marks unanswered questions and adds other only when there is one', () => {
    const answers = { 'Delivery?': [], 'Which toppings?': ['Basil', 'Ham', 'Cheese'] };
    expect(answersForModel(questions, answers)).to.deep.equal({
      answers: [
        { question: 'Which size?', selected: [], unanswered: true },
        { question: 'Which toppings?', selected: ['Cheese', 'Basil'], other: 'Ham' },
        { question: 'Delivery?', selected: [], unanswered: true },
      ],
    });
  });

  it('gives a label answer without other or unanswered', () => {
    const [first] = answersForModel(questions, { 'Which size?': ['L'] }).answers;
    expect(first).to.deep.equal({ question: 'Which size?', selected: ['L'] });
    expect(first).not.to.have.property('other');
    expect(first).not.to.have.property('unanswered');
  });

  it('gives an own-text answer with an empty selection, not as unanswered', () => {
    const [first] = answersForModel(questions, { 'Which size?': ['Between M and L'] }).answers;
    expect(first).to.deep.equal({ question: 'Which size?', selected: [], other: 'Between M and L' });
  });

  it('survives a JSON round trip unchanged', () => {
    const result = answersForModel(questions, { 'Which size?': ['S'], 'Which toppings?': ['Olives'] });
    expect(JSON.parse(JSON.stringify(result))).to.deep.equal(result);
  });
});

describe('the ask_user tool', () => {
  type Schema = Record<string, any>;
  const parameters = askUserTool.parameters as Schema;
  const questionsSchema = parameters.properties.questions as Schema;
  const questionSchema = questionsSchema.items as Schema;
  const optionsSchema = questionSchema.properties.options as Schema;

  it('is named ask_user and marked for the chat', () => {
    expect(ASK_USER_TOOL).to.equal('ask_user');
    expect(askUserTool.name).to.equal(ASK_USER_TOOL);
    expect(askUserTool.metadata).to.deep.equal({ 'agent-chat': { kind: 'ask_user' } });
    expect(askUserTool.description).to.contain('12 characters');
    expect(askUserTool.description).to.contain('deferred');
  });

  it('describes an object with a required list of 1 to 4 questions', () => {
    expect(parameters.type).to.equal('object');
    expect(parameters.required).to.deep.equal(['questions']);
    expect(questionsSchema).to.include({ type: 'array', minItems: 1, maxItems: 4 });
  });

  it('describes each question with its limits', () => {
    expect(questionSchema.type).to.equal('object');
    expect(questionSchema.required).to.deep.equal(['question', 'header', 'options']);
    expect(questionSchema.properties.question).to.include({ type: 'string', minLength: 1 });
    expect(questionSchema.properties.header).to.include({ type: 'string', minLength: 1, maxLength: 12 });
    expect(questionSchema.properties.multiSelect).to.include({ type: 'boolean', default: false });
    expect(optionsSchema).to.include({ type: 'array', minItems: 2, maxItems: 4 });
    expect(optionsSchema.items.required).to.deep.equal(['label']);
    expect(optionsSchema.items.properties.label).to.include({ type: 'string', minLength: 1 });
    expect(optionsSchema.items.properties.description).to.include({ type: 'string' });
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(askUserTool))).to.deep.equal(askUserTool);
  });

  it('shares the deferred marker across copies of the bundle', () => {
    expect(AskUserDeferred).to.equal(Symbol.for('agent-chat.ask-user-deferred'));
  });

  it('gives the model a frozen deferred status', () => {
    expect(DEFERRED_RESULT).to.deep.equal({ status: 'deferred' });
    expect(Object.isFrozen(DEFERRED_RESULT)).to.equal(true);
  });
});
