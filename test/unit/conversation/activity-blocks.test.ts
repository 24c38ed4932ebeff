import { expect } from '@open-wc/testing';
import { blockCallCount, replyActivity, type ActivityBlock } from '../../../src/conversation/activity-blocks.js';
import { reduce, type Action } from '../../../src/conversation/reducer.js';
import { emptyConversation, type AssistantTurn, type ConversationState } from '../../../src/conversation/types.js';

const run = (actions: Action[], from: ConversationState = emptyConversation()) => actions.reduce(reduce, from);
const lastReply = (state: ConversationState) => state.turns[state.turns.length - 1] as AssistantTurn;
const opened: Action[] = [
  { type: 'user-message', id: 'u1', text: 'Research this' },
  { type: 'reply-start', replyId: 'r1', runId: 'run-1' },
  { type: 'run-started', runId: 'run-1' },
];
/** A finished reply built from these events. */
const replyOf = (...actions: Action[]) => lastReply(run([...opened, ...actions, { type: 'run-finished', runId: 'run-1' }]));

const attributed = (subagentRunId?: string) => (subagentRunId ? { subagentRunId } : {});
/** A complete tool call: start, arguments, end, result. */
const call = (id: string, name: string, subagentRunId?: string): Action[] => [
  { type: 'tool-call-start', toolCallId: id, name, ...attributed(subagentRunId) },
  { type: 'tool-call-args', toolCallId: id, delta: '{}' },
  { type: 'tool-call-end', toolCallId: id },
  { type: 'tool-call-result', toolCallId: id, content: `${id} result` },
];
const text = (id: string, delta: string, subagentRunId?: string): Action[] => [
  { type: 'text-start', messageId: id, ...attributed(subagentRunId) },
  ...(delta ? [{ type: 'text-delta', messageId: id, delta, ...attributed(subagentRunId) } as Action] : []),
  { type: 'text-end', messageId: id, ...attributed(subagentRunId) },
];
const started = (subagentRunId: string, name: string, extra: Record<string, string> = {}): Action => ({
  type: 'subagent-started',
  subagentRunId,
  name,
  ...extra,
});

/** The block's own calls and texts, in order. */
const own = (block: ActivityBlock) => block.items.flatMap((item) => (item.kind === 'call' ? [`call ${item.call.id}`] : item.kind === 'text' ? [`text ${item.part.id}`] : []));
/** The blocks of the subagents it started. */
const children = (block: ActivityBlock) => block.items.flatMap((item) => (item.kind === 'block' ? [item.block] : []));
const labels = (blocks: readonly ActivityBlock[] | undefined) => (blocks ?? []).map((block) => block.label);

