import { expect } from '@open-wc/testing';
import { historyFromTurns } from '../../../src/conversation/history.js';
import { reduce, type Action } from '../../../src/conversation/reducer.js';
import { emptyConversation, type AssistantTurn, type ConversationState, type InterruptResponse, type ToolCallPart } from '../../../src/conversation/types.js';
import type { Interrupt } from '../../../src/protocol/contract.js';

const run = (actions: Action[], from: ConversationState = emptyConversation()) => actions.reduce(reduce, from);
const reply = (state: ConversationState) => state.turns[state.turns.length - 1] as AssistantTurn;
const callOf = (state: ConversationState, id: string) => reply(state).parts.find((part): part is ToolCallPart => part.kind === 'tool-call' && part.id === id)!;
const statusOf = (state: ConversationState, id: string) => callOf(state, id).status;
const subagentStatus = (state: ConversationState, id: string) => reply(state).subagents?.find((record) => record.subagentRunId === id)?.status;

const opened: Action[] = [
  { type: 'user-message', id: 'u1', text: 'Send the report' },
  { type: 'reply-start', replyId: 'r1', runId: 'run-1' },
  { type: 'run-started', runId: 'run-1' },
];
const attributed = (subagentRunId?: string) => (subagentRunId ? { subagentRunId } : {});
/** A tool call whose arguments are complete but that has no result yet. */
const call = (id: string, name = 'send_email', subagentRunId?: string): Action[] => [
  { type: 'tool-call-start', toolCallId: id, name, ...attributed(subagentRunId) },
  { type: 'tool-call-args', toolCallId: id, delta: '{"to":"ann"}', ...attributed(subagentRunId) },
  { type: 'tool-call-end', toolCallId: id, ...attributed(subagentRunId) },
];
const pause = (...interrupts: Interrupt[]): Action => ({ type: 'run-finished', runId: 'run-1', outcome: { type: 'interrupt', interrupts } });
const approval = (id: string, toolCallId?: string, extra: Partial<Interrupt> = {}): Interrupt => ({
  id,
  reason: 'tool_call',
  ...(toolCallId ? { toolCallId } : {}),
  ...extra,
});
const answer = (interruptId: string, response: InterruptResponse): Action => ({ type: 'interrupt-answer', interruptId, response });
const yes: InterruptResponse = { status: 'resolved', payload: { approved: true } };
const no: InterruptResponse = { status: 'resolved', payload: { approved: false } };
/** The person's answers went out, and the same reply goes on in run-2. */
const resumed = (...interruptIds: string[]): Action[] => [
  { type: 'interrupts-sent', replyId: 'r1', interruptIds },
  { type: 'reply-resume', replyId: 'r1', runId: 'run-2' },
  { type: 'run-started', runId: 'run-2' },
];

