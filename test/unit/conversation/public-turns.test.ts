import { expect } from '@open-wc/testing';
import { replyActivity } from '../../../src/conversation/activity-blocks.js';
import { historyFromTurns } from '../../../src/conversation/history.js';
import { contextTurns, turnFromPage, turnsFromPage, turnsWithActivity, type ActivityCardPart } from '../../../src/conversation/public-turns.js';
import { reduce, type Action } from '../../../src/conversation/reducer.js';
import { emptyConversation, type AssistantTurn, type ConversationState, type ReplyPart, type ToolCallPart, type Turn } from '../../../src/conversation/types.js';

const run = (actions: Action[], from: ConversationState = emptyConversation()) => actions.reduce(reduce, from);
const attributed = (subagentRunId?: string) => (subagentRunId ? { subagentRunId } : {});
const callStart = (id: string, name: string, subagentRunId?: string, parentMessageId?: string): Action[] => [
  { type: 'tool-call-start', toolCallId: id, name, ...attributed(subagentRunId), ...(parentMessageId ? { parentMessageId } : {}) },
  { type: 'tool-call-args', toolCallId: id, delta: `{"q":"${id}"}` },
  { type: 'tool-call-end', toolCallId: id },
];
const result = (id: string, content: unknown): Action => ({ type: 'tool-call-result', toolCallId: id, content });
/** A complete tool call: start, arguments, end, result. */
const call = (id: string, name: string, subagentRunId?: string): Action[] => [...callStart(id, name, subagentRunId), result(id, `${id} result`)];
const text = (id: string, delta: string, subagentRunId?: string): Action[] => [
  { type: 'text-start', messageId: id, ...attributed(subagentRunId) },
  { type: 'text-delta', messageId: id, delta, ...attributed(subagentRunId) },
  { type: 'text-end', messageId: id, ...attributed(subagentRunId) },
];
const started = (subagentRunId: string, name: string, extra: Record<string, string> = {}): Action => ({
  type: 'subagent-started',
  subagentRunId,
  name,
  ...extra,
});

const LEAD_PARTS = ['m0', 'lead', 'm1'];
const SUBAGENT_PARTS = ['r1', 'rt', 'r2', 'f1', 'ft', 'w1'];
const SUBAGENT_CALLS = ['r1', 'r2', 'f1', 'w1'];

/**
 * Two exchanges; the first reply delegates to a researcher (under the lead's call), which starts a
 * fact-checker (through a call of its own), and to a writer (under the message) that fails.
 */
const conversation = (): Turn[] =>
  run([
    { type: 'user-message', id: 'u1', text: 'Research this' },
    { type: 'reply-start', replyId: 'r1', runId: 'run-1' },
    { type: 'run-started', runId: 'run-1' },
    ...text('m0', 'Let me delegate.'),
    ...callStart('lead', 'delegate', undefined, 'm0'),
    started('R', 'researcher', { parentToolCallId: 'lead', agentId: 'res-1', description: 'Finds sources' }),
    ...call('r1', 'search', 'R'),
    ...text('rt', 'Found two sources.', 'R'),
    ...call('r2', 'ask_fact_checker', 'R'),
    started('F', 'fact-checker', { parentToolCallId: 'r2' }),
    ...call('f1', 'check', 'F'),
    ...text('ft', 'Confirmed.', 'F'),
    { type: 'subagent-finished', subagentRunId: 'F' },
    { type: 'subagent-finished', subagentRunId: 'R' },
    result('lead', 'Two sources, confirmed.'),
    { type: 'activity-snapshot', messageId: 'act', activityType: 'progress', content: { step: 2 } },
    started('W', 'writer'),
    ...call('w1', 'draft', 'W'),
    { type: 'subagent-error', subagentRunId: 'W', message: 'quota' },
    ...text('m1', 'Here is the answer.'),
    { type: 'run-finished', runId: 'run-1' },
    { type: 'user-message', id: 'u2', text: 'Thanks' },
    { type: 'reply-start', replyId: 'r2', runId: 'run-2' },
    ...text('m2', 'You are welcome.'),
    { type: 'run-finished', runId: 'run-2' },
  ]).turns;