describe('subagent activity of a reply', () => {
  it('has nothing to show for a reply without subagents', () => {
    const plain = replyOf(...text('m', 'Hello'), ...call('c', 'get_weather'));
    for (const reply of [plain, { ...plain, subagents: [] }]) {
      const activity = replyActivity(reply, 10);
      expect(activity.underCall.size).to.equal(0);
      expect(activity.underMessage).to.deep.equal([]);
      expect(activity.hiddenCalls).to.equal(0);
      expect(activity.cards.size).to.equal(0);
    }
  });

  describe('placement', () => {
    it("puts a subagent under the lead's call that delegated to it", () => {
      const reply = replyOf(...call('lead', 'delegate'), started('R', 'researcher', { parentToolCallId: 'lead' }), ...call('r1', 'search', 'R'), {
        type: 'subagent-finished',
        subagentRunId: 'R',
      });
      const activity = replyActivity(reply, 10);
      expect([...activity.underCall.keys()]).to.deep.equal(['lead']);
      expect(activity.underMessage).to.deep.equal([]);
      const blocks = activity.underCall.get('lead')!;
      expect(blocks).to.have.length(1);
      expect(blocks[0].record).to.deep.equal({ subagentRunId: 'R', name: 'researcher', parentToolCallId: 'lead', status: 'done' });
      expect(blocks[0].label).to.equal('researcher');
      expect(blocks[0].depth).to.equal(1);
      expect(blocks[0].parentId).to.equal(undefined);
      expect(own(blocks[0])).to.deep.equal(['call r1']);
    });

    it('keeps the subagents of each lead call apart, in start order', () => {
      const reply = replyOf(
        ...call('lead1', 'delegate'),
        ...call('lead2', 'delegate'),
        started('A', 'researcher', { parentToolCallId: 'lead1' }),
        started('B', 'analyst', { parentToolCallId: 'lead2' }),
        started('C', 'writer', { parentToolCallId: 'lead1' }),
        ...call('c1', 'draft', 'C'),
        ...call('a1', 'search', 'A'),
      );
      const activity = replyActivity(reply, 10);
      expect(labels(activity.underCall.get('lead1'))).to.deep.equal(['researcher', 'writer']);
      expect(labels(activity.underCall.get('lead2'))).to.deep.equal(['analyst']);
      expect(activity.underMessage).to.deep.equal([]);
      expect(own(activity.underCall.get('lead1')![0])).to.deep.equal(['call a1']);
      expect(own(activity.underCall.get('lead1')![1])).to.deep.equal(['call c1']);
    });

    it("nests a subagent started by another subagent in its parent's block", () => {
      const byParentRun = replyOf(
        ...call('lead', 'delegate'),
        started('R', 'researcher', { parentToolCallId: 'lead' }),
        ...call('r1', 'search', 'R'),
        started('F', 'fact-checker', { parentSubagentRunId: 'R' }),
        ...call('f1', 'check', 'F'),
      );
      const byParentCall = replyOf(
        ...call('lead', 'delegate'),
        started('R', 'researcher', { parentToolCallId: 'lead' }),
        ...call('r1', 'search', 'R'),
        ...call('r2', 'ask_fact_checker', 'R'),
        started('F', 'fact-checker', { parentToolCallId: 'r2' }),
        ...call('f1', 'check', 'F'),
      );
      for (const reply of [byParentRun, byParentCall]) {
        const activity = replyActivity(reply, 10);
        expect(labels(activity.underCall.get('lead'))).to.deep.equal(['researcher']);
        expect([...activity.underCall.keys()]).to.deep.equal(['lead']);
        expect(activity.underMessage).to.deep.equal([]);
        const nested = children(activity.underCall.get('lead')![0]);
        expect(nested).to.have.length(1);
        expect(nested[0].record.subagentRunId).to.equal('F');
        expect(nested[0].depth).to.equal(2);
        expect(nested[0].parentId).to.equal('R');
        expect(own(nested[0])).to.deep.equal(['call f1']);
        expect(children(nested[0])).to.deep.equal([]);
      }
    });

    it('puts a subagent with no delegating call of the lead under the message', () => {
      const reply = replyOf(
        ...call('lead', 'delegate'),
        started('S', 'planner'),
        started('T', 'writer', { parentToolCallId: 'unknown-call' }),
        started('U', 'editor', { parentMessageId: 'm' }),
        ...call('s1', 'plan', 'S'),
      );
      const activity = replyActivity(reply, 10);
      expect(activity.underCall.size).to.equal(0);
      expect(labels(activity.underMessage)).to.deep.equal(['planner', 'writer', 'editor']);
      expect(activity.underMessage.map((block) => block.depth)).to.deep.equal([1, 1, 1]);
      expect(own(activity.underMessage[0])).to.deep.equal(['call s1']);
    });

    it('nests to any depth', () => {
      // Six levels, linked alternately by the parent's run and by a call the parent made.
      const actions: Action[] = [...call('lead', 'delegate'), started('A0', 'n0', { parentToolCallId: 'lead' }), ...call('c0', 'f', 'A0')];
      for (let level = 1; level < 6; level++) {
        const link: Record<string, string> = level % 2 ? { parentSubagentRunId: `A${level - 1}` } : { parentToolCallId: `c${level - 1}` };
        actions.push(started(`A${level}`, `n${level}`, link), ...call(`c${level}`, 'f', `A${level}`));
      }
      const activity = replyActivity(replyOf(...actions), 100);
      expect(activity.underMessage).to.deep.equal([]);
      const top = activity.underCall.get('lead')!;
      expect(top).to.have.length(1);
      let block = top[0];
      for (let level = 0; level < 6; level++) {
        expect(block.record.subagentRunId).to.equal(`A${level}`);
        expect(block.depth).to.equal(level + 1);
        expect(block.parentId).to.equal(level ? `A${level - 1}` : undefined);
        if (level) expect(block.label.startsWith(`n${level}, for n${level - 1}`), block.label).to.equal(true);
        expect(own(block)).to.deep.equal([`call c${level}`]);
        const next = children(block);
        expect(next).to.have.length(level < 5 ? 1 : 0);
        if (next.length) block = next[0];
      }
      expect(blockCallCount(top[0])).to.equal(6);
      expect(activity.cards.get('c5')).to.deep.include({ depth: 6, rootToolCallId: 'lead', parentDelegationId: 'A4', delegationId: 'A5' });
    });
  });

  describe('labels', () => {
    it('numbers repeated delegations to the same agent and says whom nested ones ran for', () => {
      const reply = replyOf(
        ...call('lead1', 'delegate'),
        ...call('lead2', 'delegate'),
        started('R1', 'researcher', { parentToolCallId: 'lead1' }),
        started('R2', 'researcher', { parentToolCallId: 'lead2' }),
        started('F1', 'fact-checker', { parentSubagentRunId: 'R1' }),
        started('F2', 'fact-checker', { parentSubagentRunId: 'R2' }),
        started('W', 'writer'),
        started('R3', 'researcher'),
        ...call('f2', 'check', 'F2'),
      );
      const activity = replyActivity(reply, 10);
      const [r1] = activity.underCall.get('lead1')!;
      const [r2] = activity.underCall.get('lead2')!;
      expect(r1.label).to.equal('researcher');
      expect(r2.label).to.equal('researcher (2)');
      expect(labels(children(r1))).to.deep.equal(['fact-checker, for researcher']);
      expect(labels(children(r2))).to.deep.equal(['fact-checker (2), for researcher (2)']);
      expect(labels(activity.underMessage)).to.deep.equal(['writer', 'researcher (3)']);
      expect(activity.cards.get('f2')!.label).to.equal('fact-checker (2), for researcher (2)');
    });

    it('counts repeated names within one reply only', () => {
      const first = run([...opened, started('R1', 'researcher'), { type: 'run-finished' }]);
      const second = run(
        [
          { type: 'user-message', id: 'u2', text: 'Again' },
          { type: 'reply-start', replyId: 'r2', runId: 'run-2' },
          started('R2', 'researcher'),
          started('X', 'x', { parentSubagentRunId: 'R2' }),
          { type: 'run-finished' },
        ],
        first,
      );
      const [block] = replyActivity(lastReply(second), 10).underMessage;
      expect(block.label).to.equal('researcher');
      expect(labels(children(block))).to.deep.equal(['x, for researcher']);
    });

    it('names the parent by its number when it was a repeated delegation', () => {
      const reply = replyOf(started('R1', 'researcher'), started('R2', 'researcher'), ...call('r2', 'delegate', 'R2'), started('X', 'x', { parentToolCallId: 'r2' }));
      const [, r2] = replyActivity(reply, 10).underMessage;
      expect(labels(children(r2))).to.deep.equal(['x, for researcher (2)']);
    });
  });

  describe('what a block holds', () => {
    it("holds the subagent's calls and texts in arrival order, skipping empty text", () => {
      const reply = replyOf(
        started('R', 'researcher'),
        started('S', 'summarizer'),
        ...text('empty', '', 'R'),
        ...call('r1', 'search', 'R'),
        ...text('rt1', 'Found one.', 'R'),
        ...call('s1', 'summarize', 'S'),
        ...text('m', 'Lead text', undefined),
        ...call('lead', 'lookup'),
        ...call('r2', 'search', 'R'),
        ...text('rt2', 'Found two.', 'R'),
      );
      const [r, s] = replyActivity(reply, 10).underMessage;
      expect(own(r)).to.deep.equal(['call r1', 'text rt1', 'call r2', 'text rt2']);
      expect(own(s)).to.deep.equal(['call s1']);
      const first = r.items.find((item) => item.kind === 'call');
      expect(first?.kind === 'call' && first.call).to.deep.equal(reply.parts.find((part) => part.id === 'r1'));
      const said = r.items.find((item) => item.kind === 'text');
      expect(said?.kind === 'text' && said.part).to.deep.equal(reply.parts.find((part) => part.id === 'rt1'));
    });

    it('does not change the reply', () => {
      const reply = replyOf(started('R', 'researcher'), ...call('r1', 'search', 'R'), ...call('u1', 'f', 'unannounced'));
      const before = JSON.stringify(reply);
      replyActivity(reply, 1);
      expect(JSON.stringify(reply)).to.equal(before);
    });

    it('counts the calls of a block and of the blocks below it', () => {
      const reply = replyOf(
        started('R', 'researcher'),
        ...call('r1', 'search', 'R'),
        ...text('rt', 'Checking.', 'R'),
        ...call('r2', 'ask', 'R'),
        started('F', 'fact-checker', { parentToolCallId: 'r2' }),
        ...call('f1', 'check', 'F'),
        ...call('f2', 'check', 'F'),
        started('G', 'grader', { parentSubagentRunId: 'F' }),
        ...call('g1', 'grade', 'G'),
        started('T', 'talker'),
        ...text('tt', 'Only words.', 'T'),
      );
      const [r, t] = replyActivity(reply, 10).underMessage;
      const [f] = children(r);
      const [g] = children(f);
      expect(blockCallCount(r)).to.equal(5);
      expect(blockCallCount(f)).to.equal(3);
      expect(blockCallCount(g)).to.equal(1);
      expect(blockCallCount(t)).to.equal(0);
    });
  });

  describe('limit', () => {
    const fiveCalls = () =>
      replyOf(
        started('R', 'researcher'),
        started('S', 'summarizer'),
        ...call('r1', 'search', 'R'),
        ...call('s1', 'summarize', 'S'),
        ...call('lead', 'lookup'),
        ...call('r2', 'search', 'R'),
        ...call('s2', 'summarize', 'S'),
        ...call('r3', 'search', 'R'),
      );

    it('shows the first calls by arrival and counts the rest', () => {
      const activity = replyActivity(fiveCalls(), 3);
      expect(activity.hiddenCalls).to.equal(2);
      expect([...activity.cards.keys()]).to.deep.equal(['r1', 's1', 'r2']);
      expect([...activity.cards.values()].map((card) => card.sequence)).to.deep.equal([1, 2, 3]);
      const [r, s] = activity.underMessage;
      expect(own(r)).to.deep.equal(['call r1', 'call r2']);
      expect(own(s)).to.deep.equal(['call s1']);
    });

    it('hides nothing when the calls fit', () => {
      const activity = replyActivity(fiveCalls(), 5);
      expect(activity.hiddenCalls).to.equal(0);
      expect([...activity.cards.keys()]).to.deep.equal(['r1', 's1', 'r2', 's2', 'r3']);
    });
  });

  describe('cards', () => {
    const team = () =>
      replyOf(
        ...call('lead', 'delegate'),
        started('R', 'researcher', { parentToolCallId: 'lead', agentId: 'res-1', description: 'Finds sources' }),
        ...call('r1', 'search', 'R'),
        ...call('r2', 'ask_fact_checker', 'R'),
        ...call('lead2', 'lookup'),
        started('F', 'fact-checker', { parentToolCallId: 'r2' }),
        ...call('f1', 'check', 'F'),
        started('W', 'writer'),
        ...call('w1', 'draft', 'W'),
      );

    it('describes each shown subagent call, leaving out what it does not have', () => {
      const { cards } = replyActivity(team(), 10);
      expect([...cards.keys()]).to.deep.equal(['r1', 'r2', 'f1', 'w1']);
      expect(cards.get('r1')).to.deep.equal({
        activityId: 'r1',
        rootToolCallId: 'lead',
        label: 'researcher',
        agentName: 'researcher',
        agentId: 'res-1',
        depth: 1,
        sequence: 1,
        delegationId: 'R',
        runId: 'run-1',
      });
      expect(Object.keys(cards.get('r1')!).sort()).to.deep.equal(
        ['activityId', 'rootToolCallId', 'label', 'agentName', 'agentId', 'depth', 'sequence', 'delegationId', 'runId'].sort(),
      );
      expect(cards.get('r2')).to.deep.include({ activityId: 'r2', sequence: 2, delegationId: 'R' });
      expect(cards.get('f1')).to.deep.equal({
        activityId: 'f1',
        rootToolCallId: 'lead',
        label: 'fact-checker, for researcher',
        agentName: 'fact-checker',
        depth: 2,
        sequence: 3,
        delegationId: 'F',
        parentDelegationId: 'R',
        runId: 'run-1',
      });
      expect(Object.keys(cards.get('f1')!).sort()).to.deep.equal(
        ['activityId', 'rootToolCallId', 'label', 'agentName', 'depth', 'sequence', 'delegationId', 'parentDelegationId', 'runId'].sort(),
      );
      expect(cards.get('w1')).to.deep.equal({
        activityId: 'w1',
        label: 'writer',
        agentName: 'writer',
        depth: 1,
        sequence: 4,
        delegationId: 'W',
        runId: 'run-1',
      });
      expect(Object.keys(cards.get('w1')!).sort()).to.deep.equal(['activityId', 'label', 'agentName', 'depth', 'sequence', 'delegationId', 'runId'].sort());
    });

    it('gives each call item the card it has in the map', () => {
      const activity = replyActivity(team(), 10);
      const [r] = activity.underCall.get('lead')!;
      const items = [...r.items, ...children(r).flatMap((block) => block.items)].filter((item) => item.kind === 'call');
      expect(items).to.have.length(3);
      for (const item of items) if (item.kind === 'call') expect(item.card).to.deep.equal(activity.cards.get(item.call.id));
    });

    it('leaves the run out of the card when the reply has none', () => {
      const { runId: _runId, ...reply } = team();
      const { cards } = replyActivity(reply, 10);
      expect(cards.size).to.equal(4);
      for (const card of cards.values()) expect(Object.keys(card)).not.to.include('runId');
    });
  });

  describe('subagents the reply never announced', () => {
    it('gives their parts a block named "subagent"', () => {
      const reply = replyOf(
        ...call('u1', 'search', 'X'),
        ...text('xt', 'Looking.', 'X'),
        started('F', 'fact-checker', { parentToolCallId: 'u1' }),
        ...call('f1', 'check', 'F'),
        ...call('y1', 'other', 'Y'),
      );
      const activity = replyActivity(reply, 10);
      expect(labels(activity.underMessage)).to.deep.equal(['subagent', 'subagent (2)']);
      const [x, y] = activity.underMessage;
      expect(x.record).to.deep.equal({ subagentRunId: 'X', name: 'subagent', status: 'done' });
      expect(y.record.subagentRunId).to.equal('Y');
      expect(own(x)).to.deep.equal(['call u1', 'text xt']);
      expect(own(y)).to.deep.equal(['call y1']);
      expect(labels(children(x))).to.deep.equal(['fact-checker, for subagent']);
      expect(activity.cards.get('u1')).to.deep.include({ agentName: 'subagent', label: 'subagent', delegationId: 'X' });
      expect(reply.subagents!.map((record) => record.subagentRunId)).to.deep.equal(['F']);
    });

    it('shows them running while the reply streams', () => {
      const reply = lastReply(run([...opened, { type: 'tool-call-start', toolCallId: 'u1', name: 'search', subagentRunId: 'X' }]));
      const [x] = replyActivity(reply, 10).underMessage;
      expect(x.record).to.deep.equal({ subagentRunId: 'X', name: 'subagent', status: 'running' });
    });
  });
});

