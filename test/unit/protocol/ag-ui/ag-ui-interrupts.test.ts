import { expect } from '@open-wc/testing';
import { AgUiEventMapper } from '../../../../src/protocol/ag-ui/ag-ui-events.js';
import type { ChatEvent, ReplyError } from '../../../../src/protocol/contract.js';

const start = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };

/** What the mapper makes of `event` once the run has started. */
function mapAfterStart(event: unknown): ChatEvent[] | ReplyError {
  const mapper = new AgUiEventMapper();
  const started = mapper.map(start);
  expect(Array.isArray(started)).to.equal(true);
  return mapper.map(event);
}

function events(out: ChatEvent[] | ReplyError): ChatEvent[] {
  expect(Array.isArray(out), `expected events, got ${JSON.stringify(out)}`).to.equal(true);
  return out as ChatEvent[];
}

function fault(out: ChatEvent[] | ReplyError): ReplyError {
  expect(Array.isArray(out), `expected a protocol error, got ${JSON.stringify(out)}`).to.equal(false);
  const error = out as ReplyError;
  expect(error.kind).to.equal('protocol');
  expect(error.message).to.be.a('string');
  return error;
}

const finished = (outcome: unknown) => ({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome });

describe('AG-UI interrupts mapping', () => {
  it('maps an interrupt outcome, keeping every field of each interrupt', () => {
    const approve = {
      id: 'approve-1',
      reason: 'tool_call',
      message: 'Send this email?',
      toolCallId: 'call-1',
      responseSchema: {
        type: 'object',
        properties: { approved: { type: 'boolean' }, editedArgs: { type: 'object' } },
        required: ['approved'],
      },
      expiresAt: '2030-01-01T00:00:00Z',
      metadata: { 'agent-chat': { kind: 'approval' }, other: [1, 2] },
      subagentRunId: 'sub-1',
    };
    const question = { id: 'ask-1', reason: 'input_required' };
    const out = events(mapAfterStart(finished({ type: 'interrupt', interrupts: [approve, question] })));
    expect(out).to.deep.equal([{ type: 'run-finished', runId: 'r', outcome: { type: 'interrupt', interrupts: [approve, question] }, result: undefined }]);
  });

  it('ends the run with an interrupt outcome', () => {
    const mapper = new AgUiEventMapper();
    mapper.map(start);
    expect(mapper.ended).to.equal(false);
    events(mapper.map(finished({ type: 'interrupt', interrupts: [{ id: 'i', reason: 'confirmation' }] })));
    expect(mapper.ended).to.equal(true);
  });

  it('rejects an interrupt outcome that names no interrupts', () => {
    for (const outcome of [{ type: 'interrupt', interrupts: [] }, { type: 'interrupt' }]) {
      const error = fault(mapAfterStart(finished(outcome)));
      expect(error.message).to.match(/interrupt/i);
      expect(error.message).to.match(/no interrupts/i);
    }
  });

  it('rejects two interrupts with the same id, naming the id', () => {
    const error = fault(
      mapAfterStart(
        finished({
          type: 'interrupt',
          interrupts: [
            { id: 'dup', reason: 'tool_call', toolCallId: 'a' },
            { id: 'dup', reason: 'tool_call', toolCallId: 'b' },
          ],
        }),
      ),
    );
    expect(error.message).to.contain('"dup"');
    expect(error.message).to.match(/same id/i);
  });

  it('rejects an interrupt without an id or a reason, naming the field', () => {
    const noId = fault(mapAfterStart(finished({ type: 'interrupt', interrupts: [{ reason: 'tool_call' }] })));
    expect(noId.message).to.contain('RUN_FINISHED');
    expect(noId.message).to.contain('interrupts.0.id');
    const noReason = fault(mapAfterStart(finished({ type: 'interrupt', interrupts: [{ id: 'ok', reason: 'tool_call' }, { id: 'x' }] })));
    expect(noReason.message).to.contain('interrupts.1.reason');
  });

  it('reads an outcome it does not know as success', () => {
    for (const type of ['suspended', 'later']) {
      const out = events(mapAfterStart(finished({ type, interrupts: [{ id: 'i', reason: 'tool_call' }] })));
      expect(out).to.have.length(1);
      expect(out[0]).to.deep.include({ type: 'run-finished', outcome: { type: 'success' } });
    }
  });

  it('keeps the pending tool calls of a success', () => {
    const out = events(mapAfterStart(finished({ type: 'success', pendingToolCallIds: ['c1', 'c2'] })));
    expect(out[0]).to.deep.include({ type: 'run-finished', outcome: { type: 'success', pendingToolCallIds: ['c1', 'c2'] } });
    const unknown = events(mapAfterStart(finished({ type: 'later', pendingToolCallIds: ['c3'] })));
    expect(unknown[0]).to.deep.include({ outcome: { type: 'success', pendingToolCallIds: ['c3'] } });
    const plain = events(mapAfterStart(finished({ type: 'success' })));
    expect(plain[0]).to.deep.include({ outcome: { type: 'success' } });
  });

  it('keeps a cancelled outcome, and no outcome when there is none', () => {
    expect(events(mapAfterStart(finished({ type: 'cancelled' })))[0]).to.deep.include({ outcome: { type: 'cancelled' } });
    const bare = events(mapAfterStart({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }))[0] as Extract<ChatEvent, { type: 'run-finished' }>;
    expect(bare.type).to.equal('run-finished');
    expect(bare.outcome).to.equal(undefined);
  });

  it('maps a subagent that finished suspended', () => {
    const mapper = new AgUiEventMapper();
    mapper.map(start);
    mapper.map({ type: 'SUBAGENT_STARTED', subagentRunId: 'sa', name: 'mailer' });
    const suspended = events(mapper.map({ type: 'SUBAGENT_FINISHED', subagentRunId: 'sa', outcome: { type: 'suspended' } }));
    expect(suspended).to.deep.equal([{ type: 'subagent-finished', subagentRunId: 'sa', result: undefined, suspended: true }]);
  });

  it('maps a subagent that finished otherwise as not suspended', () => {
    for (const outcome of [undefined, { type: 'success' }, { type: 'later' }]) {
      const out = events(mapAfterStart({ type: 'SUBAGENT_FINISHED', subagentRunId: 'sa', result: 'ok', ...(outcome ? { outcome } : {}) }));
      expect(out).to.have.length(1);
      expect(out[0]).to.deep.include({ type: 'subagent-finished', subagentRunId: 'sa', result: 'ok' });
      expect(out[0]).not.to.have.property('suspended');
    }
  });

  it('still wants RUN_STARTED before an interrupt outcome', () => {
    const error = fault(new AgUiEventMapper().map(finished({ type: 'interrupt', interrupts: [{ id: 'i', reason: 'tool_call' }] })));
    expect(error.message).to.contain('RUN_STARTED');
  });
});
