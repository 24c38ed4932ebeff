import { expect } from '@open-wc/testing';
import { approvalResponse, editedArgsSchema, interruptView, ownMetadata } from '../../../src/ask/interrupt-answers.js';
import { anyAnswered, resumeEntries } from '../../../src/ask/interrupt-resume.js';
import { isDenial, isExpired, isOpen, nextExpiry, openInterrupts, holdsInput } from '../../../src/conversation/interrupt-state.js';
import { noRequests, placeRequests } from '../../../src/ask/request-placement.js';
import { replyActivity } from '../../../src/conversation/activity-blocks.js';
import type { AssistantTurn, InterruptEntry, ReplyPart, SubagentRecord, Turn } from '../../../src/conversation/types.js';
import type { Interrupt } from '../../../src/protocol/contract.js';

const NOW = Date.parse('2030-06-01T12:00:00.000Z');
const PAST = '2030-06-01T11:00:00.000Z';
const FUTURE = '2030-06-01T13:00:00.000Z';

const interrupt = (id: string, extra: Partial<Interrupt> = {}): Interrupt => ({ id, reason: 'tool_call', ...extra });
const entry = (id: string, extra: Partial<Interrupt> = {}, state: Omit<InterruptEntry, 'interrupt'> = {}): InterruptEntry => ({
  interrupt: interrupt(id, extra),
  ...state,
});
const replyWith = (interrupts?: InterruptEntry[], parts: ReplyPart[] = [], subagents?: SubagentRecord[]): AssistantTurn => ({
  role: 'assistant',
  id: 'r1',
  status: 'done',
  parts,
  ...(interrupts ? { interrupts } : {}),
  ...(subagents ? { subagents } : {}),
});
const user: Turn = { role: 'user', id: 'u1', text: 'Hi' };
const approved = { status: 'resolved' as const, payload: { approved: true } };

