import { expect } from '@open-wc/testing';
import type { AssistantTurn, ToolCallPart, Turn } from '../../../../src/conversation/types.js';
import { requestBody, uiMessagesFromTurns } from '../../../../src/protocol/ai-sdk/request.js';
import type { UIMessage } from '../../../../src/protocol/ai-sdk/ui-message.js';
import type { RunRequest } from '../../../../src/protocol/contract.js';

const request: RunRequest = {
  threadId: 'thread-1',
  runId: 'run-1',
  messages: [],
  tools: [{ name: 'ask_user', description: 'Ask', parameters: { type: 'object' } }],
  context: [{ description: 'page', value: 'home' }],
  state: {},
  forwardedProps: { 'agent-chat': { agentId: 'support' } },
};

const user: Turn = { role: 'user', id: 'u1', text: 'Hi' };

function call(id: string, fields: Partial<ToolCallPart>): ToolCallPart {
  return { kind: 'tool-call', id, name: 'ask_user', argsText: '{}', args: {}, argsComplete: true, status: 'running', ...fields };
}

function reply(wire: UIMessage, parts: AssistantTurn['parts'], extra: Partial<AssistantTurn> = {}): AssistantTurn {
  return { role: 'assistant', id: 'reply-1', status: 'done', parts, wire, ...extra };
}

describe('AI SDK requests', () => {
  it('sends what useChat sends, with the widget’s tools and context under "agent-chat"', () => {
    const body = requestBody(request, [user], { kind: 'message' });
    expect(body).to.deep.equal({
      id: 'thread-1',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
      trigger: 'submit-message',
      'agent-chat': { tools: request.tools, context: request.context, agentId: 'support' },
    });
  });

  it('names the message of an edit, the replaced reply of a regeneration, the reply that continues', () => {
    const wire: UIMessage = { id: 'msg-server', role: 'assistant', parts: [{ type: 'text', text: 'Hello', state: 'done' }] };
    const answered = reply(wire, [{ kind: 'text', id: 't', text: 'Hello', streaming: false }]);
    expect(requestBody(request, [user], { kind: 'edit', messageId: 'u1' })).to.include({ trigger: 'submit-message', messageId: 'u1' });
    expect(requestBody(request, [user], { kind: 'regenerate', replaced: answered })).to.include({ trigger: 'regenerate-message', messageId: 'msg-server' });
    expect(requestBody(request, [user], { kind: 'regenerate' })).to.not.have.property('messageId');
    expect(requestBody(request, [user, answered], { kind: 'continue', replyId: 'reply-1' })).to.include({ trigger: 'submit-message', messageId: 'msg-server' });
  });

  it('answers client tools on the UIMessage: output, error, and “did not complete” for calls left open', () => {
    const wire: UIMessage = {
      id: 'm',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'tool-ask_user', toolCallId: 'a', state: 'input-available', input: { questions: [] } },
        { type: 'tool-roll_dice', toolCallId: 'b', state: 'input-available', input: { sides: 6 } },
        { type: 'tool-other', toolCallId: 'c', state: 'input-available', input: {} },
        { type: 'tool-get_weather', toolCallId: 'd', state: 'output-available', input: {}, output: { t: 1 } },
      ],
    };
    const turn = reply(wire, [
      call('a', { status: 'done', result: { answers: ['yes'] } }),
      call('b', { name: 'roll_dice', status: 'error', error: 'The dice fell off the table' }),
      call('c', { name: 'other', status: 'not-completed', error: 'No tool in this chat answers this call.' }),
      call('d', { name: 'get_weather', status: 'done', result: { t: 1 } }),
    ]);
    const [, sent] = uiMessagesFromTurns([user, turn]);
    expect(sent.parts.slice(1).map((part) => [part.state, part.output ?? part.errorText])).to.deep.equal([
      ['output-available', { answers: ['yes'] }],
      ['output-error', 'The dice fell off the table'],
      ['output-error', 'No tool in this chat answers this call.'],
      ['output-available', { t: 1 }],
    ]);
    // What was received is kept as it was; the answers are on the copy that is sent.
    expect(wire.parts[1].state).to.equal('input-available');
  });

  it('answers each of two calls a provider gave the same id, by where they are', () => {
    const wire: UIMessage = {
      id: 'm',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'tool-roll', toolCallId: 'call_0', state: 'input-available', input: { n: 1 } },
        { type: 'step-start' },
        { type: 'tool-roll', toolCallId: 'call_0', state: 'input-available', input: { n: 2 } },
      ],
    };
    const turn = reply(wire, [call('call_0', { name: 'roll', status: 'done', result: 1 }), call('call_0~2', { name: 'roll', status: 'done', result: 2 })]);
    const [, sent] = uiMessagesFromTurns([user, turn]);
    expect(sent.parts.filter((part) => part.type === 'tool-roll').map((part) => part.output)).to.deep.equal([1, 2]);
  });

  it('responds the approvals the person gave, with the reason of a denial', () => {
    const wire: UIMessage = {
      id: 'm',
      role: 'assistant',
      parts: [
        { type: 'tool-delete_files', toolCallId: 'c1', state: 'approval-requested', input: {}, approval: { id: 'ap1' } },
        { type: 'tool-delete_files', toolCallId: 'c2', state: 'approval-requested', input: {}, approval: { id: 'ap2' } },
      ],
    };
    const turn = reply(wire, [call('c1', { name: 'delete_files' }), call('c2', { name: 'delete_files' })], {
      interrupts: [
        { interrupt: { id: 'ap1', reason: 'tool_call', toolCallId: 'c1' }, response: { status: 'resolved', payload: { approved: true } } },
        { interrupt: { id: 'ap2', reason: 'tool_call', toolCallId: 'c2' }, response: { status: 'resolved', payload: { approved: false, reason: 'I need them' } } },
      ],
    });
    const [, sent] = uiMessagesFromTurns([user, turn]);
    expect(sent.parts.map((part) => [part.state, part.approval])).to.deep.equal([
      ['approval-responded', { id: 'ap1', approved: true }],
      ['approval-responded', { id: 'ap2', approved: false, reason: 'I need them' }],
    ]);
  });

  it('rebuilds a reply of another protocol from its parts, without what subagents did', () => {
    const turn: AssistantTurn = {
      role: 'assistant',
      id: 'agui-reply',
      status: 'done',
      parts: [
        { kind: 'reasoning', id: 'r', text: 'hm', streaming: false },
        { kind: 'text', id: 't', text: 'Checking.', streaming: false },
        call('w', { name: 'get_weather', args: { city: 'Oslo' }, status: 'done', result: '{"t":3}' }),
        { kind: 'text', id: 's', text: 'sub text', streaming: false, subagentRunId: 'sa' },
      ],
    };
    expect(uiMessagesFromTurns([user, turn])[1]).to.deep.equal({
      id: 'agui-reply',
      role: 'assistant',
      parts: [
        { type: 'reasoning', text: 'hm', state: 'done' },
        { type: 'text', text: 'Checking.', state: 'done' },
        { type: 'tool-get_weather', toolCallId: 'w', state: 'output-available', input: { city: 'Oslo' }, output: '{"t":3}' },
      ],
    });
  });

  it('leaves out a reply with nothing in it, and sends instructions as system messages', () => {
    const empty: AssistantTurn = { role: 'assistant', id: 'x', status: 'error', parts: [] };
    expect(uiMessagesFromTurns([{ role: 'system', id: 's', text: 'Be brief.' }, user, empty])).to.deep.equal([
      { id: 's', role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
    ]);
  });
});

