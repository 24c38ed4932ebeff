import { expect } from '@open-wc/testing';
import { askUserClientTool } from '../../../src/ask/ask-user-tool.js';
import { ChatSession, type SessionListener } from '../../../src/session/chat-session.js';
import { pendingClientCalls } from '../../../src/session/client-tools.js';
import type { ChatEvent, RunOutcome } from '../../../src/protocol/contract.js';
import type { AssistantTurn, ToolCallPart } from '../../../src/conversation/types.js';
import { historyFromTurns } from '../../../src/conversation/history.js';
import type { RunRequest, Transport } from '../../../src/protocol/contract.js';

const call = (id: string, name: string, extra: Partial<ToolCallPart> = {}): ToolCallPart => ({
  kind: 'tool-call',
  id,
  name,
  argsText: '{}',
  args: {},
  argsComplete: true,
  status: 'running',
  ...extra,
});
const reply = (...parts: ToolCallPart[]): AssistantTurn => ({ role: 'assistant', id: 'r', status: 'streaming', parts });

describe('pending client calls (AG-UI 1.0 pendingToolCallIds)', () => {
  const turn = reply(
    call('a', 'ask_user'),
    call('b', 'server_tool'),
    call('c', 'mcp_tool', { status: 'done', result: { ok: true } }),
    call('d', 'mcp_tool'),
    call('e', 'ask_user', { subagentRunId: 's1' }),
  );
  const offered = ['ask_user', 'mcp_tool'];

  it('derives them from the stream when the backend names none: offered tools, no result, not a subagent’s', () => {
    for (const outcome of [undefined, { type: 'success' }, { type: 'success', pendingToolCallIds: [] }] as (RunOutcome | undefined)[]) {
      expect(pendingClientCalls(turn, outcome, offered), JSON.stringify(outcome)).to.deep.equal(['a', 'd']);
    }
  });

  it('takes the backend’s list when it gives one, and derives none for a paused or cancelled run', () => {
    expect(pendingClientCalls(turn, { type: 'success', pendingToolCallIds: ['d'] }, offered)).to.deep.equal(['d']);
    expect(pendingClientCalls(turn, { type: 'interrupt', interrupts: [] }, offered)).to.deep.equal([]);
    expect(pendingClientCalls(turn, { type: 'cancelled' }, offered)).to.deep.equal([]);
    expect(pendingClientCalls(turn, undefined, [])).to.deep.equal([]);
  });

  it('the history never holds a tool message nobody wrote', () => {
    const done: AssistantTurn = { ...reply(call('x', 'server_tool', { status: 'done' }), call('y', 'server_tool', { status: 'done', result: 'sunny' })), status: 'done' };
    const messages = historyFromTurns([{ role: 'user', id: 'u', text: 'hi' }, done]);
    expect(messages.filter((message) => message.role === 'tool').map((message) => [message.toolCallId, message.content])).to.deep.equal([['y', 'sunny']]);
    expect(messages.find((message) => message.role === 'assistant')!.toolCalls!.map((entry) => entry.id)).to.deep.equal(['x', 'y']);
  });
});

/** A backend whose first run streams `first`, and every later run `later`; each ends with a plain RUN_FINISHED. */
function backend(first: ChatEvent[], later: ChatEvent[] = []): { transport: Transport; requests: RunRequest[] } {
  const requests: RunRequest[] = [];
  const transport: Transport = {
    async *run(request): AsyncGenerator<ChatEvent> {
      requests.push(request);
      yield { type: 'run-started', runId: request.runId };
      yield* requests.length === 1 ? first : later;
      yield { type: 'run-finished' };
    },
  };
  return { transport, requests };
}