describe('interrupts', () => {
  describe('interruptView', () => {
    it('shows tool calls and confirmations as an approval', () => {
      expect(interruptView(interrupt('a', { reason: 'tool_call' }))).to.equal('approval');
      expect(interruptView(interrupt('a', { reason: 'confirmation' }))).to.equal('approval');
      expect(interruptView(interrupt('a', { reason: 'confirmation', responseSchema: { type: 'boolean' } }))).to.equal('approval');
      expect(interruptView(interrupt('a', { reason: 'tool_call', responseSchema: { type: 'object', properties: { approved: { type: 'boolean' } } } }))).to.equal('approval');
    });

    it('shows an approval whose schema Approve / Deny cannot answer as the form built from it', () => {
      const decision = { type: 'object', properties: { decision: { enum: ['approve', 'reject'] } }, required: ['decision'] };
      expect(interruptView(interrupt('a', { reason: 'tool_call', responseSchema: decision }))).to.equal('form');
      expect(interruptView(interrupt('a', { reason: 'confirmation', responseSchema: { type: 'string', enum: ['yes', 'no'] } }))).to.equal('form');
    });

    it('shows an input_required of the ask_user kind as questions, other input as a form', () => {
      const ask = interrupt('a', { reason: 'input_required', metadata: { 'agent-chat': { kind: 'ask_user' } } });
      expect(interruptView(ask)).to.equal('questions');
      expect(interruptView(interrupt('a', { reason: 'input_required' }))).to.equal('form');
      expect(interruptView(interrupt('a', { reason: 'input_required', metadata: { 'agent-chat': { kind: 'other' } } }))).to.equal('form');
      expect(interruptView(interrupt('a', { reason: 'input_required', metadata: { kind: 'ask_user' } }))).to.equal('form');
    });

    it("shows a backend's own reason as a form, even with the ask_user kind", () => {
      expect(interruptView(interrupt('a', { reason: 'pick_a_date' }))).to.equal('form');
      expect(interruptView(interrupt('a', { reason: 'custom', metadata: { 'agent-chat': { kind: 'ask_user' } } }))).to.equal('form');
    });
  });

  describe('ownMetadata', () => {
    it('returns the object under metadata["agent-chat"]', () => {
      const own = { kind: 'ask_user', extra: 1 };
      expect(ownMetadata(interrupt('a', { metadata: { 'agent-chat': own, other: { x: 1 } } }))).to.deep.equal(own);
    });

    it('returns an empty object when there is none or it is not an object', () => {
      expect(ownMetadata(interrupt('a'))).to.deep.equal({});
      expect(ownMetadata(interrupt('a', { metadata: {} }))).to.deep.equal({});
      expect(ownMetadata(interrupt('a', { metadata: { 'agent-chat': 'text' } }))).to.deep.equal({});
      expect(ownMetadata(interrupt('a', { metadata: { 'agent-chat': null } }))).to.deep.equal({});
      expect(ownMetadata(interrupt('a', { metadata: { 'agent-chat': ['kind'] } }))).to.deep.equal({});
    });
  });

  describe('isExpired', () => {
    it('never expires without expiresAt', () => {
      expect(isExpired(interrupt('a'), NOW)).to.equal(false);
      expect(isExpired(interrupt('a', { expiresAt: '' }), NOW)).to.equal(false);
    });

    it('is expired past expiresAt and not before it', () => {
      expect(isExpired(interrupt('a', { expiresAt: PAST }), NOW)).to.equal(true);
      expect(isExpired(interrupt('a', { expiresAt: FUTURE }), NOW)).to.equal(false);
    });

    it('is expired at exactly expiresAt, not one millisecond before', () => {
      const at = '2030-06-01T12:00:00.000Z';
      expect(isExpired(interrupt('a', { expiresAt: at }), Date.parse(at))).to.equal(true);
      expect(isExpired(interrupt('a', { expiresAt: at }), Date.parse(at) - 1)).to.equal(false);
    });

    it('never expires when expiresAt is not a date', () => {
      for (const expiresAt of ['soon', 'tomorrow', '2030-13-45T99:00:00Z', 'NaN']) {
        expect(isExpired(interrupt('a', { expiresAt }), NOW), expiresAt).to.equal(false);
        expect(isExpired(interrupt('a', { expiresAt }), Number.MAX_SAFE_INTEGER), expiresAt).to.equal(false);
      }
    });

    it('uses the current time by default', () => {
      expect(isExpired(interrupt('a', { expiresAt: new Date(Date.now() - 60_000).toISOString() }))).to.equal(true);
      expect(isExpired(interrupt('a', { expiresAt: new Date(Date.now() + 60_000).toISOString() }))).to.equal(false);
    });
  });

  describe('isOpen', () => {
    it('is open while unanswered, unsent and not expired', () => {
      expect(isOpen(entry('a'), NOW)).to.equal(true);
      expect(isOpen(entry('a', { expiresAt: FUTURE }), NOW)).to.equal(true);
    });

    it('is closed once answered, sent or expired', () => {
      expect(isOpen(entry('a', {}, { response: approved }), NOW)).to.equal(false);
      expect(isOpen(entry('a', {}, { sent: true }), NOW)).to.equal(false);
      expect(isOpen(entry('a', { expiresAt: PAST }), NOW)).to.equal(false);
    });
  });

  describe('holdsInput', () => {
    it('holds while an interrupt is open or an answer has not been sent; not for expired or sent ones', () => {
      expect(holdsInput([user, replyWith([entry('a')])], NOW)).to.equal(true);
      expect(holdsInput([user, replyWith([entry('a', {}, { response: approved })])], NOW)).to.equal(true);
      expect(holdsInput([user, replyWith([entry('a', {}, { response: approved, sent: true })])], NOW)).to.equal(false);
      expect(holdsInput([user, replyWith([entry('a', { expiresAt: PAST })])], NOW)).to.equal(false);
      expect(holdsInput([replyWith([entry('a')]), user], NOW)).to.equal(false);
    });
  });

  describe('openInterrupts', () => {
    it('lists the open interrupts of the last reply', () => {
      const open = entry('a');
      const turns: Turn[] = [user, replyWith([open, entry('b', {}, { response: approved }), entry('c', { expiresAt: PAST }), entry('d', {}, { sent: true })])];
      expect(openInterrupts(turns, NOW)).to.deep.equal([open]);
    });

    it('ignores interrupts of earlier replies', () => {
      const earlier = { ...replyWith([entry('a')]), id: 'r0' };
      expect(openInterrupts([user, earlier, { role: 'user', id: 'u2', text: 'More' }, replyWith([])], NOW)).to.deep.equal([]);
      expect(openInterrupts([user, earlier, { role: 'user', id: 'u2', text: 'More' }], NOW)).to.deep.equal([]);
    });

    it('has none when the last turn is not a reply, or there are no turns', () => {
      expect(openInterrupts([replyWith([entry('a')]), user], NOW)).to.deep.equal([]);
      expect(openInterrupts([], NOW)).to.deep.equal([]);
      expect(openInterrupts([user, replyWith()], NOW)).to.deep.equal([]);
    });
  });

  describe('resumeEntries', () => {
    it('is undefined while an interrupt is still open', () => {
      const reply = replyWith([entry('a', {}, { response: approved }), entry('b')]);
      expect(resumeEntries(reply, NOW)).to.equal(undefined);
    });

    it('maps answered interrupts to AG-UI resume entries', () => {
      const reply = replyWith([
        entry('a', {}, { response: { status: 'resolved', payload: { approved: true } } }),
        entry('b', {}, { response: { status: 'cancelled' } }),
        entry('c', {}, { response: { status: 'resolved', payload: false, metadata: { 'agent-chat': { reason: 'no' } } } }),
      ]);
      expect(resumeEntries(reply, NOW)).to.deep.equal([
        { interruptId: 'a', status: 'resolved', payload: { approved: true } },
        { interruptId: 'b', status: 'cancelled' },
        { interruptId: 'c', status: 'resolved', payload: false, metadata: { 'agent-chat': { reason: 'no' } } },
      ]);
    });

    it('addresses expired unanswered interrupts as cancelled (never answered late), and does not wait for them', () => {
      const reply = replyWith([entry('a', { expiresAt: PAST }), entry('b', {}, { response: approved })]);
      const entries = resumeEntries(reply, NOW)!;
      expect(entries).to.deep.equal([
        { interruptId: 'a', status: 'cancelled', metadata: { 'agent-chat': { expired: true } } },
        { interruptId: 'b', ...approved },
      ]);
      expect(anyAnswered(entries)).to.equal(true);
      expect(anyAnswered([{ interruptId: 'a', status: 'cancelled', metadata: { 'agent-chat': { expired: true } } }])).to.equal(false);
    });

    it('waits for an interrupt that has not expired yet', () => {
      const reply = replyWith([entry('a', { expiresAt: FUTURE }), entry('b', {}, { response: approved })]);
      expect(resumeEntries(reply, NOW)).to.equal(undefined);
      expect(resumeEntries(reply, Date.parse(FUTURE))).to.deep.equal([
        { interruptId: 'a', status: 'cancelled', metadata: { 'agent-chat': { expired: true } } },
        { interruptId: 'b', ...approved },
      ]);
    });

    it('leaves out answers already sent', () => {
      const reply = replyWith([entry('a', {}, { response: approved, sent: true }), entry('b', {}, { response: { status: 'cancelled' } })]);
      expect(resumeEntries(reply, NOW)).to.deep.equal([{ interruptId: 'b', status: 'cancelled' }]);
    });

    it('is undefined when there is nothing to send', () => {
      expect(resumeEntries(replyWith(), NOW)).to.equal(undefined);
      expect(resumeEntries(replyWith([]), NOW)).to.equal(undefined);
      expect(resumeEntries(replyWith([entry('a', {}, { response: approved, sent: true })]), NOW)).to.equal(undefined);
    });

    it('is only the expired ones as cancelled when nothing was answered', () => {
      expect(resumeEntries(replyWith([entry('a', { expiresAt: PAST })]), NOW)).to.deep.equal([
        { interruptId: 'a', status: 'cancelled', metadata: { 'agent-chat': { expired: true } } },
      ]);
    });
  });

  describe('nextExpiry', () => {
    it('is the earliest expiry of the open interrupts of the last reply', () => {
      const early = '2030-06-01T12:30:00.000Z';
      const turns: Turn[] = [
        user,
        replyWith([
          entry('a', { expiresAt: FUTURE }),
          entry('b', { expiresAt: early }),
          entry('c'),
          entry('d', { expiresAt: 'whenever' }),
          entry('e', { expiresAt: '2030-06-01T12:10:00.000Z' }, { response: approved }),
          entry('f', { expiresAt: '2030-06-01T12:05:00.000Z' }, { sent: true }),
          entry('g', { expiresAt: PAST }),
        ]),
      ];
      expect(nextExpiry(turns, NOW)).to.equal(Date.parse(early));
    });

    it('is undefined when no open interrupt expires', () => {
      expect(nextExpiry([user, replyWith([entry('a'), entry('b', { expiresAt: 'never' })])], NOW)).to.equal(undefined);
      expect(nextExpiry([user, replyWith([entry('a', { expiresAt: PAST })])], NOW)).to.equal(undefined);
      expect(nextExpiry([replyWith([entry('a', { expiresAt: FUTURE })]), user], NOW)).to.equal(undefined);
      expect(nextExpiry([], NOW)).to.equal(undefined);
    });
  });

  describe('approvalResponse', () => {
    it('answers a tool_call without a schema with {approved}', () => {
      const call = interrupt('a', { reason: 'tool_call' });
      expect(approvalResponse(call, { approved: true })).to.deep.equal({ status: 'resolved', payload: { approved: true } });
      expect(approvalResponse(call, { approved: false })).to.deep.equal({ status: 'resolved', payload: { approved: false } });
    });

    it('puts the reason in the payload of a tool_call without a schema', () => {
      const response = approvalResponse(interrupt('a'), { approved: false, reason: 'Wrong recipient' });
      expect(response).to.deep.equal({ status: 'resolved', payload: { approved: false, reason: 'Wrong recipient' } });
    });

    it('answers with a boolean when the schema is a boolean', () => {
      const call = interrupt('a', { reason: 'tool_call', responseSchema: { type: 'boolean' } });
      expect(approvalResponse(call, { approved: true })).to.deep.equal({ status: 'resolved', payload: true });
      expect(approvalResponse(call, { approved: false })).to.deep.equal({ status: 'resolved', payload: false });
    });

    it('sends the reason of a boolean answer in metadata["agent-chat"].reason', () => {
      const call = interrupt('a', { responseSchema: { type: 'boolean' } });
      expect(approvalResponse(call, { approved: false, reason: 'Too expensive' })).to.deep.equal({
        status: 'resolved',
        payload: false,
        metadata: { 'agent-chat': { reason: 'Too expensive' } },
      });
    });

    it('answers a confirmation without a schema with a boolean, its reason in metadata', () => {
      const confirm = interrupt('a', { reason: 'confirmation' });
      expect(approvalResponse(confirm, { approved: true })).to.deep.equal({ status: 'resolved', payload: true });
      const denied = approvalResponse(confirm, { approved: false, reason: 'Not now' });
      expect(denied).to.deep.equal({ status: 'resolved', payload: false, metadata: { 'agent-chat': { reason: 'Not now' } } });
    });

    it('puts the reason in the payload when the schema has a reason property', () => {
      const call = interrupt('a', {
        responseSchema: { type: 'object', properties: { approved: { type: 'boolean' }, reason: { type: 'string' } } },
      });
      const response = approvalResponse(call, { approved: false, reason: 'No' });
      expect(response).to.deep.equal({ status: 'resolved', payload: { approved: false, reason: 'No' } });
      expect(response.metadata).to.equal(undefined);
    });

    it('puts the reason in metadata when the schema has no reason property', () => {
      const call = interrupt('a', { responseSchema: { type: 'object', properties: { approved: { type: 'boolean' } } } });
      expect(approvalResponse(call, { approved: false, reason: 'No' })).to.deep.equal({
        status: 'resolved',
        payload: { approved: false },
        metadata: { 'agent-chat': { reason: 'No' } },
      });
      const confirm = interrupt('b', { reason: 'confirmation', responseSchema: { type: 'object' } });
      expect(approvalResponse(confirm, { approved: false, reason: 'No' })).to.deep.equal({
        status: 'resolved',
        payload: { approved: false },
        metadata: { 'agent-chat': { reason: 'No' } },
      });
    });

    it('sends edited arguments only with an approval', () => {
      const call = interrupt('a', {
        responseSchema: { type: 'object', properties: { approved: { type: 'boolean' }, editedArgs: { type: 'object' } } },
      });
      const edited = { to: 'bob@example.com' };
      expect(approvalResponse(call, { approved: true, editedArgs: edited })).to.deep.equal({
        status: 'resolved',
        payload: { approved: true, editedArgs: edited },
      });
      const denied = approvalResponse(call, { approved: false, editedArgs: edited });
      expect(denied.payload).to.deep.equal({ approved: false });
      expect(denied.payload).not.to.have.property('editedArgs');
    });

    it('drops a reason that is only whitespace, and trims one that is not', () => {
      expect(approvalResponse(interrupt('a'), { approved: false, reason: '   \n\t' })).to.deep.equal({
        status: 'resolved',
        payload: { approved: false },
      });
      const confirm = approvalResponse(interrupt('b', { reason: 'confirmation' }), { approved: false, reason: '  ' });
      expect(confirm).to.deep.equal({ status: 'resolved', payload: false });
      expect(confirm).not.to.have.property('metadata');
      expect(approvalResponse(interrupt('c'), { approved: false, reason: '  late  ' }).payload).to.deep.equal({ approved: false, reason: 'late' });
    });
  });

  describe('editedArgsSchema', () => {
    it('is undefined without a schema, or when the schema does not offer editedArgs', () => {
      expect(editedArgsSchema(interrupt('a'))).to.equal(undefined);
      expect(editedArgsSchema(interrupt('a', { responseSchema: { type: 'boolean' } }))).to.equal(undefined);
      expect(editedArgsSchema(interrupt('a', { responseSchema: { type: 'object', properties: { approved: { type: 'boolean' } } } }))).to.equal(undefined);
    });

    it("is the schema of the schema's editedArgs property", () => {
      const args = { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] };
      const call = interrupt('a', { responseSchema: { type: 'object', properties: { approved: { type: 'boolean' }, editedArgs: args } } });
      expect(editedArgsSchema(call)).to.deep.equal(args);
    });

    it('is an open object schema when editedArgs is offered without an object schema', () => {
      const call = interrupt('a', { responseSchema: { type: 'object', properties: { editedArgs: true } } });
      expect(editedArgsSchema(call)).to.deep.equal({ type: 'object' });
    });
  });

  describe('isDenial', () => {
    it('is a denial when cancelled or resolved with a no', () => {
      expect(isDenial({ status: 'cancelled' })).to.equal(true);
      expect(isDenial({ status: 'resolved', payload: false })).to.equal(true);
      expect(isDenial({ status: 'resolved', payload: { approved: false } })).to.equal(true);
      expect(isDenial({ status: 'resolved', payload: { approved: false, reason: 'x' } })).to.equal(true);
    });

    it('is no denial for an approval, another answer or no answer', () => {
      expect(isDenial(undefined)).to.equal(false);
      expect(isDenial({ status: 'resolved', payload: true })).to.equal(false);
      expect(isDenial({ status: 'resolved', payload: { approved: true } })).to.equal(false);
      expect(isDenial({ status: 'resolved' })).to.equal(false);
      expect(isDenial({ status: 'resolved', payload: { answers: { size: 'M' } } })).to.equal(false);
      expect(isDenial({ status: 'resolved', payload: 0 })).to.equal(false);
      expect(isDenial({ status: 'resolved', payload: null })).to.equal(false);
    });
  });
});