const assistant = (turn: Turn | undefined) => {
  expect(turn?.role).to.equal('assistant');
  return turn as AssistantTurn;
};
const ids = (parts: readonly ReplyPart[]) => parts.map((part) => part.id);
const withoutCards = (turns: Turn[]) =>
  turns.map((turn) =>
    turn.role === 'assistant'
      ? {
          ...turn,
          parts: turn.parts.map((part) => {
            const { activity: _a, ...rest } = part as Partial<ActivityCardPart>;
            return rest;
          }),
        }
      : turn,
  );
/** The page's view of the conversation, as it would come back from elsewhere: JSON, no subagents list. */
const fromElsewhere = (turns: Turn[]) =>
  (JSON.parse(JSON.stringify(turnsWithActivity(turns))) as Turn[]).map((turn) => {
    if (turn.role !== 'assistant') return turn;
    const { subagents: _s, ...rest } = turn;
    return {
      ...rest,
      parts: rest.parts.map((part) => {
        if (!(part as Partial<ActivityCardPart>).activity) return part;
        const { subagentRunId: _id, ...card } = part;
        return card;
      }),
    };
  });

describe('turns as the page sees them', () => {
  describe('turnsWithActivity', () => {
    it('marks each subagent call with its activity card, and nothing else', () => {
      const turns = conversation();
      const shown = turnsWithActivity(turns);
      const { cards } = replyActivity(assistant(turns[1]), Infinity);
      const parts = assistant(shown[1]).parts;
      expect(parts.filter((part) => 'activity' in part).map((part) => part.id)).to.deep.equal(SUBAGENT_CALLS);
      for (const part of parts) {
        if (SUBAGENT_CALLS.includes(part.id)) expect((part as ActivityCardPart).activity, part.id).to.deep.equal(cards.get(part.id));
      }
      expect((parts.find((part) => part.id === 'f1') as ActivityCardPart).activity).to.deep.equal({
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
      // Apart from the cards, the turns are the chat's own.
      expect(withoutCards(shown)).to.deep.equal(turns);
    });

    it('marks every subagent call, however many', () => {
      const actions: Action[] = [{ type: 'user-message', id: 'u', text: 'Go' }, { type: 'reply-start', replyId: 'r', runId: 'run' }, started('S', 'crawler')];
      for (let i = 0; i < 40; i++) actions.push(...call(`c${i}`, 'fetch', 'S'));
      actions.push({ type: 'run-finished' });
      const shown = assistant(turnsWithActivity(run(actions).turns)[1]);
      const cards = shown.parts.map((part) => (part as Partial<ActivityCardPart>).activity);
      expect(cards.every(Boolean)).to.equal(true);
      expect(cards[39]).to.deep.include({ sequence: 40, activityId: 'c39' });
    });

    it('returns copies the page cannot change the chat through', () => {
      const turns = conversation();
      const before = JSON.stringify(turns);
      const shown = turnsWithActivity(turns);
      expect(shown).not.to.equal(turns);
      expect(shown[0]).not.to.equal(turns[0]);
      expect(shown[3]).to.deep.equal(turns[3]);
      expect(shown[3]).not.to.equal(turns[3]);
      const reply = assistant(shown[1]);
      (reply.parts[0] as { text: string }).text = 'changed';
      (reply.parts.find((part) => part.id === 'f1') as ActivityCardPart).activity.label = 'changed';
      (reply.parts.find((part) => part.id === 'lead') as ToolCallPart).name = 'changed';
      reply.subagents![0].status = 'error';
      reply.parts.push({ kind: 'text', id: 'extra', text: 'x', streaming: false });
      (shown[0] as { text: string }).text = 'changed';
      (assistant(shown[3]).parts[0] as { text: string }).text = 'changed';
      expect(JSON.stringify(turns)).to.equal(before);
    });
  });

  describe('contextTurns', () => {
    it("leaves out what subagents did and activity parts, keeping the lead's own", () => {
      const turns = conversation();
      const context = contextTurns(turns);
      expect(context.map((turn) => turn.id)).to.deep.equal(['u1', 'r1', 'u2', 'r2']);
      const reply = assistant(context[1]);
      expect(ids(reply.parts)).to.deep.equal(LEAD_PARTS);
      expect('subagents' in reply).to.equal(false);
      const original = assistant(turns[1]);
      expect(reply.parts).to.deep.equal(original.parts.filter((part) => LEAD_PARTS.includes(part.id)));
      expect(reply).to.deep.include({ id: 'r1', runId: 'run-1', status: 'done' });
      expect(context[0]).to.deep.equal(turns[0]);
      expect(context[3]).to.deep.equal(turns[3]);
    });

    it('leaves out activity cards, with or without their attribution', () => {
      const turns = conversation();
      const expected = contextTurns(turns);
      expect(contextTurns(turnsWithActivity(turns))).to.deep.equal(expected);
      // A card whose part lost its subagentRunId still stays out.
      expect(contextTurns(fromElsewhere(turns))).to.deep.equal(JSON.parse(JSON.stringify(expected)));
    });

    it('returns copies and leaves the turns as they were', () => {
      const turns = conversation();
      const before = JSON.stringify(turns);
      const context = contextTurns(turns);
      expect(context[0]).not.to.equal(turns[0]);
      (assistant(context[1]).parts[0] as { text: string }).text = 'changed';
      (context[0] as { text: string }).text = 'changed';
      expect(JSON.stringify(turns)).to.equal(before);
      expect(assistant(turns[1]).subagents).to.have.length(3);
    });
  });

  describe('turnsFromPage', () => {
    it('takes back what turnsWithActivity gave, meaning unchanged', () => {
      const turns = conversation();
      expect(turnsFromPage(turnsWithActivity(turns))).to.deep.equal(turns);
      // Through JSON, as a page that stores the conversation would.
      const stored = JSON.parse(JSON.stringify(turnsWithActivity(turns)));
      expect(turnsFromPage(stored)).to.deep.equal(JSON.parse(JSON.stringify(turns)));
    });

    it('attributes activity cards to their delegation again', () => {
      const turns = conversation();
      const shown = withoutAttribution(turnsWithActivity(turns));
      expect(
        assistant(shown[1])
          .parts.filter((part) => part.subagentRunId)
          .map((part) => part.id),
      ).to.deep.equal(['rt', 'ft']);
      const back = assistant(turnsFromPage(shown)[1]);
      expect(back.parts.map((part) => part.subagentRunId)).to.deep.equal(assistant(turns[1]).parts.map((part) => part.subagentRunId));
      expect(back.parts.some((part) => 'activity' in part)).to.equal(false);
      expect(back).to.deep.equal(turns[1]);
    });

    it('records the subagents that activity cards name when the turn does not list them', () => {
      const turns = conversation();
      const back = turnsFromPage(fromElsewhere(turns));
      const reply = assistant(back[1]);
      expect(reply.subagents).to.deep.equal([
        { subagentRunId: 'R', name: 'researcher', agentId: 'res-1', parentToolCallId: 'lead', status: 'done' },
        // A nested one keeps the lead's call too: it lands there should its parent be missing.
        { subagentRunId: 'F', name: 'fact-checker', parentSubagentRunId: 'R', parentToolCallId: 'lead', status: 'done' },
        { subagentRunId: 'W', name: 'writer', status: 'done' },
      ]);
      expect(reply.parts.filter((part) => part.subagentRunId).map((part) => [part.id, part.subagentRunId])).to.deep.equal([
        ['r1', 'R'],
        ['rt', 'R'],
        ['r2', 'R'],
        ['f1', 'F'],
        ['ft', 'F'],
        ['w1', 'W'],
      ]);
      // Shown again, the rebuilt reply has the same cards in the same places.
      expect(assistant(turnsWithActivity(back)[1]).parts).to.deep.equal(assistant(JSON.parse(JSON.stringify(turnsWithActivity(turns)))[1]).parts);
      const activity = replyActivity(reply, 10);
      expect(activity.underCall.get('lead')!.map((block) => block.label)).to.deep.equal(['researcher']);
      expect(activity.underMessage.map((block) => block.label)).to.deep.equal(['writer']);
    });

    it('adds to the subagents a turn lists those it leaves out', () => {
      const turns = fromElsewhere(conversation());
      const researcher = { subagentRunId: 'R', name: 'researcher', description: 'Finds sources', parentToolCallId: 'lead', status: 'done' as const };
      (turns[1] as AssistantTurn).subagents = [researcher];
      const reply = assistant(turnsFromPage(turns)[1]);
      expect(reply.subagents!.map((record) => record.subagentRunId)).to.deep.equal(['R', 'F', 'W']);
      expect(reply.subagents![0]).to.deep.equal(researcher);
    });

    it('takes a reply that was still streaming as done, with nothing left running', () => {
      const state = run([
        { type: 'user-message', id: 'u1', text: 'Go' },
        { type: 'reply-start', replyId: 'r1', runId: 'run-1' },
        ...callStart('lead', 'delegate'),
        started('R', 'researcher', { parentToolCallId: 'lead' }),
        ...call('r1', 'search', 'R'),
        ...callStart('r2', 'search', 'R'),
        started('F', 'fact-checker', { parentSubagentRunId: 'R' }),
        started('E', 'editor'),
        { type: 'subagent-error', subagentRunId: 'E', message: 'boom' },
        started('D', 'drafter'),
        { type: 'subagent-finished', subagentRunId: 'D' },
      ]);
      expect(assistant(state.turns[1]).status).to.equal('streaming');
      for (const input of [turnsWithActivity(state.turns), state.turns]) {
        const reply = assistant(turnsFromPage(input)[1]);
        expect(reply.status).to.equal('done');
        const calls = reply.parts as ToolCallPart[];
        expect(calls.map((part) => [part.id, part.status])).to.deep.equal([
          ['lead', 'not-completed'],
          ['r1', 'done'],
          ['r2', 'not-completed'],
        ]);
        expect(calls.map((part) => part.subagentRunId)).to.deep.equal([undefined, 'R', 'R']);
        expect(reply.subagents!.map((record) => [record.subagentRunId, record.status])).to.deep.equal([
          ['R', 'not-completed'],
          ['F', 'not-completed'],
          ['E', 'error'],
          ['D', 'done'],
        ]);
      }
      expect(assistant(state.turns[1]).status, 'the input is left as it was').to.equal('streaming');
    });

    it('takes a reply without a status as done and keeps a final status', () => {
      const bare = { role: 'assistant', id: 'a', parts: [] };
      expect(assistant(turnFromPage(bare)).status).to.equal('done');
      for (const status of ['done', 'error', 'cancelled'] as const) {
        expect(assistant(turnFromPage({ ...bare, status })).status).to.equal(status);
      }
    });

    it('takes user, system and developer turns as they are, copied', () => {
      const user = { role: 'user', id: 'u', text: 'Hi', content: [{ type: 'text', text: 'Hi' }] };
      const taken = turnFromPage(user);
      expect(taken).to.deep.equal(user);
      expect(taken).not.to.equal(user);
      expect(
        turnsFromPage([
          { role: 'system', id: 's', text: 'Be brief.' },
          { role: 'developer', id: 'd', text: 'Use tools.' },
        ]),
      ).to.deep.equal([
        { role: 'system', id: 's', text: 'Be brief.' },
        { role: 'developer', id: 'd', text: 'Use tools.' },
      ]);
    });

    it('refuses what is not a conversation with a clear TypeError', () => {
      const user = { role: 'user', id: 'u', text: 'Hi' };
      expect(() => turnsFromPage({ turns: [] })).to.throw(TypeError, /array/);
      expect(() => turnsFromPage('nope')).to.throw(TypeError, /array/);
      expect(() => turnsFromPage([user, null])).to.throw(TypeError, /turn 1 is not an object/);
      expect(() => turnsFromPage([user, { role: 'user', text: 'x' }])).to.throw(TypeError, /turn 1 has no id/);
      expect(() => turnsFromPage([{ role: 'user', id: '', text: 'x' }])).to.throw(TypeError, /turn 0 has no id/);
      expect(() => turnsFromPage([user, user, { role: 'bot', id: 'b', text: 'x' }])).to.throw(TypeError, /turn 2 has an unknown role: bot/);
      expect(() => turnsFromPage([{ role: 'assistant', id: 'a' }])).to.throw(TypeError, /turn 0 \(assistant\) has no parts/);
      expect(() => turnsFromPage([{ role: 'assistant', id: 'a', parts: 'text' }])).to.throw(TypeError, /turn 0 \(assistant\) has no parts/);
      expect(() => turnsFromPage([{ role: 'user', id: 'u' }])).to.throw(TypeError, /turn 0 \(user\) has no text/);
      expect(() => turnsFromPage([{ role: 'system', id: 's', text: 3 }])).to.throw(TypeError, /turn 0 \(system\) has no text/);
      const parts = [
        { kind: 'text', id: 'ok', text: '', streaming: false },
        { kind: 'text', text: 'no id', streaming: false },
      ];
      expect(() => turnsFromPage([user, { role: 'assistant', id: 'a', parts }])).to.throw(TypeError, /turn 1, part 1 has no id/);
      expect(() => turnFromPage({ role: 'assistant', id: 'a', parts: [null] })).to.throw(TypeError, /turn 0, part 0 has no id/);
      expect(() => turnFromPage({ role: 'user', text: 'x' })).to.throw(TypeError, /turn 0 has no id/);
    });
  });

  describe('history sent to the model', () => {
    it("holds nothing subagents did, only the lead's delegating call and its result", () => {
      const turns = conversation();
      const history = historyFromTurns(turns);
      expect(history.map((message) => message.id)).to.deep.equal(['u1', 'm0', 'lead:result', 'm1', 'u2', 'm2']);
      const delegating = history.find((message) => message.id === 'm0')!;
      expect(delegating).to.deep.include({ role: 'assistant', content: 'Let me delegate.' });
      expect(delegating.toolCalls).to.deep.equal([{ id: 'lead', type: 'function', function: { name: 'delegate', arguments: '{"q":"lead"}' } }]);
      expect(history.find((message) => message.id === 'lead:result')).to.deep.equal({
        id: 'lead:result',
        role: 'tool',
        toolCallId: 'lead',
        content: 'Two sources, confirmed.',
      });
      const calledIds = history.flatMap((message) => (message.toolCalls ?? []).map((entry) => entry.id));
      expect(calledIds).to.deep.equal(['lead']);
      expect(history.filter((message) => message.role === 'tool').map((message) => message.toolCallId)).to.deep.equal(['lead']);
      const said = JSON.stringify(history);
      for (const words of ['Found two sources.', 'Confirmed.', 'r1 result', 'f1 result', 'w1 result', 'researcher']) {
        expect(said, words).not.to.include(words);
      }
      for (const id of SUBAGENT_PARTS)
        expect(
          history.some((message) => message.id === id || message.toolCallId === id),
          id,
        ).to.equal(false);
    });

    it('is the same for the context turns and for turns taken back from the page', () => {
      const turns = conversation();
      const history = historyFromTurns(turns);
      expect(historyFromTurns(contextTurns(turns))).to.deep.equal(history);
      expect(historyFromTurns(turnsFromPage(turnsWithActivity(turns)))).to.deep.equal(history);
      expect(historyFromTurns(turnsFromPage(fromElsewhere(turns)))).to.deep.equal(history);
    });
  });
});

/** Activity cards whose parts lost their `subagentRunId` (the card still names the delegation). */
function withoutAttribution(turns: Turn[]): Turn[] {
  return turns.map((turn) =>
    turn.role === 'assistant'
      ? {
          ...turn,
          parts: turn.parts.map((part) => {
            if (!(part as Partial<ActivityCardPart>).activity) return part;
            const { subagentRunId: _id, ...rest } = part;
            return rest as ReplyPart;
          }),
        }
      : turn,
  );
}

describe('turnFromPage: nothing comes in still streaming', () => {
  it('ends text and reasoning that were streaming', () => {
    const turn = turnFromPage({
      role: 'assistant',
      id: 'a',
      status: 'streaming',
      parts: [
        { kind: 'text', id: 'm', text: 'x', streaming: true },
        { kind: 'reasoning', id: 'r', text: 'y', streaming: true },
      ],
    });
    expect(turn.role === 'assistant' && turn.parts.map((part) => (part as { streaming?: boolean }).streaming)).to.deep.equal([false, false]);
  });
});
