import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/components/schema-form/schema-form.js';
import type { AgentChatSchemaForm } from '../../../src/components/schema-form/schema-form.js';
import type { SchemaFormLabels } from '../../../src/ask/forms/labels.js';
import { SchemaFormSubmitEvent, listen } from '../../../src/internal/view-events.js';

const agui = {
  type: 'object',
  properties: {
    quarter: { type: 'string', enum: ['Q1', 'Q2', 'Q3', 'Q4'] },
    year: { type: 'integer', minimum: 2000 },
    revenue: { type: 'number' },
  },
  required: ['quarter', 'year', 'revenue'],
};

/** Every value the form submitted, in order. */
function submissions(el: AgentChatSchemaForm): unknown[] {
  const values: unknown[] = [];
  listen(el, SchemaFormSubmitEvent, (event) => {
    expect(event.bubbles, 'not bubbling').to.equal(false);
    expect(event.composed, 'not composed').to.equal(false);
    values.push(event.value);
  });
  return values;
}

const root = (el: AgentChatSchemaForm) => el.shadowRoot!;
const $ = <T extends Element = HTMLElement>(el: AgentChatSchemaForm, selector: string) => root(el).querySelector<T & HTMLElement>(selector)!;
const byLabel = (el: AgentChatSchemaForm, text: string) => {
  const label = [...root(el).querySelectorAll('label')].find((candidate) => candidate.textContent!.replace(/\*/g, '').trim() === text);
  if (!label) throw new Error(`no label ${text}`);
  return (label.htmlFor ? root(el).getElementById(label.htmlFor) : label.querySelector('input')) as HTMLInputElement;
};
const focused = (el: AgentChatSchemaForm) => root(el).activeElement as HTMLElement | null;
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

async function typeInto(input: HTMLElement, text: string) {
  input.focus();
  await sendKeys({ type: text });
}

