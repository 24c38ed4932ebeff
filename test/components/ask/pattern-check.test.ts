import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/interrupt/interrupt.js';
import '../../../src/components/schema-form/schema-form.js';
import type { AgentChatInterrupt } from '../../../src/components/interrupt/interrupt.js';
import type { AgentChatSchemaForm } from '../../../src/components/schema-form/schema-form.js';
import { checkPayload, validatePayload } from '../../../src/ask/forms/validation.js';
import { PATTERN_TIME_LIMIT_MS } from '../../../src/ask/pattern-check.js';
import { AnswerEvent, SchemaFormSubmitEvent, listen } from '../../../src/internal/view-events.js';

/** `^(a+)+$` on forty a's and a "!" backtracks 2^40 times: hours, on whichever thread runs it. */
const HOSTILE = '^(a+)+$';
const HOSTILE_TEXT = 'a'.repeat(40) + '!';

/** Counts the longest pause between timer ticks (a blocked main thread shows as one long pause). */
function ticker() {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  return { stop: () => (clearInterval(timer), Math.max(longest, performance.now() - last)) };
}

function typeValue(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

describe('patterns of a schema run off the main thread, with a time limit', () => {
  it('an interrupt form whose pattern is ^(a+)+$: Send answers within a second, the page never stops', async () => {
    const entry = { interrupt: { id: 'i1', reason: 'input_required', message: 'Your code?', responseSchema: { type: 'string', title: 'Code', pattern: HOSTILE } } };
    const el = await fixture<AgentChatInterrupt>(html`<agent-chat-interrupt standalone .entry=${entry}></agent-chat-interrupt>`);
    const form = el.shadowRoot!.querySelector<AgentChatSchemaForm>('agent-chat-schema-form')!;
    await form.updateComplete;
    const input = form.shadowRoot!.querySelector<HTMLInputElement>('input')!;
    expect(input.hasAttribute('pattern'), 'the browser is not given the pattern to run').to.equal(false);
    const answered = new Promise<AnswerEvent>((resolve) => listen(el, AnswerEvent, resolve));
    const ticks = ticker();
    typeValue(input, HOSTILE_TEXT);
    const started = performance.now();
    form.shadowRoot!.querySelector<HTMLButtonElement>('[part="form-submit"]')!.click();
    const answer = await answered;
    const took = performance.now() - started;
    const longestPause = ticks.stop();
    expect(took, 'ms from Send to the answer').to.be.below(1000);
    expect(longestPause, 'longest pause of the main thread (ms)').to.be.below(PATTERN_TIME_LIMIT_MS);
    // Not checked in time: let through, the server judges it.
    expect(answer.answer.kind === 'interrupt' && answer.answer.response.payload).to.equal(HOSTILE_TEXT);
  });

  it('a normal pattern still refuses what does not match and takes what does', async () => {
    const schema = { type: 'object', properties: { code: { type: 'string', title: 'Code', pattern: '^[A-Z]{3}$' } }, required: ['code'] };
    const el = await fixture<AgentChatSchemaForm>(html`<agent-chat-schema-form .schema=${schema}></agent-chat-schema-form>`);
    const sent: unknown[] = [];
    listen(el, SchemaFormSubmitEvent, (event) => sent.push(event.value));
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('input')!;
    typeValue(input, 'ab1');
    expect(await el.checkValue()).to.deep.equal({ ok: false });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.contain('Code: must match the pattern ^[A-Z]{3}$');
    typeValue(input, 'ABC');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part="form-submit"]')!.click();
    await new Promise((resolve) => el.addEventListener(SchemaFormSubmitEvent.type, resolve, { once: true }));
    expect(sent).to.deep.equal([{ code: 'ABC' }]);
  });

  it('checks patternProperties and propertyNames too, and never runs a pattern on the main thread', async () => {
    const schema = { type: 'object', patternProperties: { '^x-': { type: 'number' } }, propertyNames: { pattern: '^[a-z-]+$' }, additionalProperties: false };
    expect(await checkPayload(schema, { 'x-a': 1 })).to.deep.equal([]);
    expect((await checkPayload(schema, { 'x-a': 'one' })).map((error) => error.message)).to.deep.equal(['x-a: must be a number']);
    expect((await checkPayload(schema, { y: 1 })).length).to.equal(1);
    expect((await checkPayload(schema, { 'X-A': 1 })).length).to.be.greaterThan(0);
    const original = RegExp.prototype.test;
    const ran: string[] = [];
    RegExp.prototype.test = function (this: RegExp, text: string) {
      ran.push(this.source);
      return original.call(this, text);
    };
    try {
      validatePayload({ type: 'string', pattern: HOSTILE }, HOSTILE_TEXT);
      await checkPayload({ type: 'string', pattern: HOSTILE }, HOSTILE_TEXT);
    } finally {
      RegExp.prototype.test = original;
    }
    expect(ran.filter((source) => source === HOSTILE)).to.deep.equal([]);
    expect(await checkPayload({ type: 'string', pattern: '(' }, 'x')).to.have.length(1);
  });
});
