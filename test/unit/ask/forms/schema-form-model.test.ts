import { expect } from '@open-wc/testing';
import { constraintHint, englishSchemaFormLabels, type SchemaFormLabels } from '../../../../src/ask/forms/labels.js';
import { formFields, formModel, joinPath, type ChoiceNode, type FormNode, type ObjectNode, type RawValue, type TextNode } from '../../../../src/ask/forms/model.js';
import { checkPayload, validatePayload } from '../../../../src/ask/forms/validation.js';
import { collectValue, initialEntries } from '../../../../src/ask/forms/values.js';

const agui = {
  type: 'object',
  properties: {
    quarter: { type: 'string', enum: ['Q1', 'Q2', 'Q3', 'Q4'] },
    year: { type: 'integer', minimum: 2000 },
    revenue: { type: 'number' },
  },
  required: ['quarter', 'year', 'revenue'],
};

/** The field at `path`. */
function field(node: FormNode, path: string): FormNode {
  const found = formFields(node).find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no field ${path}`);
  return found;
}

/** The value from the initial entries with some changed. */
function valueOf(node: FormNode, changes: Record<string, RawValue> = {}) {
  const entries = initialEntries(node);
  for (const [path, raw] of Object.entries(changes)) entries.set(path, raw);
  return collectValue(node, entries);
}

describe('schema form: formModel', () => {
  it('builds the AG-UI example: a choice, an integer and a number, all required, in schema order', () => {
    const model = formModel(agui) as ObjectNode;
    expect(model.kind).to.equal('object');
    expect(model.fields.map((f) => [f.path, f.kind, f.label, f.required])).to.deep.equal([
      ['quarter', 'choice', 'Quarter', true],
      ['year', 'number', 'Year', true],
      ['revenue', 'number', 'Revenue', true],
    ]);
    const quarter = model.fields[0] as ChoiceNode;
    expect(quarter.control).to.equal('radio');
    expect(quarter.options.map((o) => o.value)).to.deep.equal(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(field(model, 'year')).to.include({ integer: true, minimum: 2000, step: '1' });
    expect(field(model, 'revenue')).to.include({ integer: false, step: 'any' });
  });

  it('uses title and description, and makes property names readable otherwise', () => {
    const model = formModel({
      type: 'object',
      properties: { first_name: { type: 'string' }, dueDate: { type: 'string', title: 'Due', description: 'When it is due' } },
    });
    expect(field(model, 'first_name').label).to.equal('First name');
    expect(field(model, 'dueDate')).to.include({ label: 'Due', description: 'When it is due' });
  });

  it('maps string formats to input types and keeps the constraints', () => {
    const model = formModel({
      type: 'object',
      properties: {
        mail: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        day: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
        time: { type: 'string', format: 'time' },
        code: { type: 'string', minLength: 2, maxLength: 8, pattern: '^[A-Z]+$' },
        story: { type: 'string', maxLength: 2000 },
        note: { type: 'string', format: 'textarea' },
      },
    });
    const types = ['mail', 'site', 'day', 'at', 'time'].map((path) => (field(model, path) as TextNode).inputType);
    expect(types).to.deep.equal(['email', 'url', 'date', 'datetime-local', 'time']);
    expect(field(model, 'code')).to.include({ inputType: 'text', multiline: false, minLength: 2, maxLength: 8, pattern: '^[A-Z]+$' });
    expect(field(model, 'story')).to.include({ multiline: true });
    expect(field(model, 'note')).to.include({ multiline: true });
  });

  it('makes radios for up to five choices and a drop-down beyond; oneOf of consts uses the titles', () => {
    const model = formModel({
      type: 'object',
      properties: {
        size: { oneOf: [{ const: 's', title: 'Small' }, { const: 'm', title: 'Medium' }, { const: 'l' }] },
        level: { type: 'integer', enum: [1, 2, 3, 4, 5, 6] },
      },
    });
    const size = field(model, 'size') as ChoiceNode;
    expect(size.control).to.equal('radio');
    expect(size.options).to.deep.equal([
      { value: 's', label: 'Small' },
      { value: 'm', label: 'Medium' },
      { value: 'l', label: 'l' },
    ]);
    const level = field(model, 'level') as ChoiceNode;
    expect(level.control).to.equal('select');
    expect(level.options.map((o) => o.value)).to.deep.equal([1, 2, 3, 4, 5, 6]);
  });

  it('makes booleans checkboxes inside an object and Yes/No radios for the whole answer', () => {
    expect(field(formModel({ type: 'object', properties: { ok: { type: 'boolean' } } }), 'ok')).to.include({ kind: 'boolean', control: 'checkbox', initial: 'false' });
    expect(formModel({ type: 'boolean' })).to.include({ kind: 'boolean', control: 'radio', initial: '' });
  });

  it('makes arrays of an enum checkboxes and arrays of strings or numbers one-per-line text', () => {
    const model = formModel({
      type: 'object',
      properties: {
        days: { type: 'array', items: { type: 'string', enum: ['mon', 'tue', 'wed'] }, minItems: 1, maxItems: 2 },
        picks: {
          type: 'array',
          items: {
            anyOf: [
              { const: 1, title: 'One' },
              { const: 2, title: 'Two' },
            ],
          },
        },
        tags: { type: 'array', items: { type: 'string' } },
        scores: { type: 'array', items: { type: 'number' } },
      },
    });
    expect(field(model, 'days')).to.deep.include({ kind: 'multi', minItems: 1, maxItems: 2, initial: [] });
    expect((field(model, 'picks') as ChoiceNode).options.map((o) => o.label)).to.deep.equal(['One', 'Two']);
    expect(field(model, 'tags')).to.include({ kind: 'lines', itemType: 'string' });
    expect(field(model, 'scores')).to.include({ kind: 'lines', itemType: 'number' });
  });

  it('shows a const as a fixed value and nests objects as groups', () => {
    const model = formModel({
      type: 'object',
      properties: { kind: { const: 'refund' }, address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
    });
    expect(field(model, 'kind')).to.include({ kind: 'const', value: 'refund', display: 'refund' });
    expect(field(model, 'address').kind).to.equal('object');
    expect(field(model, 'address.city')).to.include({ kind: 'text', required: true });
  });

  it('falls back to a JSON field for what it cannot show, so nothing is impossible to answer', () => {
    const model = formModel({
      type: 'object',
      properties: {
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
        tuple: { type: 'array', items: [{ type: 'string' }] },
        remote: { $ref: 'https://example.com/schema.json' },
        shape: {
          oneOf: [
            { type: 'object', properties: { r: { type: 'number' } } },
            { type: 'object', properties: { w: { type: 'number' } } },
          ],
        },
        anything: {},
        free: true,
        several: { type: ['string', 'number'] },
        rows: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } },
        bag: { type: 'object' },
      },
    });
    for (const path of ['pair', 'tuple', 'remote', 'shape', 'anything', 'free', 'several', 'rows', 'bag']) {
      expect(field(model, path).kind, path).to.equal('json');
    }
    expect(formModel(undefined).kind).to.equal('json');
    expect(formModel({}).kind).to.equal('json');
    expect(formModel(true).kind).to.equal('json');
    expect(formModel('not a schema').kind).to.equal('json');
  });

  it('treats ["x", "null"] and anyOf [x, null] as an optional x, and follows local $refs', () => {
    const model = formModel({
      type: 'object',
      $defs: { Quarter: { type: 'string', enum: ['Q1', 'Q2'] } },
      properties: {
        note: { type: ['string', 'null'] },
        quarter: { $ref: '#/$defs/Quarter', title: 'Which quarter' },
        maybe: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null },
        loop: { $ref: '#' },
      },
    });
    expect(field(model, 'note')).to.include({ kind: 'text', nullable: true });
    expect(field(model, 'quarter')).to.include({ kind: 'choice', label: 'Which quarter' });
    expect(field(model, 'maybe')).to.include({ kind: 'number', nullable: true, initial: '' });
    // `#` refers to the whole schema again: shown once, then as JSON.
    expect(field(model, 'loop').kind).to.equal('object');
    expect(field(model, 'loop.loop').kind).to.equal('json');
  });

  it('fills fields from the initial value, else from defaults', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string', default: 'Paris' },
        count: { type: 'integer', default: 3 },
        fast: { type: 'boolean', default: true },
        mode: { enum: ['a', 'b'], default: 'b' },
        tags: { type: 'array', items: { type: 'string' }, default: ['x', 'y'] },
      },
    };
    const defaults = initialEntries(formModel(schema));
    expect(Object.fromEntries(defaults)).to.deep.equal({ city: 'Paris', count: '3', fast: 'true', mode: '1', tags: 'x\ny' });
    const filled = initialEntries(formModel(schema, { city: 'Rome', count: 7, fast: false, mode: 'a', tags: [] }));
    expect(Object.fromEntries(filled)).to.deep.equal({ city: 'Rome', count: '7', fast: 'false', mode: '0', tags: '' });
  });

  it('turns a field into JSON when the initial value does not fit its control, and keeps unknown keys', () => {
    const model = formModel(agui, { quarter: 'Q9', year: 'soon', revenue: 1.5, note: 'kept' }) as ObjectNode;
    expect(field(model, 'quarter')).to.include({ kind: 'json', initial: '"Q9"' });
    expect(field(model, 'year')).to.include({ kind: 'json', initial: '"soon"' });
    expect(field(model, 'revenue')).to.include({ kind: 'number', initial: '1.5' });
    expect(model.extra).to.deep.equal({ note: 'kept' });
    expect(valueOf(model).value).to.deep.equal({ quarter: 'Q9', year: 'soon', revenue: 1.5, note: 'kept' });
    expect(formModel({ type: 'object', properties: { a: { type: 'string' } } }, 'text').kind).to.equal('json');
  });

  it('shows dates and times in local time and sends them back as RFC 3339', () => {
    const model = formModel(
      { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, time: { type: 'string', format: 'time' } } },
      { at: '2026-03-04T05:06:07Z', time: '09:30:00+02:00' },
    );
    const local = new Date('2026-03-04T05:06:07Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect((field(model, 'at') as TextNode).initial).to.equal(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}:07`,
    );
    expect((field(model, 'time') as TextNode).initial).to.equal('09:30:00');
    const value = valueOf(model, { time: '10:15' }).value as { at: string; time: string };
    expect(Date.parse(value.at)).to.equal(local.getTime());
    expect(value.at).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);
    expect(value.time).to.equal('10:15:00+02:00');
    expect(validatePayload({ type: 'string', format: 'date-time' }, value.at)).to.deep.equal([]);
  });

  it('says what a field accepts', () => {
    const model = formModel({
      type: 'object',
      properties: {
        n: { type: 'number', minimum: 1, maximum: 5 },
        m: { type: 'number', minimum: 0 },
        days: { type: 'array', items: { enum: ['a', 'b', 'c'] }, maxItems: 2 },
        lines: { type: 'array', items: { type: 'string' } },
        raw: {},
        s: { type: 'string' },
      },
    });
    expect(constraintHint(field(model, 'n'))).to.equal('From 1 to 5.');
    expect(constraintHint(field(model, 'm'))).to.equal('At least 0.');
    expect(constraintHint(field(model, 'days'))).to.equal('Choose at most 2.');
    expect(constraintHint(field(model, 'lines'))).to.equal('One per line.');
    expect(constraintHint(field(model, 'raw'))).to.equal('Write the value as JSON.');
    expect(constraintHint(field(model, 's'))).to.equal(undefined);
  });

  it('never throws, whatever it is given', () => {
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { self: cyclic };
    for (const schema of [null, 42, 'x', [], false, { type: 'object', properties: null }, { enum: [] }, { anyOf: 'no' }, cyclic]) {
      expect(() => formModel(schema, { a: 1 })).to.not.throw();
    }
  });
});