describe('AI SDK transport: where a run begins', () => {
  it('records the message a continuation goes on from before the request goes (a reload while waiting replays onto it)', async () => {
    const { AiSdkAdapter } = await import('../../../../src/protocol/ai-sdk/ai-sdk.js');
    const realFetch = window.fetch;
    let asked = 0;
    window.fetch = () => {
      asked++;
      return new Promise<Response>(() => {});
    };
    try {
      const wire: UIMessage = { id: 'm', role: 'assistant', parts: [{ type: 'tool-x', toolCallId: 'c', state: 'input-available', input: {} }] };
      const turn = reply(wire, [call('c', { name: 'x', status: 'done', result: 'ok' })]);
      const transport = new AiSdkAdapter({ endpoint: '/api/chat' });
      const events = transport.run(request, { signal: new AbortController().signal, turns: [user, turn], trigger: { kind: 'continue', replyId: turn.id } });
      const first = await events[Symbol.asyncIterator]().next();
      expect(first.value).to.deep.equal({
        type: 'wire-snapshot',
        runStart: true,
        wire: { id: 'm', role: 'assistant', parts: [{ type: 'tool-x', toolCallId: 'c', state: 'output-available', input: {}, output: 'ok' }] },
      });
      expect(asked).to.equal(0, 'recorded before the request');
    } finally {
      window.fetch = realFetch;
    }
  });
});