describe('conversation reducer: interrupts', () => {
  describe('a run that pauses for interrupts', () => {
    it('keeps the interrupts on the reply, unanswered, and keeps the outcome', () => {
      const interrupts = [
        approval('i1', 'c', { message: 'Send it?', responseSchema: { type: 'boolean' } }),
        { id: 'i2', reason: 'input_required', message: 'Which day?', expiresAt: '2030-01-01T00:00:00Z' },
      ];
      const state = run([...opened, ...call('c'), { type: 'run-finished', runId: 'run-1', outcome: { type: 'interrupt', interrupts } }]);
      expect(reply(state).interrupts).to.deep.equal([{ interrupt: interrupts[0] }, { interrupt: interrupts[1] }]);
      expect(reply(state).outcome).to.deep.equal({ type: 'interrupt', interrupts });
      expect(reply(state).status).to.equal('done');
      expect(state.activeReplyId).to.equal(undefined);
    });

    it('keeps a call bound to an open interrupt running while the other running calls finish', () => {
      const state = run([...opened, ...call('c'), ...call('d', 'lookup'), { type: 'tool-call-start', toolCallId: 'e', name: 'partial' }, pause(approval('i1', 'c'))]);
      expect(statusOf(state, 'c')).to.equal('running');
      expect(statusOf(state, 'd')).to.equal('done');
      expect(callOf(state, 'e')).to.deep.include({ status: 'done', argsComplete: true });
    });

    it('keeps a subagent call bound to an interrupt running; the subagent waits', () => {
      const state = run([
        ...opened,
        ...call('lead', 'delegate'),
        { type: 'subagent-started', subagentRunId: 'A', name: 'mailer', parentToolCallId: 'lead' },
        ...call('s1', 'send_email', 'A'),
        ...call('s2', 'lookup', 'A'),
        pause(approval('i1', 's1', { subagentRunId: 'A' })),
      ]);
      expect(statusOf(state, 's1')).to.equal('running');
      expect(statusOf(state, 's2')).to.equal('not-completed');
      expect(subagentStatus(state, 'A')).to.equal('waiting');
    });

    it('pauses running subagents with the run, but leaves finished ones as they are', () => {
      const subagents: Action[] = [
        { type: 'subagent-started', subagentRunId: 'A', name: 'mailer' },
        { type: 'subagent-started', subagentRunId: 'B', name: 'researcher' },
        { type: 'subagent-finished', subagentRunId: 'B' },
      ];
      const paused = run([...opened, ...subagents, pause(approval('i1'))]);
      expect(subagentStatus(paused, 'A')).to.equal('waiting');
      expect(subagentStatus(paused, 'B')).to.equal('done');
      const finished = run([...opened, ...subagents, { type: 'run-finished', runId: 'run-1' }]);
      expect(subagentStatus(finished, 'A')).to.equal('not-completed');
      expect(subagentStatus(finished, 'B')).to.equal('done');
    });

    it('makes a subagent that finished suspended wait', () => {
      const state = run([
        ...opened,
        { type: 'subagent-started', subagentRunId: 'A', name: 'mailer' },
        { type: 'subagent-started', subagentRunId: 'B', name: 'researcher' },
        { type: 'subagent-finished', subagentRunId: 'A', suspended: true },
        { type: 'subagent-finished', subagentRunId: 'B' },
      ]);
      expect(subagentStatus(state, 'A')).to.equal('waiting');
      expect(subagentStatus(state, 'B')).to.equal('done');
      // The run ending paused or not, a waiting subagent stays waiting.
      expect(subagentStatus(run([pause(approval('i1'))], state), 'A')).to.equal('waiting');
    });

    it('goes on with the resumed run: it finishes done, or ends not completed when the run ends without it', () => {
      const paused = run([
        ...opened,
        ...call('s1', 'send_email', 'A'),
        { type: 'subagent-started', subagentRunId: 'A', name: 'mailer' },
        { type: 'subagent-finished', subagentRunId: 'A', suspended: true },
        pause(approval('i1', 's1', { subagentRunId: 'A' })),
        answer('i1', yes),
        ...resumed('i1'),
      ]);
      expect(subagentStatus(paused, 'A')).to.equal('running');
      const finished = run(
        [
          { type: 'tool-call-result', toolCallId: 's1', content: 'sent' },
          { type: 'subagent-finished', subagentRunId: 'A' },
          { type: 'run-finished', runId: 'run-2' },
        ],
        paused,
      );
      expect(subagentStatus(finished, 'A')).to.equal('done');
      const failed = run([{ type: 'run-error', error: { kind: 'backend', message: 'down' } }], paused);
      expect(subagentStatus(failed, 'A')).to.equal('not-completed');
      expect(statusOf(failed, 's1')).to.equal('not-completed');
    });

    it('a subagent waiting on an interrupt that expired did not complete', () => {
      const paused = run([
        ...opened,
        ...call('s1', 'send_email', 'A'),
        { type: 'subagent-started', subagentRunId: 'A', name: 'mailer' },
        { type: 'subagent-finished', subagentRunId: 'A', suspended: true },
        pause(approval('i1', 's1', { subagentRunId: 'A', expiresAt: '2001-01-01T00:00:00Z' })),
      ]);
      const expired = run([{ type: 'interrupts-expired', now: Date.now() }], paused);
      expect(statusOf(expired, 's1')).to.equal('not-completed');
      expect(subagentStatus(expired, 'A')).to.equal('not-completed');
    });

    it('runs a waiting subagent again when the resumed run starts it again, without a second record', () => {
      const paused = run([
        ...opened,
        { type: 'subagent-started', subagentRunId: 'A', name: 'mailer', parentToolCallId: 'lead' },
        { type: 'subagent-finished', subagentRunId: 'A', suspended: true },
        pause(approval('i1', undefined, { subagentRunId: 'A' })),
        answer('i1', yes),
        ...resumed('i1'),
      ]);
      expect(subagentStatus(paused, 'A')).to.equal('running');
      const again = run([{ type: 'subagent-started', subagentRunId: 'A', name: 'mailer', parentToolCallId: 'lead' }], paused);
      expect(reply(again).subagents).to.deep.equal([{ subagentRunId: 'A', name: 'mailer', parentToolCallId: 'lead', status: 'running' }]);
      const done = run(
        [
          { type: 'subagent-finished', subagentRunId: 'A' },
          { type: 'run-finished', runId: 'run-2' },
        ],
        again,
      );
      expect(subagentStatus(done, 'A')).to.equal('done');
    });

    it('does not restart a subagent that finished', () => {
      const state = run([
        ...opened,
        { type: 'subagent-started', subagentRunId: 'A', name: 'mailer' },
        { type: 'subagent-finished', subagentRunId: 'A' },
        { type: 'subagent-started', subagentRunId: 'A', name: 'mailer' },
      ]);
      expect(reply(state).subagents).to.have.length(1);
      expect(subagentStatus(state, 'A')).to.equal('done');
    });
  });

  describe('answers', () => {
    const paused = run([...opened, ...call('c'), ...call('d'), pause(approval('i1', 'c'), approval('i2', 'd'))]);

    it('keeps the answer to an open interrupt', () => {
      const state = run([answer('i1', yes)], paused);
      expect(reply(state).interrupts).to.deep.equal([{ interrupt: approval('i1', 'c'), response: yes }, { interrupt: approval('i2', 'd') }]);
      // The call waits for the run that answers the interrupt.
      expect(statusOf(state, 'c')).to.equal('running');
    });

    it('keeps the first answer when an interrupt is answered twice', () => {
      const once = run([answer('i1', yes)], paused);
      const twice = run([answer('i1', no)], once);
      expect(reply(twice).interrupts![0].response).to.deep.equal(yes);
      expect(twice).to.equal(once);
    });

    it('ignores an answer to an unknown or already sent interrupt', () => {
      expect(run([answer('nope', yes)], paused)).to.equal(paused);
      const sent = run([answer('i1', yes), { type: 'interrupts-sent', replyId: 'r1', interruptIds: ['i1'] }], paused);
      expect(run([answer('i1', no)], sent)).to.equal(sent);
      const withoutInterrupts = run([...opened, { type: 'run-finished', runId: 'run-1' }]);
      expect(run([answer('i1', yes)], withoutInterrupts)).to.equal(withoutInterrupts);
    });

    it('marks the answers that went to the backend as sent, and only those', () => {
      const state = run([answer('i1', yes), answer('i2', no), { type: 'interrupts-sent', replyId: 'r1', interruptIds: ['i1'] }], paused);
      expect(reply(state).interrupts).to.deep.equal([
        { interrupt: approval('i1', 'c'), response: yes, sent: true },
        { interrupt: approval('i2', 'd'), response: no },
      ]);
      const both = run([{ type: 'interrupts-sent', replyId: 'r1', interruptIds: ['i1', 'i2'] }], state);
      expect(reply(both).interrupts!.map((entry) => entry.sent)).to.deep.equal([true, true]);
    });

    it('marks the interrupts of the reply it names, not the last turn', () => {
      const state = run(
        [
          { type: 'user-message', id: 'u2', text: 'Later' },
          { type: 'interrupts-sent', replyId: 'r1', interruptIds: ['i1'] },
        ],
        paused,
      );
      const r1 = state.turns.find((turn) => turn.id === 'r1') as AssistantTurn;
      expect(r1.interrupts![0].sent).to.equal(true);
    });
  });

  describe('the run that continues the reply', () => {
    it('cancels denied calls and completes approved ones when the run reports no result', () => {
      const state = run([
        ...opened,
        ...call('ok'),
        ...call('denied'),
        ...call('false'),
        ...call('cancelled'),
        pause(approval('i1', 'ok'), approval('i2', 'denied'), approval('i3', 'false'), approval('i4', 'cancelled')),
        answer('i1', yes),
        answer('i2', { status: 'resolved', payload: { approved: false, reason: 'Wrong person' } }),
        answer('i3', { status: 'resolved', payload: false }),
        answer('i4', { status: 'cancelled' }),
        ...resumed('i1', 'i2', 'i3', 'i4'),
      ]);
      expect(state.activeReplyId).to.equal('r1');
      expect(reply(state)).to.deep.include({ status: 'streaming', runId: 'run-2', outcome: undefined });
      // Until the continuing run ends, the calls are still running.
      expect(['ok', 'denied', 'false', 'cancelled'].map((id) => statusOf(state, id))).to.deep.equal(['running', 'running', 'running', 'running']);
      const ended = run([{ type: 'run-finished', runId: 'run-2' }], state);
      expect(statusOf(ended, 'ok')).to.equal('done');
      expect(statusOf(ended, 'denied')).to.equal('cancelled');
      expect(statusOf(ended, 'false')).to.equal('cancelled');
      expect(statusOf(ended, 'cancelled')).to.equal('cancelled');
      expect(reply(ended).status).to.equal('done');
      expect(state.turns.filter((turn) => turn.role === 'assistant')).to.have.length(1);
    });

    it("takes a result the continuing run reports over the answer's default", () => {
      const state = run([
        ...opened,
        ...call('c'),
        pause(approval('i1', 'c')),
        answer('i1', yes),
        ...resumed('i1'),
        { type: 'tool-call-result', toolCallId: 'c', content: 'sent' },
        { type: 'run-finished', runId: 'run-2' },
      ]);
      expect(callOf(state, 'c')).to.deep.include({ status: 'done', result: 'sent' });
    });

    it('replaces an interrupt raised again under a known id, and keeps the others', () => {
      const first = approval('i1', 'c', { message: 'Send it?' });
      const other = approval('i2', 'd');
      const raisedAgain = approval('i1', 'c', { message: 'Send it now, edited?' });
      const state = run([
        ...opened,
        ...call('c'),
        ...call('d'),
        pause(first, other),
        answer('i1', yes),
        answer('i2', yes),
        ...resumed('i1', 'i2'),
        { type: 'tool-call-result', toolCallId: 'd', content: 'done' },
        { type: 'run-finished', runId: 'run-2', outcome: { type: 'interrupt', interrupts: [raisedAgain] } },
      ]);
      expect(reply(state).interrupts).to.deep.equal([{ interrupt: other, response: yes, sent: true }, { interrupt: raisedAgain }]);
      expect(statusOf(state, 'c')).to.equal('running');
      expect(reply(state).outcome).to.deep.equal({ type: 'interrupt', interrupts: [raisedAgain] });
    });
  });

  describe('expired interrupts', () => {
    const EXPIRES = '2030-01-01T00:00:00.000Z';
    const paused = run([
      ...opened,
      ...call('late'),
      ...call('answered'),
      ...call('later'),
      ...call('free'),
      pause(
        approval('i1', 'late', { expiresAt: EXPIRES }),
        approval('i2', 'answered', { expiresAt: EXPIRES }),
        approval('i3', 'later', { expiresAt: '2031-01-01T00:00:00.000Z' }),
        approval('i4', 'free'),
      ),
      answer('i2', yes),
    ]);

    it('marks the calls of expired unanswered interrupts not completed', () => {
      const state = run([{ type: 'interrupts-expired', now: Date.parse('2030-06-01T00:00:00.000Z') }], paused);
      expect(callOf(state, 'late')).to.deep.include({ status: 'not-completed' });
      expect(callOf(state, 'late').error).to.be.a('string').and.not.equal('');
      expect(statusOf(state, 'answered')).to.equal('running');
      expect(statusOf(state, 'later')).to.equal('running');
      expect(statusOf(state, 'free')).to.equal('running');
    });

    it('changes nothing before any interrupt expires', () => {
      expect(run([{ type: 'interrupts-expired', now: Date.parse('2029-12-31T23:59:59.999Z') }], paused)).to.equal(paused);
    });

    it('counts an interrupt as expired at exactly its expiry', () => {
      const state = run([{ type: 'interrupts-expired', now: Date.parse(EXPIRES) }], paused);
      expect(statusOf(state, 'late')).to.equal('not-completed');
    });
  });

  describe('ask_user calls', () => {
    const asked = run([...opened, ...call('q', 'ask_user'), ...call('other', 'lookup'), { type: 'ask-open', toolCallId: 'q', by: 'form' }]);

    it('marks a call that waits for the person', () => {
      expect(callOf(asked, 'q').ask).to.deep.equal({ by: 'form' });
      expect(callOf(asked, 'other').ask).to.equal(undefined);
    });

    it('ends the reply on reply-wait, leaving the waiting calls running', () => {
      const state = run([{ type: 'reply-wait', toolCallIds: ['q'] }], asked);
      expect(state.activeReplyId).to.equal(undefined);
      expect(reply(state).status).to.equal('done');
      expect(reply(state).outcome).to.deep.equal({ type: 'success', pendingToolCallIds: ['q'] });
      expect(statusOf(state, 'q')).to.equal('running');
      expect(statusOf(state, 'other')).to.equal('done');
    });

    it('takes the answer of a reply no longer under way, once', () => {
      const waiting = run([{ type: 'reply-wait', toolCallIds: ['q'] }], asked);
      const ask = { by: 'form' as const, outcome: 'answered' as const, answers: { 'Which size?': ['M'] } };
      const answered = run([{ type: 'ask-result', toolCallId: 'q', ask, content: 'Size: M' }], waiting);
      expect(callOf(answered, 'q')).to.deep.include({ status: 'done', result: 'Size: M', ask });
      expect(callOf(answered, 'q').resultMessageId).to.be.a('string');
      const again = run([{ type: 'ask-result', toolCallId: 'q', ask: { by: 'form', outcome: 'failed' }, content: 'other', isError: true }], answered);
      expect(again).to.equal(answered);
      expect(callOf(again, 'q')).to.deep.include({ status: 'done', result: 'Size: M' });
    });

    it('takes a failed answer as an error', () => {
      const waiting = run([{ type: 'reply-wait', toolCallIds: ['q'] }], asked);
      const failed = run([{ type: 'ask-result', toolCallId: 'q', ask: { by: 'page', outcome: 'failed' }, content: 'No handler', isError: true }], waiting);
      expect(callOf(failed, 'q')).to.deep.include({ status: 'error', error: 'No handler', result: 'No handler' });
    });

    it('ignores an answer to an unknown call', () => {
      expect(run([{ type: 'ask-result', toolCallId: 'nope', ask: { by: 'form' }, content: 'x' }], asked)).to.equal(asked);
    });
  });

  describe('history of a paused reply', () => {
    const toolMessages = (state: ConversationState) => historyFromTurns(state.turns).filter((message) => message.role === 'tool');

    it('sends no tool message for a running call bound to an interrupt', () => {
      const paused = run([...opened, ...call('c'), ...call('d', 'lookup'), { type: 'tool-call-result', toolCallId: 'd', content: 'found' }, pause(approval('i1', 'c'))]);
      const history = historyFromTurns(paused.turns);
      const assistant = history.find((message) => message.role === 'assistant')!;
      expect(assistant.toolCalls!.map((entry) => entry.id)).to.deep.equal(['c', 'd']);
      expect(toolMessages(paused).map((message) => message.toolCallId)).to.deep.equal(['d']);
    });

    it('sends a note for a running call bound to no interrupt', () => {
      const state = run([...opened, ...call('c')]);
      expect(toolMessages(state).map((message) => message.toolCallId)).to.deep.equal(['c']);
    });

    it('sends the tool message once the call has its result', () => {
      const state = run([
        ...opened,
        ...call('c'),
        pause(approval('i1', 'c')),
        answer('i1', yes),
        ...resumed('i1'),
        { type: 'tool-call-result', toolCallId: 'c', messageId: 'res-c', content: 'sent' },
      ]);
      expect(toolMessages(state)).to.deep.equal([{ id: 'res-c', role: 'tool', toolCallId: 'c', content: 'sent' }]);
    });

    it('sends a tool message for a denied call once the run ends', () => {
      const state = run([...opened, ...call('c'), pause(approval('i1', 'c')), answer('i1', no), ...resumed('i1'), { type: 'run-finished', runId: 'run-2' }]);
      const [message] = toolMessages(state);
      expect(message).to.deep.include({ role: 'tool', toolCallId: 'c' });
      expect(message.error).to.be.a('string').and.not.equal('');
    });
  });
});