describe('schema form: collectValue', () => {
  it('parses numbers, picks choices and leaves out empty optional fields', () => {
    const model = formModel({ ...agui, properties: { ...agui.properties, note: { type: 'string' }, extra: { type: ['number', 'null'] } } });
    expect(valueOf(model, { quarter: '1', year: '2026', revenue: '1.5' })).to.deep.equal({ value: { quarter: 'Q2', year: 2026, revenue: 1.5 }, errors: [] });
    expect(valueOf(model, { quarter: '1', year: '2026', revenue: '1.5', note: 'hi', extra: '-2' }).value).to.deep.equal({
      quarter: 'Q2',
      year: 2026,
      revenue: 1.5,
      note: 'hi',
      extra: -2,
    });
    // Empty required fields are left out too: the validator then says they are required.
    expect(valueOf(model, { year: '' }).value).to.deep.equal({});
  });

  it('sends an empty required nullable field as null', () => {
    const model = formModel({ type: 'object', properties: { why: { type: ['string', 'null'] } }, required: ['why'] });
    expect(valueOf(model).value).to.deep.equal({ why: null });
  });

  it('reads booleans, ticked options and one-per-line lists', () => {
    const model = formModel({
      type: 'object',
      properties: {
        ok: { type: 'boolean' },
        days: { type: 'array', items: { enum: ['mon', 'tue', 'wed'] } },
        tags: { type: 'array', items: { type: 'string' } },
        nums: { type: 'array', items: { type: 'integer' } },
        none: { type: 'array', items: { type: 'string' } },
        must: { type: 'array', items: { type: 'string' } },
      },
      required: ['must'],
    });
    const { value, errors } = valueOf(model, { ok: 'true', days: ['2', '0'], tags: ' a \n\n b\r\n', nums: '1\n 2 \n' });
    expect(errors).to.deep.equal([]);
    expect(value).to.deep.equal({ ok: true, days: ['mon', 'wed'], tags: ['a', 'b'], nums: [1, 2], must: [] });
  });

  it('keeps const values and leaves out an optional group left empty', () => {
    const model = formModel({
      type: 'object',
      properties: { kind: { const: 'refund' }, address: { type: 'object', properties: { city: { type: 'string' } } } },
    });
    expect(valueOf(model).value).to.deep.equal({ kind: 'refund' });
    expect(valueOf(model, { 'address.city': 'Oslo' }).value).to.deep.equal({ kind: 'refund', address: { city: 'Oslo' } });
  });

  it('parses JSON fields, and a field that does not parse is a field error, not a throw', () => {
    const model = formModel({ type: 'object', properties: { data: {}, n: { type: 'number' }, list: { type: 'array', items: { type: 'number' } } } });
    expect(valueOf(model, { data: '{"a": [1, true]}' }).value).to.deep.equal({ data: { a: [1, true] } });
    const bad = valueOf(model, { data: '{a: 1', n: 'abc', list: '1\nx' });
    expect(bad.value).to.deep.equal({ list: [1] });
    expect(bad.errors).to.deep.equal([
      { path: 'data', message: 'This is not valid JSON.' },
      { path: 'n', message: 'Enter a number.' },
      { path: 'list', message: 'line 2: Enter a number.' },
    ]);
  });

  it('answers a whole-answer field: text may be empty, anything else is required', () => {
    expect(collectValue(formModel({ type: 'string' })).value).to.equal('');
    expect(valueOf(formModel({ type: 'boolean' }), { '': 'false' }).value).to.equal(false);
    expect(collectValue(formModel({ type: 'boolean' })).errors).to.deep.equal([{ path: '', message: 'is required' }]);
    expect(valueOf(formModel(undefined), { '': '[1, 2]' }).value).to.deep.equal([1, 2]);
    expect(collectValue(formModel({ type: ['integer', 'null'] })).value).to.equal(null);
  });

  it('uses the translated texts it is given', () => {
    const labels: SchemaFormLabels = { ...englishSchemaFormLabels, invalidJson: 'Kein gültiges JSON.' };
    const model = formModel({});
    expect(collectValue(model, new Map([['', '{']]), labels).errors).to.deep.equal([{ path: '', message: 'Kein gültiges JSON.' }]);
  });

  it('joins keys into readable, unambiguous paths', () => {
    expect(joinPath('', 'a')).to.equal('a');
    expect(joinPath('a', 'b')).to.equal('a.b');
    expect(joinPath('a', 'x.y')).to.equal('a["x.y"]');
    expect(joinPath('tags', 2)).to.equal('tags[2]');
    const model = formModel({ type: 'object', properties: { 'a.b': { type: 'string' }, a: { type: 'object', properties: { b: { type: 'string' } } } } });
    expect(formFields(model).map((f) => f.path)).to.deep.equal(['', '["a.b"]', 'a', 'a.b']);
    expect(valueOf(model, { '["a.b"]': '1', 'a.b': '2' }).value).to.deep.equal({ 'a.b': '1', a: { b: '2' } });
  });
});