describe('a backend that sends a plain RUN_FINISHED after a client tool call', () => {
  const questions = [{ question: 'Which size?', header: 'Size', multiSelect: false, options: [{ label: 'S' }, { label: 'L' }] }];
  const listener = (): SessionListener & { ends: string[] } => {
    const ends: string[] = [];
    return { ends, changed() {}, responseStart() {}, responseEnd: (detail) => void ends.push(detail.status), error() {}, toolCall() {} };
  };
  const until = async (condition: () => boolean) => {
    const deadline = performance.now() + 3000;
    while (!condition()) {
      if (performance.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it('leaves ask_user waiting for the form, sends no invented tool message, and goes on with the answer', async () => {
    const { transport, requests } = backend(
      [
        { type: 'tool-call-start', toolCallId: 'w1', name: 'get_weather' },
        { type: 'tool-call-args', toolCallId: 'w1', delta: '{"city":"Paris"}' },
        { type: 'tool-call-end', toolCallId: 'w1' },
        { type: 'tool-call-result', toolCallId: 'w1', messageId: 'w1-r', content: '{"temp":21}' },
        { type: 'tool-call-start', toolCallId: 'a1', name: 'ask_user' },
        { type: 'tool-call-args', toolCallId: 'a1', delta: JSON.stringify({ questions }) },
        { type: 'tool-call-end', toolCallId: 'a1' },
      ],
      [{ type: 'text-delta', messageId: 'm2', delta: 'Large it is.' }],
    );
    const events = listener();
    const session = new ChatSession(events, () => ({ threadId: 't', transport, clientTools: askUserClientTool({ handler: () => undefined, context: () => ({}) }) }));
    session.send('weather, then ask me');
    await until(() => events.ends.length === 1);
    const asked = (session.state.turns[1] as AssistantTurn).parts.find((part) => part.id === 'a1') as ToolCallPart;
    expect(asked).to.deep.include({ status: 'running', ask: { by: 'form' } });
    expect(asked.result).to.equal(undefined);
    expect(await session.answerQuestion('a1', { 'Which size?': ['L'] })).to.equal(true);
    await until(() => events.ends.length === 2);
    const tools = requests[1].messages.filter((message) => message.role === 'tool');
    expect(tools.map((message) => message.toolCallId)).to.deep.equal(['w1', 'a1']);
    expect(JSON.parse(tools[1].content as string)).to.deep.equal({ answers: [{ question: 'Which size?', selected: ['L'] }] });
    expect(tools.every((message) => message.content !== '')).to.equal(true);
  });
});

describe('a client tool call whose arguments are broken', () => {
  it('is not run: the model gets an error result; a call whose end never came is run with its arguments parsed', async () => {
    const runs: unknown[] = [];
    const { transport, requests } = backend([
      { type: 'tool-call-start', toolCallId: 'bad', name: 'probe' },
      { type: 'tool-call-args', toolCallId: 'bad', delta: '{"city": "Par' },
      { type: 'tool-call-end', toolCallId: 'bad' },
      // No TOOL_CALL_END: the run ends with the arguments complete all the same.
      { type: 'tool-call-start', toolCallId: 'unended', name: 'probe' },
      { type: 'tool-call-args', toolCallId: 'unended', delta: '{"city":"Oslo"}' },
    ]);
    const clientTools = {
      definitions: () => [{ name: 'probe', description: 'probe', parameters: { type: 'object' } }],
      handles: (name: string) => name === 'probe',
      run: async (call: { arguments: unknown }) => {
        runs.push(call.arguments);
        return { content: 'ran' };
      },
    };
    const ends: string[] = [];
    const session = new ChatSession({ changed() {}, responseStart() {}, responseEnd: (detail) => void ends.push(detail.status), error() {}, toolCall() {} }, () => ({
      threadId: 't',
      transport,
      clientTools,
    }));
    session.send('go');
    const deadline = performance.now() + 3000;
    while (ends.length === 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(runs).to.deep.equal([{ city: 'Oslo' }]);
    const tools = requests[1].messages.filter((message) => message.role === 'tool');
    expect(tools.find((message) => message.toolCallId === 'bad')).to.deep.include({ content: 'The call was not run: its arguments are not valid JSON.' });
    expect(tools.find((message) => message.toolCallId === 'unended')).to.deep.include({ content: 'ran' });
  });
});
