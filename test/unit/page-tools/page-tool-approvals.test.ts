import { expect } from '@open-wc/testing';
import { reduce } from '../../../src/conversation/reducer.js';
import { approvalOf } from '../../../src/session/client-round-trip.js';
import { parseThreadExport } from '../../../src/storage/records.js';
import { emptyConversation, type AssistantTurn, type ConversationState } from '../../../src/conversation/types.js';

describe('the chat’s own approvals (page tools’ confirm)', () => {
  it('approve only on an explicit yes: any other answer, a form’s or a cancellation, denies', () => {
    expect(approvalOf({ interruptId: 'a', status: 'resolved', payload: { approved: true } })).to.deep.equal({ approved: true });
    expect(approvalOf({ interruptId: 'a', status: 'resolved', payload: true })).to.deep.equal({ approved: true });
    expect(approvalOf({ interruptId: 'a', status: 'resolved', payload: { approved: false, reason: 'No' } })).to.deep.equal({ approved: false, reason: 'No' });
    expect(approvalOf({ interruptId: 'a', status: 'resolved', payload: { decision: 'reject' } }).approved).to.equal(false);
    expect(approvalOf({ interruptId: 'a', status: 'resolved', payload: 'yes' }).approved).to.equal(false);
    expect(approvalOf({ interruptId: 'a', status: 'cancelled', payload: { approved: true } }).approved).to.equal(false);
  });

  it('an approval joins the reply as the chat’s own, once, beside a backend interrupt on the same call', () => {
    let state: ConversationState = reduce(emptyConversation(), { type: 'reply-start', replyId: 'r', runId: 'run-1' } as never);
    state = reduce(state, { type: 'tool-call-start', toolCallId: 'c1', name: 'set_accent' } as never);
    state = reduce(state, { type: 'run-finished', outcome: { type: 'interrupt', interrupts: [{ id: 'backend-1', reason: 'tool_call', toolCallId: 'c1' }] } } as never);
    state = reduce(state, { type: 'approval-open', toolCallId: 'c1', interruptId: 'agent-chat-approval-x' });
    state = reduce(state, { type: 'approval-open', toolCallId: 'c1', interruptId: 'agent-chat-approval-x' });
    const entries = (state.turns.at(-1) as AssistantTurn).interrupts!;
    expect(entries.map((entry) => [entry.interrupt.id, entry.local ?? false])).to.deep.equal([
      ['backend-1', false],
      ['agent-chat-approval-x', true],
    ]);
  });

  it('an imported file’s answer to one of them, not acted on, is dropped: the person is asked again', () => {
    const approval = {
      interrupt: { id: 'agent-chat-approval-x', reason: 'tool_call', toolCallId: 'c1' },
      local: true,
      response: { status: 'resolved', payload: { approved: true } },
    };
    const backend = { interrupt: { id: 'backend-1', reason: 'tool_call', toolCallId: 'c2' }, response: { status: 'resolved', payload: { approved: true } } };
    const parsed = parseThreadExport({
      format: 'agent-chat-thread',
      version: 1,
      exported: 1,
      thread: { id: 't-1', title: 'Accent', titleSource: 'first-message', created: 1, updated: 2, currentLeaf: 'n-2' },
      nodes: [
        { id: 'n-1', parentId: null, seq: 0, turn: { role: 'user', id: 'n-1', text: 'Make it blue' } },
        {
          id: 'n-2',
          parentId: 'n-1',
          seq: 1,
          turn: {
            role: 'assistant',
            id: 'n-2',
            status: 'done',
            parts: [{ kind: 'tool-call', id: 'c1', name: 'set_accent', argsText: '{}', status: 'running' }],
            interrupts: [approval, backend],
          },
        },
      ],
    });
    expect(parsed.ok).to.equal(true);
    if (!parsed.ok) return;
    const interrupts = (parsed.value.nodes[1].turn as AssistantTurn).interrupts!;
    expect(interrupts[0]).to.deep.equal({ interrupt: approval.interrupt, local: true });
    expect(interrupts[1].response, 'the backend’s own is kept').to.deep.equal(backend.response);
  });
});
