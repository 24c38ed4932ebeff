import { expect } from '@open-wc/testing';
import { AgUiEventMapper } from '../../../../src/protocol/ag-ui/ag-ui-events.js';
import type { ChatEvent } from '../../../../src/protocol/contract.js';

function mapAll(events: unknown[]): (ChatEvent[] | { kind: string; message: string })[] {
  const mapper = new AgUiEventMapper();
  return events.map((event) => mapper.map(event));
}

const start = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };

describe('AG-UI event mapping', () => {
  it('maps every AG-UI 1.0 event type to an internal event', () => {
    const wire = [
      start,
      { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'hi' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm' },
      { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'f', parentMessageId: 'm' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c' },
      { type: 'TOOL_CALL_RESULT', messageId: 'x', toolCallId: 'c', content: 'ok' },
      { type: 'REASONING_MESSAGE_START', messageId: 'r', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r', delta: 'hm' },
      { type: 'REASONING_MESSAGE_END', messageId: 'r' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'r', encryptedValue: 'enc' },
      { type: 'STEP_STARTED', stepName: 's' },
      { type: 'STEP_FINISHED', stepName: 's' },
      { type: 'STATE_SNAPSHOT', snapshot: { a: 1 } },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/a', value: 2 }] },
      { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'u', role: 'user', content: 'q' }] },
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'act', activityType: 'mcp-apps', content: { a: 1 } },
      { type: 'ACTIVITY_DELTA', messageId: 'act', activityType: 'mcp-apps', patch: [] },
      { type: 'CUSTOM', name: 'agent-chat.x', value: 1 },
      { type: 'RAW', event: { any: 1 }, source: 'llm' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 'sa', name: 'researcher', parentToolCallId: 'c' },
      { type: 'TEXT_MESSAGE_START', messageId: 'sm', subagentRunId: 'sa' },
      { type: 'SUBAGENT_ERROR', subagentRunId: 'sa', message: 'failed' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'sa' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    const types = mapAll(wire).flatMap((out) => (Array.isArray(out) ? out.map((e) => e.type) : ['FAULT']));
    expect(types).to.deep.equal([
      'run-started',
      'reply-message-id',
      'text-start',
      'text-delta',
      'text-end',
      'tool-call-start',
      'tool-call-args',
      'tool-call-end',
      'tool-call-result',
      'reasoning-start',
      'reasoning-delta',
      'reasoning-end',
      'reasoning-encrypted',
      'step-started',
      'step-finished',
      'state-snapshot',
      'state-delta',
      'messages-snapshot',
      'activity-snapshot',
      'activity-delta',
      'custom',
      'raw',
      'subagent-started',
      'text-start',
      'subagent-error',
      'subagent-finished',
      'run-finished',
    ]);
    const sub = mapAll(wire)[22] as ChatEvent[];
    expect(sub[0]).to.include({ type: 'text-start', subagentRunId: 'sa' });
  });

  it('expands chunk events into start, delta and end, closing them when something else arrives', () => {
    const out = mapAll([
      start,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a', delta: 'one ' },
      { type: 'TEXT_MESSAGE_CHUNK', delta: 'two' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'b', delta: 'next' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c', toolCallName: 'f', delta: '{"x":' },
      { type: 'TOOL_CALL_CHUNK', delta: '1}' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ]).flat() as ChatEvent[];
    expect(out.map((e) => `${e.type}:${'messageId' in e ? e.messageId : 'toolCallId' in e ? e.toolCallId : ''}`)).to.deep.equal([
      'run-started:',
      'reply-message-id:a',
      'text-start:a',
      'text-delta:a',
      'text-delta:a',
      'text-end:a',
      'reply-message-id:b',
      'text-start:b',
      'text-delta:b',
      'text-end:b',
      'tool-call-start:c',
      'tool-call-args:c',
      'tool-call-args:c',
      'tool-call-end:c',
      'run-finished:',
    ]);
  });

  it('names the reply by the id of an assistant message only (not a subagent’s, not another role’s)', () => {
    const ids = (events: unknown[]) =>
      (mapAll([start, ...events]).flat() as ChatEvent[]).filter((event) => event.type === 'reply-message-id').map((event) => (event as { messageId: string }).messageId);
    expect(ids([{ type: 'TEXT_MESSAGE_START', messageId: 'm1' }])).to.deep.equal(['m1']);
    expect(ids([{ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }])).to.deep.equal(['m1']);
    expect(ids([{ type: 'TEXT_MESSAGE_START', messageId: 'sys', role: 'system' }])).to.deep.equal([]);
    expect(ids([{ type: 'TEXT_MESSAGE_START', messageId: 'sm', subagentRunId: 'sa' }])).to.deep.equal([]);
    expect(
      ids([
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'c1', delta: 'x' },
        { type: 'TEXT_MESSAGE_CHUNK', delta: 'y' },
      ]),
    ).to.deep.equal(['c1']);
  });

  it('ignores unknown event types without failing, warning once per type', () => {
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args[0]);
    try {
      const out = mapAll([start, { type: 'BRAND_NEW_1' }, { type: 'BRAND_NEW_1' }, { type: 'BRAND_NEW_2' }]);
      expect(out.slice(1)).to.deep.equal([[], [], []]);
    } finally {
      console.warn = original;
    }
    expect(warnings).to.have.length(2);
    expect(String(warnings[0])).to.contain('BRAND_NEW_1');
  });

  it('reports a stream that does not begin with RUN_STARTED', () => {
    const [out] = mapAll([{ type: 'TEXT_MESSAGE_START', messageId: 'm' }]);
    expect(out).to.have.property('kind', 'protocol');
    expect((out as { message: string }).message).to.contain('RUN_STARTED');
  });

  it('accepts a RUN_ERROR before RUN_STARTED (a backend that fails at once)', () => {
    const [out] = mapAll([{ type: 'RUN_ERROR', message: 'no model' }]) as ChatEvent[][];
    expect(out[0]).to.deep.include({ type: 'run-error' });
  });

  it('names the event and field of a malformed known event', () => {
    const out = mapAll([start, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm' }])[1] as { message: string };
    expect(out.message).to.contain('TEXT_MESSAGE_CONTENT').and.to.contain('delta');
    // The shapes the text fast path must not take: each is the schema's error, naming its field.
    for (const [bad, field] of [
      [{ messageId: 'm', delta: 5 }, 'delta'],
      [{ messageId: 7, delta: 'x' }, 'messageId'],
      [{ delta: 'x' }, 'messageId'],
    ] as const) {
      const fault = mapAll([start, { type: 'TEXT_MESSAGE_CONTENT', ...bad }])[1] as { message: string };
      expect(fault.message, JSON.stringify(bad)).to.contain('malformed TEXT_MESSAGE_CONTENT').and.to.contain(field);
    }
    // A well-formed one keeps its extra fields' meaning: a subagent's delta stays the subagent's.
    const mapper = new AgUiEventMapper();
    mapper.map(start);
    expect(mapper.map({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'x', subagentRunId: 's1' })).to.deep.equal([
      { type: 'text-delta', messageId: 'm', delta: 'x', subagentRunId: 's1' },
    ]);
  });

  it('rejects data without a type', () => {
    expect(mapAll([start, { nope: 1 }])[1]).to.have.property('kind', 'protocol');
  });
});