describe('replyActivity: review fixes', () => {
  it('puts a nested block where its first call arrives, after what its parent did before', () => {
    const state = [
      { type: 'user-message', id: 'u', text: 'hi' },
      { type: 'reply-start', replyId: 'r', runId: 'run' },
      { type: 'tool-call-start', toolCallId: 'lead', name: 'delegate' },
      { type: 'subagent-started', subagentRunId: 'R', name: 'researcher', parentToolCallId: 'lead' },
      { type: 'tool-call-start', toolCallId: 'r1', name: 'search', subagentRunId: 'R' },
      { type: 'text-delta', messageId: 'rt', delta: 'notes', subagentRunId: 'R' },
      { type: 'tool-call-start', toolCallId: 'r2', name: 'ask', subagentRunId: 'R' },
      { type: 'subagent-started', subagentRunId: 'F', name: 'fact-checker', parentToolCallId: 'r2' },
      { type: 'tool-call-start', toolCallId: 'f1', name: 'check', subagentRunId: 'F' },
    ].reduce(reduce as never, emptyConversation()) as unknown as ConversationState;
    const researcher = replyActivity(state.turns[1] as AssistantTurn, 10).underCall.get('lead')![0];
    expect(researcher.items.map((item) => (item.kind === 'call' ? item.call.id : item.kind === 'text' ? item.part.id : item.block.label))).to.deep.equal([
      'r1',
      'rt',
      'r2',
      'fact-checker, for researcher',
    ]);
  });

  it('gives every caller its own empty result', () => {
    const reply: AssistantTurn = { role: 'assistant', id: 'a', status: 'done', parts: [] };
    replyActivity(reply, 3).underMessage.push({} as never);
    expect(replyActivity(reply, 3).underMessage).to.have.length(0);
  });
});