describe('<agent-chat-schema-form>', () => {
  it('is filled with the keyboard and submits exactly the typed value (the AG-UI example)', async () => {
    const el = await fixture<AgentChatSchemaForm>(html`<agent-chat-schema-form .schema=${agui}></agent-chat-schema-form>`);
    const sent = submissions(el);
    expect($(el, 'form[part="schema-form"]')).to.exist;
    expect(root(el).querySelectorAll('[part="form-field"]').length).to.equal(3);
    const group = $(el, 'fieldset[role="radiogroup"]');
    expect(group.querySelector('legend')!.textContent).to.contain('Quarter');
    expect(group.getAttribute('aria-required')).to.equal('true');

    // Keyboard only: Tab to the first radio, arrow to Q2, Tab on to Year and Revenue, Enter submits.
    el.focus();
    expect(focused(el)?.getAttribute('value')).to.equal('0');
    await sendKeys({ press: 'ArrowRight' });
    expect((focused(el) as HTMLInputElement).checked).to.equal(true);
    await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal(byLabel(el, 'Year'));
    await sendKeys({ type: '2026' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: '1.5' });
    await sendKeys({ press: 'Enter' });
    expect(sent).to.deep.equal([{ quarter: 'Q2', year: 2026, revenue: 1.5 }]);
    expect(root(el).querySelector('[role="alert"]')).to.equal(null);
  });

  it('shows every problem next to its field and in an alert, focuses the first, and sends nothing', async () => {
    const el = await fixture<AgentChatSchemaForm>(html`<agent-chat-schema-form .schema=${agui}></agent-chat-schema-form>`);
    const sent = submissions(el);
    await typeInto(byLabel(el, 'Year'), '1999');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: '3' });
    $(el, '[part="form-submit"]').click();
    await el.updateComplete;
    await frame();

    expect(sent).to.deep.equal([]);
    const summary = $(el, '[role="alert"]');
    expect(summary.getAttribute('part')).to.equal('form-summary');
    expect(summary.textContent).to.contain('Check the highlighted fields.');
    expect(summary.textContent).to.contain('Quarter: is required');
    expect(summary.textContent).to.contain('Year: must be at least 2000');

    const quarter = $(el, 'fieldset[role="radiogroup"]');
    expect(quarter.getAttribute('aria-invalid')).to.equal('true');
    const year = byLabel(el, 'Year');
    expect(year.getAttribute('aria-invalid')).to.equal('true');
    const yearError = root(el).getElementById(year.getAttribute('aria-describedby')!.split(' ').pop()!)!;
    expect(yearError.textContent!.trim()).to.equal('must be at least 2000');
    expect(quarter.getAttribute('aria-describedby')).to.match(/-error$/);
    expect(byLabel(el, 'Revenue').hasAttribute('aria-invalid')).to.equal(false);
    // The first invalid field, in form order, has the focus: the first Quarter radio.
    expect(focused(el)).to.equal(quarter.querySelector('input'));
    await expect(el).to.be.accessible();

    // Fixing both sends the value and clears the errors.
    await sendKeys({ press: 'Space' });
    year.select();
    await sendKeys({ type: '2001' });
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(sent).to.deep.equal([{ quarter: 'Q1', year: 2001, revenue: 3 }]);
    expect(root(el).querySelector('[role="alert"]')).to.equal(null);
    expect(year.hasAttribute('aria-invalid')).to.equal(false);
  });

  it('pre-fills the arguments being edited and sends the edited ones (editedArgs)', async () => {
    const schema = {
      type: 'object',
      properties: {
        to: { type: 'string', format: 'email', title: 'To' },
        subject: { type: 'string', maxLength: 80 },
        urgent: { type: 'boolean' },
        cc: { type: 'array', items: { type: 'string' } },
        priority: { type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7] },
      },
      required: ['to', 'subject'],
    };
    const args = { to: 'ana@example.com', subject: 'Hello', urgent: true, cc: ['bo@example.com'], priority: 3 };
    const el = await fixture<AgentChatSchemaForm>(
      html`<agent-chat-schema-form .schema=${schema} .value=${args} submit-label="Approve with these arguments"></agent-chat-schema-form>`,
    );
    const sent = submissions(el);
    expect(byLabel(el, 'To').value).to.equal('ana@example.com');
    expect(byLabel(el, 'To').type).to.equal('email');
    expect(byLabel(el, 'Subject').value).to.equal('Hello');
    expect(byLabel(el, 'Urgent').checked).to.equal(true);
    expect((byLabel(el, 'Cc') as unknown as HTMLTextAreaElement).value).to.equal('bo@example.com');
    expect((byLabel(el, 'Priority') as unknown as HTMLSelectElement).value).to.equal('2');
    expect($(el, '[part="form-submit"]').textContent!.trim()).to.equal('Approve with these arguments');

    byLabel(el, 'Subject').select();
    await sendKeys({ type: 'Hello again' });
    byLabel(el, 'Urgent').click();
    await typeInto(byLabel(el, 'Cc'), '\ncy@example.com');
    $(el, '[part="form-submit"]').click();
    expect(sent).to.deep.equal([{ ...args, subject: 'Hello again', urgent: false, cc: ['bo@example.com', 'cy@example.com'] }]);
    expect(el.checkValue()).to.deep.equal({ ok: true, value: sent[0] });
  });

  it('asks a yes/no question as two radios when the whole answer is a boolean', async () => {
    // Labels the page left out stay English.
    const labels = { yes: 'Ja', no: 'Nein', errorRequired: 'fehlt' } as unknown as SchemaFormLabels;
    const el = await fixture<AgentChatSchemaForm>(html`<agent-chat-schema-form .schema=${{ type: 'boolean', title: 'Deploy now?' }} .labels=${labels}></agent-chat-schema-form>`);
    const sent = submissions(el);
    const group = $(el, 'fieldset[role="radiogroup"]');
    expect(group.querySelector('legend')!.textContent).to.contain('Deploy now?');
    expect([...group.querySelectorAll('label')].map((label) => label.textContent!.trim())).to.deep.equal(['Ja', 'Nein']);
    expect(el.checkValue()).to.deep.equal({ ok: false });
    await el.updateComplete;
    expect($(el, '[role="alert"]').textContent).to.contain('Check the highlighted fields.');
    expect($(el, '[role="alert"]').textContent).to.contain('Deploy now?: fehlt');
    (group.querySelectorAll('input')[1] as HTMLInputElement).click();
    $(el, '[part="form-submit"]').click();
    expect(sent).to.deep.equal([false]);
  });

  it('falls back to a JSON field, reports JSON that does not parse, and sends what does', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, shape: { oneOf: [{ type: 'object' }, { type: 'array' }] } }, required: ['shape'] };
    const el = await fixture<AgentChatSchemaForm>(html`<agent-chat-schema-form .schema=${schema}></agent-chat-schema-form>`);
    const sent = submissions(el);
    const json = byLabel(el, 'Shape (JSON)') as unknown as HTMLTextAreaElement;
    expect(json.tagName).to.equal('TEXTAREA');
    await typeInto(json, '{"r": ');
    $(el, '[part="form-submit"]').click();
    await el.updateComplete;
    await frame();
    expect(sent).to.deep.equal([]);
    expect(json.getAttribute('aria-invalid')).to.equal('true');
    expect($(el, '[role="alert"]').textContent).to.contain('Shape (JSON): This is not valid JSON.');
    expect(focused(el)).to.equal(json);
    await sendKeys({ type: '2}' });
    $(el, '[part="form-submit"]').click();
    expect(sent).to.deep.equal([{ shape: { r: 2 } }]);
  });

  it('answers anything as JSON without a schema', async () => {
    const el = await fixture<AgentChatSchemaForm>(html`<agent-chat-schema-form></agent-chat-schema-form>`);
    const sent = submissions(el);
    await typeInto(byLabel(el, 'Your answer (JSON)'), '[1, "two"]');
    $(el, '[part="form-submit"]').click();
    expect(sent).to.deep.equal([[1, 'two']]);
  });

  it('disables every control while disabled, and keeps slotted actions out of the form', async () => {
    const el = await fixture<AgentChatSchemaForm>(
      html`<agent-chat-schema-form .schema=${agui} disabled><button slot="actions" type="button">Skip</button></agent-chat-schema-form>`,
    );
    const sent = submissions(el);
    for (const control of root(el).querySelectorAll<HTMLInputElement>('input, button')) expect(control.matches(':disabled'), control.outerHTML).to.equal(true);
    expect(root(el).querySelector('slot[name="actions"]')).to.exist;
    el.disabled = false;
    await el.updateComplete;
    (el.querySelector('button[slot="actions"]') as HTMLButtonElement).click();
    expect(sent).to.deep.equal([]);
    expect(root(el).querySelector('[role="alert"]')).to.equal(null);
  });

  it('starts over when the schema or the initial value changes, not when an equal copy is set', async () => {
    const el = await fixture<AgentChatSchemaForm>(html`<agent-chat-schema-form .schema=${agui} .value=${{}}></agent-chat-schema-form>`);
    await typeInto(byLabel(el, 'Year'), '1');
    // A parent that renders `.value=${args ?? {}}` hands over a new, equal object each time.
    el.schema = structuredClone(agui);
    el.value = {};
    await el.updateComplete;
    expect(byLabel(el, 'Year').value).to.equal('1');
    void el.checkValue();
    await el.updateComplete;
    expect(root(el).querySelector('[role="alert"]')).to.exist;
    el.value = { quarter: 'Q3', year: 2030, revenue: 2 };
    await el.updateComplete;
    expect(byLabel(el, 'Year').value).to.equal('2030');
    expect(root(el).querySelector('[role="alert"]')).to.equal(null);
    expect(el.checkValue()).to.deep.equal({ ok: true, value: { quarter: 'Q3', year: 2030, revenue: 2 } });
  });

  it('is accessible when filled in, with groups, hints and choices of every kind', async () => {
    const schema = {
      type: 'object',
      properties: {
        quarter: agui.properties.quarter,
        year: { type: 'integer', minimum: 2000, maximum: 2100, description: 'The fiscal year.' },
        country: { type: 'string', enum: ['DE', 'FR', 'IT', 'ES', 'NL', 'PL'] },
        days: { type: 'array', items: { enum: ['mon', 'tue', 'wed'] }, minItems: 1 },
        notes: { type: 'array', items: { type: 'string' } },
        address: { type: 'object', title: 'Address', properties: { city: { type: 'string' } }, required: ['city'] },
        kind: { const: 'report' },
        when: { type: 'string', format: 'date' },
        extra: {},
        agree: { type: 'boolean' },
      },
      required: ['quarter', 'year', 'days', 'address'],
    };
    const el = await fixture<AgentChatSchemaForm>(
      html`<agent-chat-schema-form .schema=${schema} .value=${{ quarter: 'Q1', year: 2026, country: 'FR', days: ['tue'], address: { city: 'Lyon' } }}></agent-chat-schema-form>`,
    );
    expect($(el, '.note').textContent).to.contain('required');
    const year = byLabel(el, 'Year');
    expect(year.required).to.equal(true);
    expect(year.min).to.equal('2000');
    expect(root(el).getElementById(year.getAttribute('aria-describedby')!)!.textContent).to.equal('The fiscal year. From 2000 to 2100.');
    await expect(el).to.be.accessible();
    expect(el.checkValue()).to.deep.equal({
      ok: true,
      value: { quarter: 'Q1', year: 2026, country: 'FR', days: ['tue'], address: { city: 'Lyon' }, kind: 'report', agree: false },
    });
  });

  it('is accessible with errors on groups, selects and text fields', async () => {
    const schema = {
      type: 'object',
      properties: {
        country: { type: 'string', enum: ['DE', 'FR', 'IT', 'ES', 'NL', 'PL'] },
        days: { type: 'array', items: { enum: ['mon', 'tue', 'wed'] }, minItems: 2 },
        code: { type: 'string', pattern: '^[A-Z]{3}$' },
        address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
      required: ['country', 'days', 'address'],
    };
    const el = await fixture<AgentChatSchemaForm>(html`<agent-chat-schema-form .schema=${schema} .value=${{ code: 'ab', days: ['mon'] }}></agent-chat-schema-form>`);
    expect(await el.checkValue()).to.deep.equal({ ok: false });
    await el.updateComplete;
    await frame();
    const summary = $(el, '[role="alert"]');
    expect([...summary.querySelectorAll('li')].map((item) => item.textContent!.trim())).to.deep.equal([
      'Country: is required',
      'Days: must have at least 2 items',
      'Code: must match the pattern ^[A-Z]{3}$',
      'City: is required',
    ]);
    expect(focused(el)).to.equal(byLabel(el, 'Country'));
    // The summary's entries take the keyboard to their field.
    (summary.querySelectorAll('button')[3] as HTMLButtonElement).click();
    expect(focused(el)).to.equal(byLabel(el, 'City'));
    await expect(el).to.be.accessible();
  });
});