describe('request placement', () => {
  const call = (id: string, subagentRunId?: string): ReplyPart => ({
    kind: 'tool-call',
    id,
    name: subagentRunId ? 'search' : 'delegate',
    argsText: '{}',
    args: {},
    argsComplete: true,
    status: 'running',
    ...(subagentRunId ? { subagentRunId } : {}),
  });
  const researcher: SubagentRecord = { subagentRunId: 'A', name: 'researcher', parentToolCallId: 'lead', status: 'waiting' };
  /** The lead's call `lead`, delegating to subagent A, whose calls are s1 and s2. */
  const withInterrupts = (...entries: InterruptEntry[]) => replyWith(entries, [call('lead'), call('s1', 'A'), call('s2', 'A')], [researcher]);

  it('shares one empty placement when there are no interrupts', () => {
    expect(placeRequests(replyWith())).to.equal(noRequests);
    expect(placeRequests(replyWith([]))).to.equal(noRequests);
    const reply = replyWith(undefined, [call('lead')], [researcher]);
    expect(placeRequests(reply, replyActivity(reply, 10))).to.equal(noRequests);
    expect(noRequests.onCall.size).to.equal(0);
    expect(noRequests.inBlock.size).to.equal(0);
    expect(noRequests.loose).to.deep.equal([]);
  });

  it("puts the interrupt of a lead's call on that call, with or without activity", () => {
    const onLead = entry('i1', { toolCallId: 'lead' });
    const reply = withInterrupts(onLead);
    for (const placement of [placeRequests(reply), placeRequests(reply, replyActivity(reply, 10))]) {
      expect([...placement.onCall.entries()]).to.deep.equal([['lead', onLead]]);
      expect(placement.inBlock.size).to.equal(0);
      expect(placement.loose).to.deep.equal([]);
    }
  });

  it("puts the interrupt of a subagent's call on its card when the card is shown", () => {
    const onSub = entry('i1', { toolCallId: 's1', subagentRunId: 'A' });
    const reply = withInterrupts(onSub);
    const activity = replyActivity(reply, 10);
    expect(activity.cards.has('s1')).to.equal(true);
    const placement = placeRequests(reply, activity);
    expect([...placement.onCall.entries()]).to.deep.equal([['s1', onSub]]);
    expect(placement.inBlock.size).to.equal(0);
    expect(placement.loose).to.deep.equal([]);
  });

  it("leaves the interrupt of a subagent's hidden card loose when nothing else holds it", () => {
    const onHidden = entry('i1', { toolCallId: 's2' });
    const reply = withInterrupts(onHidden);
    const activity = replyActivity(reply, 1);
    expect(activity.cards.has('s2')).to.equal(false);
    const placement = placeRequests(reply, activity);
    expect(placement.onCall.size).to.equal(0);
    expect(placement.inBlock.size).to.equal(0);
    expect(placement.loose).to.deep.equal([onHidden]);
  });

  it("sends the interrupt of a subagent's hidden card to the subagent's block when it names the subagent", () => {
    const onHidden = entry('i1', { toolCallId: 's2', subagentRunId: 'A' });
    const reply = withInterrupts(onHidden);
    const placement = placeRequests(reply, replyActivity(reply, 1));
    expect(placement.onCall.size).to.equal(0);
    expect(placement.inBlock.get('A')).to.deep.equal([onHidden]);
    expect(placement.loose).to.deep.equal([]);
  });

  it("puts a subagent's interrupt bound to no call in its block, else loose", () => {
    const unbound = entry('i1', { reason: 'input_required', subagentRunId: 'A' });
    const second = entry('i2', { reason: 'confirmation', subagentRunId: 'A' });
    const unknown = entry('i3', { reason: 'confirmation', subagentRunId: 'Z' });
    const reply = withInterrupts(unbound, second, unknown);
    const placement = placeRequests(reply, replyActivity(reply, 10));
    expect(placement.onCall.size).to.equal(0);
    expect([...placement.inBlock.keys()]).to.deep.equal(['A']);
    expect(placement.inBlock.get('A')).to.deep.equal([unbound, second]);
    expect(placement.loose).to.deep.equal([unknown]);
  });

  it('leaves everything not on a lead call loose without activity', () => {
    const onLead = entry('i0', { toolCallId: 'lead' });
    const onSub = entry('i1', { toolCallId: 's1', subagentRunId: 'A' });
    const unbound = entry('i2', { subagentRunId: 'A' });
    const plain = entry('i3', { reason: 'input_required' });
    const placement = placeRequests(withInterrupts(onLead, onSub, unbound, plain));
    expect([...placement.onCall.keys()]).to.deep.equal(['lead']);
    expect(placement.inBlock.size).to.equal(0);
    expect(placement.loose).to.deep.equal([onSub, unbound, plain]);
  });

  it('leaves interrupts of unknown calls loose, and a second interrupt on one call loose', () => {
    const first = entry('i1', { toolCallId: 'lead' });
    const again = entry('i2', { toolCallId: 'lead' });
    const stray = entry('i3', { toolCallId: 'nowhere' });
    const reply = withInterrupts(first, again, stray);
    const placement = placeRequests(reply, replyActivity(reply, 10));
    expect(placement.onCall.get('lead')).to.equal(first);
    expect(placement.loose).to.deep.equal([again, stray]);
  });
});
