import { expect } from '@open-wc/testing';
import { lastReply, openAsks, replyById, replyText, toolCallById } from '../../../src/conversation/selectors.js';
import type { AssistantTurn, ToolCallPart, Turn } from '../../../src/conversation/types.js';

const ask = (id: string, extra: Partial<ToolCallPart> = {}): ToolCallPart => ({
  kind: 'tool-call',
  id,
  name: 'ask_user',
  argsText: '{}',
  argsComplete: true,
  status: 'running',
  ask: { by: 'form' },
  ...extra,
});
const reply = (id: string, parts: AssistantTurn['parts'], status: AssistantTurn['status'] = 'done'): AssistantTurn => ({ role: 'assistant', id, status, parts });
const user: Turn = { role: 'user', id: 'u1', text: 'Hi' };

describe('conversation selectors', () => {
  it('lastReply is the last turn only when it is a reply', () => {
    const r1 = reply('r1', []);
    expect(lastReply([user, r1])).to.equal(r1);
    expect(lastReply([r1, user])).to.equal(undefined);
    expect(lastReply([])).to.equal(undefined);
  });

  it('replyById and toolCallById find by id', () => {
    const r1 = reply('r1', [ask('c1')]);
    expect(replyById([user, r1], 'r1')).to.equal(r1);
    expect(replyById([user, r1], 'u1')).to.equal(user);
    expect(toolCallById(r1, 'c1')?.id).to.equal('c1');
    expect(toolCallById(r1, 'c2')).to.equal(undefined);
  });

  it('openAsks lists running ask_user calls without an outcome, of a reply that is not streaming', () => {
    const parts = [ask('open'), ask('answered', { ask: { by: 'form', outcome: 'answered' } }), ask('done', { status: 'done' }), ask('plain', { ask: undefined })];
    expect(openAsks([user, reply('r1', parts)]).map((call) => call.id)).to.deep.equal(['open']);
    expect(openAsks([user, reply('r1', parts, 'streaming')])).to.deep.equal([]);
    expect(openAsks([reply('r1', parts), user])).to.deep.equal([]);
  });

  it("replyText joins the reply's own text parts, leaving out reasoning and subagents", () => {
    const text = (id: string, value: string, subagentRunId?: string) => ({ kind: 'text' as const, id, text: value, streaming: false, ...(subagentRunId ? { subagentRunId } : {}) });
    const r1 = reply('r1', [text('t1', 'One'), { kind: 'reasoning', id: 'x', text: 'hmm', streaming: false }, text('t2', 'sub', 'S1'), text('t3', 'Two')]);
    expect(replyText(r1)).to.equal('One\n\nTwo');
    expect(replyText(undefined)).to.equal('');
  });
});
