import { expect } from '@open-wc/testing';
import { askUserClientTool, type AskUserHandler } from '../../../src/ask/ask-user-tool.js';
import { AskUserDeferred, type Question } from '../../../src/ask/ask-user-definition.js';
import { ChatSession, type SessionListener } from '../../../src/session/chat-session.js';
import type { ChatEvent, Interrupt } from '../../../src/protocol/contract.js';
import type { AssistantTurn, ToolCallPart } from '../../../src/conversation/types.js';
import type { RunRequest, Transport } from '../../../src/protocol/contract.js';

const QUESTIONS: Question[] = [
  { question: 'Which toppings?', header: 'Toppings', multiSelect: true, options: [{ label: 'Cheese' }, { label: 'Olives' }] },
  { question: 'Which size?', header: 'Size', multiSelect: false, options: [{ label: 'Small' }, { label: 'Large' }] },
];

const listener = (): SessionListener & { ends: string[]; starts: string[] } => {
  const ends: string[] = [];
  const starts: string[] = [];
  return {
    ends,
    starts,
    changed() {},
    responseStart: (detail) => void starts.push(detail.runId),
    responseEnd: (detail) => void ends.push(detail.status),
    error() {},
    toolCall() {},
  };
};

const until = async (condition: () => boolean) => {
  const deadline = performance.now() + 3000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const replyOf = (session: ChatSession, index = 1) => session.state.turns[index] as AssistantTurn;
const callOf = (session: ChatSession, id: string, index = 1) => replyOf(session, index).parts.find((part) => part.id === id) as ToolCallPart;

/** A backend whose model calls ask_user once, then says what the tool message held. */
function asker(requests: RunRequest[]): Transport {
  return {
    async *run(request): AsyncGenerator<ChatEvent> {
      requests.push(request);
      yield { type: 'run-started', runId: request.runId };
      const answer = request.messages.find((message) => message.role === 'tool');
      if (!answer) {
        yield { type: 'tool-call-start', toolCallId: 'ask-1', name: 'ask_user' };
        yield { type: 'tool-call-args', toolCallId: 'ask-1', delta: JSON.stringify({ questions: QUESTIONS }) };
        yield { type: 'tool-call-end', toolCallId: 'ask-1' };
        yield { type: 'run-finished', outcome: { type: 'success', pendingToolCallIds: ['ask-1'] } };
        return;
      }
      yield { type: 'text-delta', messageId: `m-${request.runId}`, delta: `Got ${String(answer.content)}` };
      yield { type: 'run-finished' };
    },
  };
}

function askSession(handler?: AskUserHandler, context: unknown = { agentId: 'a1' }) {
  const requests: RunRequest[] = [];
  const events = listener();
  const clientTools = askUserClientTool({ handler: () => handler, context: () => context });
  const session = new ChatSession(events, () => ({ threadId: 't', transport: asker(requests), clientTools }));
  return { session, requests, events };
}

describe('ask_user as a client tool', () => {
  it('is offered with every run, with its metadata', async () => {
    const { session, requests, events } = askSession();
    session.send('pizza?');
    await until(() => events.ends.length === 1);
    expect(requests[0].tools).to.have.length(1);
    expect(requests[0].tools[0]).to.deep.include({ name: 'ask_user', metadata: { 'agent-chat': { kind: 'ask_user' } } });
  });

  it('without a handler, pauses the reply until the person answers in the form, then goes on in the same reply', async () => {
    const { session, requests, events } = askSession();
    session.send('pizza?');
    await until(() => events.ends.length === 1);
    expect(requests).to.have.length(1);
    expect(session.busy).to.equal(false);
    expect(replyOf(session).status).to.equal('done');
    expect(callOf(session, 'ask-1')).to.deep.include({ status: 'running', ask: { by: 'form' } });

    expect(await session.answerQuestion('ask-1', { 'Which toppings?': ['Cheese', 'Anchovies'], 'Which size?': ['Large'] })).to.equal(true);
    await until(() => events.ends.length === 2);
    expect(requests).to.have.length(2);
    const tool = requests[1].messages.find((message) => message.role === 'tool');
    expect(JSON.parse(tool!.content as string)).to.deep.equal({
      answers: [
        { question: 'Which toppings?', selected: ['Cheese'], other: 'Anchovies' },
        { question: 'Which size?', selected: ['Large'] },
      ],
    });
    expect(session.state.turns).to.have.length(2);
    expect(callOf(session, 'ask-1')).to.deep.include({
      status: 'done',
      ask: { by: 'form', outcome: 'answered', answers: { 'Which toppings?': ['Cheese', 'Anchovies'], 'Which size?': ['Large'] } },
    });
    expect(replyOf(session).parts.at(-1)).to.deep.include({ kind: 'text' });
  });

  it('refuses answers that do not fit the questions, and answers twice only once', async () => {
    const { session, events } = askSession();
    session.send('pizza?');
    await until(() => events.ends.length === 1);
    expect(await session.answerQuestion('ask-1', { 'Which size?': ['Small', 'Large'] })).to.equal(false);
    expect(await session.answerQuestion('nope', { 'Which size?': ['Small'] })).to.equal(false);
    expect(await session.answerQuestion('ask-1', { 'Which size?': ['Small'] })).to.equal(true);
    expect(await session.answerQuestion('ask-1', { 'Which size?': ['Large'] })).to.equal(false);
  });

  it('gets answers from the page handler (a promise) with the context, and passes them on', async () => {
    let seen: unknown[] = [];
    const { session, requests, events } = askSession(async (questions, context) => {
      seen = [questions, context];
      return { 'Which size?': ['Small'] };
    });
    session.send('pizza?');
    await until(() => events.ends.length === 1);
    expect(seen[0]).to.deep.equal(QUESTIONS);
    expect(seen[1]).to.deep.equal({ agentId: 'a1' });
    expect(requests).to.have.length(2);
    expect(callOf(session, 'ask-1')).to.deep.include({ status: 'done', ask: { by: 'page', outcome: 'answered', answers: { 'Which size?': ['Small'] } } });
    const tool = requests[1].messages.find((message) => message.role === 'tool');
    expect(JSON.parse(tool!.content as string).answers[0]).to.deep.equal({ question: 'Which toppings?', selected: [], unanswered: true });
  });

  it('tells the model the answers could not be collected when the handler returns a wrong key, never a guess', async () => {
    const { session, requests, events } = askSession(() => ({ 'Which colour?': ['Red'] }));
    session.send('pizza?');
    await until(() => events.ends.length === 1);
    const call = callOf(session, 'ask-1');
    expect(call.status).to.equal('error');
    expect(call.error).to.match(/^The answers could not be collected: .*Which colour\?/);
    expect(call.ask).to.deep.include({ by: 'page', outcome: 'failed' });
    expect(call.ask!.error).to.match(/^The answers name "Which colour\?"/);
    const tool = requests[1].messages.find((message) => message.role === 'tool');
    expect(tool).to.deep.include({ content: call.error, error: call.error });
  });

  it('reports too many answers and a handler that throws as errors', async () => {
    const tooMany = askSession(() => ({ 'Which size?': ['Small', 'Large'] }));
    tooMany.session.send('pizza?');
    await until(() => tooMany.events.ends.length === 1);
    expect(callOf(tooMany.session, 'ask-1').error).to.contain('Too many answers');

    const throwing = askSession(() => {
      throw new Error('no session');
    });
    throwing.session.send('pizza?');
    await until(() => throwing.events.ends.length === 1);
    expect(callOf(throwing.session, 'ask-1').error).to.contain("the page's askUser handler failed (no session)");
  });

  it('AskUserDeferred waits for the next message: the call is answered deferred and the message goes in the same run', async () => {
    const { session, requests, events } = askSession(() => AskUserDeferred);
    session.send('pizza?');
    await until(() => events.ends.length === 1);
    expect(callOf(session, 'ask-1')).to.deep.include({ status: 'running', ask: { by: 'message' } });
    expect(requests).to.have.length(1);

    expect(session.send('Large, with cheese')).to.equal(true);
    await until(() => events.ends.length === 2);
    expect(requests).to.have.length(2);
    const roles = requests[1].messages.map((message) => message.role);
    expect(roles).to.deep.equal(['user', 'assistant', 'tool', 'user']);
    expect(requests[1].messages[2]).to.deep.include({ toolCallId: 'ask-1', content: '{"status":"deferred"}' });
    expect(requests[1].messages[3]).to.deep.include({ content: 'Large, with cheese' });
    expect(callOf(session, 'ask-1')).to.deep.include({ status: 'done', ask: { by: 'message', outcome: 'deferred' } });
  });

  it('a message typed instead of using the form answers the open form deferred', async () => {
    const { session, requests, events } = askSession();
    session.send('pizza?');
    await until(() => events.ends.length === 1);
    session.send('just a small one');
    await until(() => events.ends.length === 2);
    expect(requests[1].messages.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool', 'user']);
    expect(callOf(session, 'ask-1').ask).to.deep.equal({ by: 'form', outcome: 'deferred' });
    expect(await session.answerQuestion('ask-1', { 'Which size?': ['Small'] })).to.equal(false);
  });

  it('Stop while the page handler still works cancels the call; a late answer changes nothing', async () => {
    let answer!: (value: Record<string, string[]>) => void;
    const { session, requests, events } = askSession(() => new Promise((resolve) => (answer = resolve)));
    session.send('pizza?');
    await until(() => answer !== undefined);
    expect(callOf(session, 'ask-1').status).to.equal('running');
    session.stop();
    await until(() => events.ends.length === 1);
    expect(events.ends).to.deep.equal(['cancelled']);
    answer({ 'Which size?': ['Small'] });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(callOf(session, 'ask-1').status).to.equal('cancelled');
    expect(requests).to.have.length(1);
  });

  it('gives the model its own mistake back when the questions are malformed', async () => {
    const requests: RunRequest[] = [];
    const events = listener();
    const transport: Transport = {
      async *run(request): AsyncGenerator<ChatEvent> {
        requests.push(request);
        yield { type: 'run-started', runId: request.runId };
        if (requests.length === 1) {
          yield { type: 'tool-call-start', toolCallId: 'ask-1', name: 'ask_user' };
          yield {
            type: 'tool-call-args',
            toolCallId: 'ask-1',
            delta: JSON.stringify({ questions: [{ question: 'Size?', header: 'A header far too long', options: [{ label: 'S' }, { label: 'L' }] }] }),
          };
          yield { type: 'tool-call-end', toolCallId: 'ask-1' };
          yield { type: 'run-finished', outcome: { type: 'success', pendingToolCallIds: ['ask-1'] } };
          return;
        }
        yield { type: 'run-finished' };
      },
    };
    const session = new ChatSession(events, () => ({ threadId: 't', transport, clientTools: askUserClientTool({ handler: () => undefined, context: () => ({}) }) }));
    session.send('go');
    await until(() => events.ends.length === 1);
    expect(requests).to.have.length(2);
    expect(callOf(session, 'ask-1')).to.deep.include({ status: 'error' });
    expect(callOf(session, 'ask-1').error).to.contain('longer than 12 characters');
  });
});

/** A backend that pauses for the given interrupts on its first run, then echoes the resume it got. */
function pauser(requests: RunRequest[], interrupts: Interrupt[], calls: string[] = ['c1']): Transport {
  return {
    async *run(request): AsyncGenerator<ChatEvent> {
      requests.push(request);
      yield { type: 'run-started', runId: request.runId };
      if (!request.resume) {
        for (const id of calls) {
          yield { type: 'tool-call-start', toolCallId: id, name: 'delete_files' };
          yield { type: 'tool-call-args', toolCallId: id, delta: '{"path":"/tmp"}' };
          yield { type: 'tool-call-end', toolCallId: id };
        }
        yield { type: 'run-finished', outcome: { type: 'interrupt', interrupts } };
        return;
      }
      const approved = request.resume.find((entry) => entry.interruptId === 'i1' && (entry.payload as { approved?: boolean })?.approved);
      if (approved) yield { type: 'tool-call-result', toolCallId: 'c1', content: 'deleted' };
      yield { type: 'text-delta', messageId: `m-${request.runId}`, delta: `resumed ${request.resume.length}` };
      yield { type: 'run-finished' };
    },
  };
}

function interruptSession(interrupts: Interrupt[], calls?: string[]) {
  const requests: RunRequest[] = [];
  const events = listener();
  const session = new ChatSession(events, () => ({ threadId: 't', transport: pauser(requests, interrupts, calls) }));
  return { session, requests, events };
}

describe('interrupts', () => {
  const approval: Interrupt = { id: 'i1', reason: 'tool_call', toolCallId: 'c1', message: 'Delete /tmp?' };
  const form: Interrupt = { id: 'i2', reason: 'input_required', responseSchema: { type: 'object', properties: { year: { type: 'integer' } } } };

  it('pause the reply, hold new input, and resume once every open interrupt is answered, addressing all of them', async () => {
    const { session, requests, events } = interruptSession([approval, form]);
    session.send('clean up');
    await until(() => events.ends.length === 1);
    expect(replyOf(session).interrupts!.map((entry) => entry.interrupt.id)).to.deep.equal(['i1', 'i2']);
    expect(callOf(session, 'c1').status).to.equal('running');
    expect(session.held).to.equal(true);
    expect(session.send('never mind')).to.equal(false);
    expect(session.state.turns).to.have.length(2);

    expect(session.answerInterrupt('i1', { status: 'resolved', payload: { approved: true } })).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(requests).to.have.length(1);
    expect(session.held).to.equal(true);
    expect(session.answerInterrupt('i1', { status: 'resolved', payload: { approved: false } })).to.equal(false);

    expect(session.answerInterrupt('i2', { status: 'resolved', payload: { year: 2026 } })).to.equal(true);
    await until(() => events.ends.length === 2);
    expect(requests).to.have.length(2);
    expect(requests[1].resume).to.deep.equal([
      { interruptId: 'i1', status: 'resolved', payload: { approved: true } },
      { interruptId: 'i2', status: 'resolved', payload: { year: 2026 } },
    ]);
    expect(requests[1].messages.filter((message) => message.role === 'tool')).to.deep.equal([], 'no made-up result for the call under approval');
    expect(session.state.turns).to.have.length(2, 'the same reply goes on');
    expect(callOf(session, 'c1')).to.deep.include({ status: 'done', result: 'deleted' });
    expect(replyOf(session).interrupts!.every((entry) => entry.sent)).to.equal(true);
    expect(session.held).to.equal(false);
    expect(session.send('thanks')).to.equal(true);
  });

  it('a denied call ends cancelled when the backend gives it no result', async () => {
    const { session, requests, events } = interruptSession([approval]);
    session.send('clean up');
    await until(() => events.ends.length === 1);
    session.answerInterrupt('i1', { status: 'resolved', payload: { approved: false, reason: 'not today' } });
    await until(() => events.ends.length === 2);
    expect(requests[1].resume).to.deep.equal([{ interruptId: 'i1', status: 'resolved', payload: { approved: false, reason: 'not today' } }]);
    expect(callOf(session, 'c1').status).to.equal('cancelled');
  });

  it('an expired interrupt holds nothing: the next message goes, addressing it as cancelled, and the call it held did not complete', async () => {
    const { session, requests, events } = interruptSession([{ ...approval, expiresAt: new Date(Date.now() - 1000).toISOString() }]);
    session.send('clean up');
    await until(() => events.ends.length === 1);
    expect(session.held).to.equal(false);
    expect(session.answerInterrupt('i1', { status: 'resolved', payload: { approved: true } })).to.equal(false);
    expect(session.send('something else')).to.equal(true);
    await until(() => events.ends.length === 2);
    expect(requests[1].resume).to.deep.equal([{ interruptId: 'i1', status: 'cancelled', metadata: { 'agent-chat': { expired: true } } }]);
    expect(requests[1].messages.at(-1)).to.deep.include({ role: 'user', content: 'something else' });
    expect(session.state.turns).to.have.length(4, 'the message starts a reply of its own');
    expect(callOf(session, 'c1')).to.deep.include({ status: 'not-completed' });
    expect(replyOf(session).interrupts![0].sent).to.equal(true);
    // A tool message for the call that never ran, so no call is left unanswered in the history.
    expect(requests[1].messages.find((message) => message.role === 'tool' && message.toolCallId === 'c1')).to.exist;
  });

  it('when the last open interrupt expires, the answers already given go on their own, the expired one cancelled', async () => {
    const { session, requests, events } = interruptSession([approval, { ...form, expiresAt: new Date(Date.now() + 250).toISOString() }]);
    session.send('clean up');
    await until(() => events.ends.length === 1);
    session.answerInterrupt('i1', { status: 'resolved', payload: { approved: true } });
    await until(() => events.ends.length === 2);
    expect(requests[1].resume).to.deep.equal([
      { interruptId: 'i1', status: 'resolved', payload: { approved: true } },
      { interruptId: 'i2', status: 'cancelled', metadata: { 'agent-chat': { expired: true } } },
    ]);
  });

  it('when every interrupt expires unanswered, nothing runs by itself', async () => {
    const { session, requests, events } = interruptSession([{ ...approval, expiresAt: new Date(Date.now() + 150).toISOString() }]);
    session.send('clean up');
    await until(() => events.ends.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests).to.have.length(1);
    expect(session.held).to.equal(false);
  });

  it('an answer whose run was stopped before it started still holds input, and Retry sends it', async () => {
    const requests: RunRequest[] = [];
    const events = listener();
    const inner = pauser(requests, [approval]);
    let gate: (() => void) | undefined;
    const transport: Transport = {
      async *run(request, options): AsyncGenerator<ChatEvent> {
        if (request.resume && !gate) {
          await new Promise<void>((resolve) => (gate = resolve));
          return;
        }
        yield* inner.run(request, options);
      },
    };
    const session = new ChatSession(events, () => ({ threadId: 't', transport }));
    session.send('clean up');
    await until(() => events.ends.length === 1);
    session.answerInterrupt('i1', { status: 'resolved', payload: { approved: true } });
    await until(() => gate !== undefined);
    session.stop();
    await until(() => events.ends.length === 2);
    expect(callOf(session, 'c1').status).to.equal('running', 'no made-up "cancelled" for a call the person approved');
    expect(session.held).to.equal(true);
    expect(session.send('and now?')).to.equal(false);
    expect(session.retry()).to.equal(true);
    await until(() => events.ends.length === 3);
    expect(requests.at(-1)!.resume).to.deep.equal([{ interruptId: 'i1', status: 'resolved', payload: { approved: true } }]);
    expect(callOf(session, 'c1')).to.deep.include({ status: 'done', result: 'deleted' });
    expect(session.held).to.equal(false);
  });

  it('answers that never reached the backend go again with Retry, to the same reply', async () => {
    const requests: RunRequest[] = [];
    const events = listener();
    let fail = false;
    const inner = pauser(requests, [approval]);
    const transport: Transport = {
      async *run(request, options): AsyncGenerator<ChatEvent> {
        if (fail) {
          fail = false;
          yield { type: 'run-error', error: { kind: 'network', message: 'offline' } };
          return;
        }
        yield* inner.run(request, options);
      },
    };
    const session = new ChatSession(events, () => ({ threadId: 't', transport }));
    session.send('clean up');
    await until(() => events.ends.length === 1);
    fail = true;
    session.answerInterrupt('i1', { status: 'resolved', payload: { approved: true } });
    await until(() => events.ends.length === 2);
    expect(replyOf(session).status).to.equal('error');
    expect(replyOf(session).interrupts![0].sent).to.not.equal(true);
    expect(session.retry()).to.equal(true);
    await until(() => events.ends.length === 3);
    expect(requests.at(-1)!.resume).to.deep.equal([{ interruptId: 'i1', status: 'resolved', payload: { approved: true } }]);
    expect(session.state.turns).to.have.length(2);
    expect(callOf(session, 'c1')).to.deep.include({ status: 'done', result: 'deleted' });
  });

  it('sends agent-chat data in forwardedProps when the setup gives it', async () => {
    const requests: RunRequest[] = [];
    const events = listener();
    const session = new ChatSession(events, () => ({
      threadId: 't',
      transport: asker(requests),
      forwardedProps: () => ({ 'agent-chat': { agentId: 'a', sessionId: 's' } }),
    }));
    session.send('hi');
    await until(() => events.ends.length === 1);
    expect(requests[0].forwardedProps).to.deep.equal({ 'agent-chat': { agentId: 'a', sessionId: 's' } });
  });
});