describe('schema form: validatePayload', () => {
  it('says what is wrong at the field path, in form order', () => {
    expect(validatePayload(agui, { year: 1999, revenue: 1 })).to.deep.equal([
      { path: 'quarter', message: 'is required' },
      { path: 'year', message: 'must be at least 2000' },
    ]);
    expect(validatePayload(agui, { quarter: 'Q2', year: 2026, revenue: 1.5 })).to.deep.equal([]);
  });

  it('words type, enum, range, length, pattern, format and list errors', async () => {
    const schema = {
      type: 'object',
      properties: {
        quarter: agui.properties.quarter,
        year: { type: 'integer', maximum: 2100, exclusiveMinimum: 1999, multipleOf: 1 },
        price: { type: 'number', multipleOf: 0.5, exclusiveMaximum: 10 },
        code: { type: 'string', minLength: 3, maxLength: 4, pattern: '^[A-Z]+$' },
        name: { type: 'string', minLength: 1 },
        mail: { type: 'string', format: 'email' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 2, uniqueItems: true },
        days: { type: 'array', items: { enum: ['mon', 'tue'] }, maxItems: 1 },
        flag: { type: 'boolean' },
      },
      additionalProperties: false,
    };
    const errors = await checkPayload(schema, {
      quarter: 'Q5',
      year: 2100.5,
      price: 10.25,
      code: 'ab',
      name: '',
      mail: 'nope',
      tags: ['a', 'a', 7],
      days: ['mon', 'tue'],
      flag: 'yes',
      other: 1,
    });
    expect(errors).to.deep.equal([
      { path: '', message: 'other: is not allowed' },
      { path: 'quarter', message: 'must be one of: Q1, Q2, Q3, Q4' },
      { path: 'year', message: 'must be a whole number' },
      { path: 'year', message: 'must be at most 2100' },
      { path: 'year', message: 'must be a multiple of 1' },
      { path: 'price', message: 'must be less than 10' },
      { path: 'price', message: 'must be a multiple of 0.5' },
      { path: 'code', message: 'must be at least 3 characters long' },
      { path: 'code', message: 'must match the pattern ^[A-Z]+$' },
      { path: 'name', message: 'must not be empty' },
      { path: 'mail', message: 'must be a valid email' },
      { path: 'tags', message: 'item 3: must be text' },
      { path: 'tags', message: 'must not contain the same item twice' },
      { path: 'days', message: 'must have at most 1 item' },
      { path: 'flag', message: 'must be yes or no' },
    ]);
  });

  it('maps nested locations to nested fields, and below a JSON field to that field', async () => {
    const schema = {
      type: 'object',
      properties: {
        address: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string', pattern: '^\\d{5}$' } }, required: ['city'] },
        rows: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer', minimum: 1 } }, required: ['qty'] } },
      },
    };
    expect(await checkPayload(schema, { address: { zip: '1' }, rows: [{ qty: 1 }, { qty: 0 }, {}] })).to.deep.equal([
      { path: 'address.city', message: 'is required' },
      { path: 'address.zip', message: 'must match the pattern ^\\d{5}$' },
      { path: 'rows', message: '[1].qty: must be at least 1' },
      { path: 'rows', message: '[2].qty: is required' },
    ]);
  });

  it('reports the branch meant for an optional ($ref | null) value, or that no option fits', () => {
    const schema = {
      $defs: { Point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
      type: 'object',
      properties: {
        at: { anyOf: [{ $ref: '#/$defs/Point' }, { type: 'null' }] },
        size: {
          oneOf: [
            { const: 's', title: 'Small' },
            { const: 'l', title: 'Large' },
          ],
        },
        either: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        both: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
      },
    };
    expect(validatePayload(schema, { at: {}, size: 'm', either: true, both: 2 })).to.deep.equal([
      { path: 'at.x', message: 'is required' },
      { path: 'size', message: 'must be one of: Small, Large' },
      { path: 'either', message: 'does not match any of the allowed forms' },
      { path: 'both', message: 'matches more than one of the allowed forms' },
    ]);
    expect(validatePayload(schema, { at: null, size: 's' })).to.deep.equal([]);
  });

  it('words dependentRequired and const errors', () => {
    const schema = {
      type: 'object',
      properties: { card: { type: 'string' }, cvc: { type: 'string' }, kind: { const: 'refund' } },
      dependentRequired: { card: ['cvc'] },
    };
    expect(validatePayload(schema, { card: '4242', kind: 'sale' })).to.deep.equal([
      { path: 'cvc', message: 'is required when card is given' },
      { path: 'kind', message: 'must be “refund”' },
    ]);
  });

  it('uses the paths of the model it is given (built with an initial value)', () => {
    const model = formModel(agui, { quarter: 'Q9', year: 2000, revenue: 1 });
    expect(validatePayload(agui, { quarter: 'Q9', year: 2000, revenue: 1 }, { model })).to.deep.equal([{ path: 'quarter', message: 'must be one of: Q1, Q2, Q3, Q4' }]);
  });

  it('accepts anything without a schema, and gives one error at "" for a schema it cannot use', () => {
    for (const schema of [undefined, null, {}, true]) expect(validatePayload(schema, { any: 'thing' })).to.deep.equal([]);
    const cannot = [{ path: '', message: englishSchemaFormLabels.schemaInvalid }];
    expect(validatePayload('string', 'x')).to.deep.equal(cannot);
    expect(validatePayload([{ type: 'string' }], 'x')).to.deep.equal(cannot);
    expect(validatePayload({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, { a: 1 })).to.deep.equal(cannot);
    expect(validatePayload({ type: 'string', pattern: '(' }, 'x')).to.deep.equal(cannot);
    expect(validatePayload({ $id: 'https://a.example/s', properties: { b: { $id: 'https://a.example/s' } } }, {})).to.deep.equal(cannot);
  });

  it('never throws, and does not change the schema it is given', () => {
    const schema = Object.freeze({ type: 'object', properties: Object.freeze({ a: Object.freeze({ type: 'string' }) }) });
    expect(validatePayload(schema, { a: 1 })).to.deep.equal([{ path: 'a', message: 'must be text' }]);
    expect(Object.getOwnPropertyNames(schema)).to.deep.equal(['type', 'properties']);
    expect(validatePayload(schema, undefined)).to.deep.equal([{ path: '', message: 'is required' }]);
    expect(() => validatePayload(schema, { a: () => 1 })).to.not.throw();
    expect(() => validatePayload({ type: 'object', properties: { a: { type: 'integer', minimum: 'x' } } }, { a: 1 })).to.not.throw();
  });

  it('uses the translated texts it is given', () => {
    const labels: SchemaFormLabels = { ...englishSchemaFormLabels, errorRequired: 'ist erforderlich', errorMinimum: 'muss mindestens {min} sein' };
    expect(validatePayload(agui, { quarter: 'Q1', year: 1990 }, { labels })).to.deep.equal([
      { path: 'year', message: 'muss mindestens 2000 sein' },
      { path: 'revenue', message: 'ist erforderlich' },
    ]);
  });
});
