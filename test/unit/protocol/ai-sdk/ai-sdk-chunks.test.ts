import { expect } from '@open-wc/testing';
import type { ChatEvent, ReplyError } from '../../../../src/protocol/contract.js';
import { AiSdkChunkMapper } from '../../../../src/protocol/ai-sdk/chunks.js';
import { UIMessageBuilder, type UIMessage } from '../../../../src/protocol/ai-sdk/ui-message.js';

function run(chunks: unknown[], start: UIMessage | string = 'msg-new') {
  const mapper = new AiSdkChunkMapper('run-1', start, 'p');
  const events: ChatEvent[] = [];
  for (const chunk of chunks) {
    const mapped = mapper.map(chunk);
    if (!Array.isArray(mapped)) return { mapper, events, error: mapped as ReplyError };
    events.push(...mapped);
  }
  return { mapper, events, error: undefined };
}

/** The events without the UIMessage snapshots, as `type` or `type:id`. */
function shape(events: ChatEvent[]): string[] {
  return events
    .filter((event) => event.type !== 'wire-snapshot')
    .map((event) => {
      const id = (event as { messageId?: string; toolCallId?: string }).messageId ?? (event as { toolCallId?: string }).toolCallId;
      return id ? `${event.type}:${id}` : event.type;
    });
}

const text = (id: string, ...deltas: string[]) => [{ type: 'text-start', id }, ...deltas.map((delta) => ({ type: 'text-delta', id, delta })), { type: 'text-end', id }];

describe('AI SDK chunk reader', () => {
  it('maps text and reasoning to the same events as AG-UI, with ids unique across steps', () => {
    const { events, mapper } = run([
      { type: 'start', messageId: 'm1' },
      { type: 'start-step' },
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'thinking' },
      { type: 'reasoning-end', id: 'r' },
      ...text('0', 'Hel', 'lo'),
      { type: 'finish-step' },
      { type: 'start-step' },
      ...text('0', 'again'),
      { type: 'finish-step' },
      { type: 'finish', finishReason: 'stop' },
    ]);
    expect(shape(events)).to.deep.equal([
      'run-started',
      'reply-message-id:m1',
      'reasoning-start:p:0',
      'reasoning-delta:p:0',
      'reasoning-end:p:0',
      'text-start:p:1',
      'text-delta:p:1',
      'text-delta:p:1',
      'text-end:p:1',
      'text-start:p:2',
      'text-delta:p:2',
      'text-end:p:2',
      'run-finished',
    ]);
    expect(mapper.message).to.deep.equal({
      id: 'm1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'reasoning', id: 'r', text: 'thinking', state: 'done' },
        { type: 'text', text: 'Hello', state: 'done' },
        { type: 'step-start' },
        { type: 'text', text: 'again', state: 'done' },
      ],
    });
    // The UIMessage reaches the turn before the run ends.
    expect(events[events.length - 2].type).to.equal('wire-snapshot');
    expect(events[events.length - 1].type).to.equal('run-finished');
  });

  it('streams tool input, gives whole input that did not stream, and reports errors as failed calls', () => {
    const { events, mapper } = run([
      { type: 'start' },
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'get_weather' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"city":' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '"Lisbon"}' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Lisbon' } },
      { type: 'tool-output-available', toolCallId: 'c1', output: { temperatureC: 21 } },
      { type: 'tool-input-available', toolCallId: 'c2', toolName: 'lookup', input: { id: 7 }, dynamic: true },
      { type: 'tool-output-error', toolCallId: 'c2', errorText: 'Service down' },
      { type: 'tool-input-error', toolCallId: 'c3', toolName: 'get_weather', input: { city: 42 }, errorText: 'Invalid input' },
      { type: 'finish' },
    ]);
    const args = events.filter((event) => event.type === 'tool-call-args').map((event) => (event as { delta: string }).delta);
    expect(args).to.deep.equal(['{"city":', '"Lisbon"}', '{"id":7}', '{"city":42}']);
    const results = events.filter((event) => event.type === 'tool-call-result') as Extract<ChatEvent, { type: 'tool-call-result' }>[];
    expect(results.map((event) => [event.toolCallId, event.content, !!event.isError])).to.deep.equal([
      ['c1', { temperatureC: 21 }, false],
      ['c2', 'Service down', true],
      ['c3', 'Invalid input', true],
    ]);
    const parts = mapper.message.parts;
    expect(parts.map((part) => [part.type, part.state])).to.deep.equal([
      ['tool-get_weather', 'output-available'],
      ['dynamic-tool', 'output-error'],
      ['tool-get_weather', 'output-error'],
    ]);
    expect(parts[1].toolName).to.equal('lookup');
  });

  it('turns approval requests into the run’s interrupts', () => {
    const { events } = run([
      { type: 'start', messageId: 'm' },
      { type: 'tool-input-available', toolCallId: 'c', toolName: 'delete_files', input: { paths: ['a'] } },
      { type: 'tool-approval-request', approvalId: 'ap-1', toolCallId: 'c' },
      { type: 'finish', finishReason: 'tool-calls' },
    ]);
    const finished = events[events.length - 1] as Extract<ChatEvent, { type: 'run-finished' }>;
    expect(finished.outcome).to.deep.equal({ type: 'interrupt', interrupts: [{ id: 'ap-1', reason: 'tool_call', toolCallId: 'c' }] });
  });

  it('continues a reply’s UIMessage: the approved call gets its output on the same message', () => {
    const sent: UIMessage = {
      id: 'm',
      role: 'assistant',
      parts: [{ type: 'step-start' }, { type: 'tool-delete_files', toolCallId: 'c', state: 'approval-responded', input: { paths: ['a'] }, approval: { id: 'ap', approved: true } }],
    };
    const { events, mapper } = run(
      [
        { type: 'start', messageId: 'm' },
        { type: 'tool-output-available', toolCallId: 'c', output: { deleted: ['a'] } },
        { type: 'start-step' },
        ...text('0', 'Deleted.'),
        { type: 'finish' },
      ],
      sent,
    );
    expect(shape(events)).to.include('tool-call-result:c');
    expect(mapper.message.id).to.equal('m');
    expect(mapper.message.parts[1]).to.deep.include({ state: 'output-available', output: { deleted: ['a'] }, approval: { id: 'ap', approved: true } });
    expect(mapper.message.parts.length).to.equal(4);
  });

  it('ends stopped on abort, failed on error, and ignores what follows the end', () => {
    const aborted = run([{ type: 'start' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'x' }, { type: 'abort', reason: 'server' }]);
    expect(aborted.events[aborted.events.length - 1]).to.deep.equal({ type: 'run-stopped', reason: 'server' });
    const failed = run([{ type: 'start' }, { type: 'error', errorText: 'The model is overloaded' }, { type: 'finish-step' }, { type: 'finish' }]);
    expect(shape(failed.events)).to.deep.equal(['run-started', 'run-error']);
    expect((failed.events.find((event) => event.type === 'run-error') as Extract<ChatEvent, { type: 'run-error' }>).error).to.deep.equal({
      kind: 'backend',
      message: 'The model is overloaded',
    });
  });

  it('keeps data parts (not transient ones), merges metadata, and names the thread from its own data part', () => {
    const { events, mapper } = run([
      { type: 'start', messageMetadata: { createdAt: 1, model: { name: 'a' } } },
      { type: 'data-agent-chat-thread-title', data: { title: 'Trip to Lisbon' } },
      { type: 'data-progress', data: { step: 1 }, transient: true },
      { type: 'data-weather', id: 'w', data: { city: 'Porto' } },
      { type: 'data-weather', id: 'w', data: { city: 'Lisbon' } },
      { type: 'message-metadata', messageMetadata: { model: { version: 2 } } },
      { type: 'finish', messageMetadata: { totalTokens: 42 } },
    ]);
    expect(events.filter((event) => event.type === 'custom')).to.deep.equal([
      { type: 'custom', name: 'agent-chat.thread-title', value: { title: 'Trip to Lisbon' } },
      { type: 'custom', name: 'data-progress', value: { step: 1 } },
      { type: 'custom', name: 'data-weather', value: { city: 'Porto' } },
      { type: 'custom', name: 'data-weather', value: { city: 'Lisbon' } },
    ]);
    expect(mapper.message.parts).to.deep.equal([
      { type: 'data-agent-chat-thread-title', data: { title: 'Trip to Lisbon' } },
      { type: 'data-weather', id: 'w', data: { city: 'Lisbon' } },
    ]);
    expect(mapper.message.metadata).to.deep.equal({ createdAt: 1, model: { name: 'a', version: 2 }, totalTokens: 42 });
  });

  it("reads the agent's shared state from its own data part, whole each time", () => {
    const { events } = run([
      { type: 'start' },
      { type: 'data-agent-chat-state', data: { cart: ['tea'] } },
      { type: 'data-agent-chat-state', data: { cart: ['tea', 'cups'] } },
      { type: 'finish' },
    ]);
    expect(events.filter((event) => event.type === 'state-snapshot' || event.type === 'custom')).to.deep.equal([
      { type: 'state-snapshot', snapshot: { cart: ['tea'] } },
      { type: 'state-snapshot', snapshot: { cart: ['tea', 'cups'] } },
    ]);
  });

  it('keeps sources on the turn and files as parts', () => {
    const { events } = run([
      { type: 'start' },
      { type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'A' },
      { type: 'source-document', sourceId: 's2', mediaType: 'application/pdf', title: 'Report', filename: 'r.pdf' },
      { type: 'file', url: 'data:image/png;base64,AAAA', mediaType: 'image/png' },
      { type: 'finish' },
    ]);
    expect(events.filter((event) => event.type === 'source').map((event) => (event as Extract<ChatEvent, { type: 'source' }>).source)).to.deep.equal([
      { id: 's1', url: 'https://example.com/a', title: 'A' },
      { id: 's2', title: 'Report', mediaType: 'application/pdf', filename: 'r.pdf' },
    ]);
    expect(events.find((event) => event.type === 'file')).to.deep.include({ url: 'data:image/png;base64,AAAA', mediaType: 'image/png' });
  });

  it('skips an unknown chunk type, and refuses a malformed known one with the field it lacks', () => {
    const skipped = run([{ type: 'start' }, { type: 'x-future-chunk', foo: 1 }, ...text('t', 'ok'), { type: 'finish' }]);
    expect(skipped.error).to.equal(undefined);
    expect(shape(skipped.events)).to.include('text-delta:p:0');
    const broken = run([{ type: 'start' }, { type: 'text-delta', id: 't' }]);
    expect(broken.error).to.deep.equal({ kind: 'protocol', message: 'The agent sent a malformed text-delta chunk (field "delta").' });
    expect(run([{ nope: true }]).error?.message).to.contain('without a "type"');
  });

  it('takes a delta whose start never came (the SDK’s client would fail on it)', () => {
    const { events, mapper } = run([{ type: 'text-delta', id: 'x', delta: 'late' }]);
    expect(shape(events)).to.deep.equal(['run-started', 'text-start:p:0', 'text-delta:p:0']);
    expect(mapper.message.parts[0]).to.deep.include({ type: 'text', text: 'late' });
    expect(mapper.close().map((event) => event.type)).to.deep.equal(['wire-snapshot', 'run-finished']);
  });

  it('removes a reset step from the UIMessage', () => {
    const builder = new UIMessageBuilder('m');
    for (const chunk of [{ type: 'start-step' }, ...text('a', 'kept'), { type: 'start-step' }, ...text('b', 'dropped'), { type: 'reset-step' }]) builder.apply(chunk);
    expect(builder.message.parts).to.deep.equal([{ type: 'step-start' }, { type: 'text', text: 'kept', state: 'done' }, { type: 'step-start' }]);
  });
});

describe('AI SDK chunk reader: what the server decides itself, and steps it takes back', () => {
  const interruptsOf = (events: ChatEvent[]) => (events.filter((event) => event.type === 'run-finished').pop() as Extract<ChatEvent, { type: 'run-finished' }>)?.outcome;

  it('asks the person nothing for an approval the server gave or refused itself', () => {
    const automatic = run([
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'c', toolName: 'x', input: {} },
      { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c', isAutomatic: true },
      { type: 'tool-approval-response', approvalId: 'a1', approved: true },
      { type: 'tool-output-available', toolCallId: 'c', output: 'ran' },
      { type: 'finish' },
    ]);
    expect(interruptsOf(automatic.events)).to.equal(undefined);
    const answeredInStream = run([
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'c', toolName: 'x', input: {} },
      { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c' },
      { type: 'tool-output-denied', toolCallId: 'c' },
      { type: 'finish' },
    ]);
    expect(interruptsOf(answeredInStream.events)).to.equal(undefined);
    expect(answeredInStream.events.find((event) => event.type === 'tool-call-denied')).to.deep.equal({ type: 'tool-call-denied', toolCallId: 'c' });
    expect(answeredInStream.mapper.message.parts[0].state).to.equal('output-denied');
  });

  it('takes back the parts of a reset step, on screen as in the UIMessage', () => {
    const { events, mapper } = run([
      { type: 'start' },
      { type: 'start-step' },
      ...text('a', 'kept'),
      { type: 'finish-step' },
      { type: 'start-step' },
      ...text('b', 'DRAFT'),
      { type: 'tool-input-available', toolCallId: 'd', toolName: 'x', input: {} },
      { type: 'reset-step' },
      { type: 'start-step' },
      ...text('c', 'final'),
      { type: 'finish' },
    ]);
    expect(events.find((event) => event.type === 'parts-discarded')).to.deep.equal({ type: 'parts-discarded', partIds: ['p:1', 'd'] });
    expect(mapper.message.parts.filter((part) => part.type === 'text').map((part) => part.text)).to.deep.equal(['kept', 'final']);
  });

  it('keeps two calls apart when a provider numbers them per step (call_0 twice)', () => {
    const { events, mapper } = run([
      { type: 'start' },
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'call_0', toolName: 'search', input: { q: 'first' } },
      { type: 'tool-output-available', toolCallId: 'call_0', output: 'ONE' },
      { type: 'finish-step' },
      { type: 'start-step' },
      { type: 'tool-input-start', toolCallId: 'call_0', toolName: 'search' },
      { type: 'tool-input-delta', toolCallId: 'call_0', inputTextDelta: '{"q":"second"}' },
      { type: 'tool-input-available', toolCallId: 'call_0', toolName: 'search', input: { q: 'second' } },
      { type: 'tool-output-available', toolCallId: 'call_0', output: 'TWO' },
      { type: 'finish' },
    ]);
    const results = events
      .filter((event) => event.type === 'tool-call-result')
      .map((event) => [(event as { toolCallId: string }).toolCallId, (event as { content: unknown }).content]);
    expect(results).to.deep.equal([
      ['call_0', 'ONE'],
      ['call_0~2', 'TWO'],
    ]);
    const tools = mapper.message.parts.filter((part) => part.type === 'tool-search');
    expect(tools.map((part) => [part.input, part.output])).to.deep.equal([
      [{ q: 'first' }, 'ONE'],
      [{ q: 'second' }, 'TWO'],
    ]);
  });

  it('refuses a known field of the wrong kind, and keeps call metadata and partial input as the SDK does', () => {
    expect(run([{ type: 'source-url', sourceId: 's', url: 'https://a.test', title: 5 }]).error?.message).to.equal('The agent sent a malformed source-url chunk (field "title").');
    expect(run([{ type: 'start', messageId: { id: 1 } }]).error?.message).to.contain('field "messageId"');
    expect(run([{ type: 'data-x', data: 1, transient: 'yes' }]).error?.message).to.contain('field "transient"');
    expect(run([{ type: 'text-delta', id: 't', delta: 5 }]).error?.message).to.equal('The agent sent a malformed text-delta chunk (field "delta").');
    expect(run([{ type: 'text-delta', delta: 'x' }]).error?.message).to.contain('field "id"');
    expect(run([{ type: 'text-delta', id: 't', delta: 'x', providerMetadata: 'p' }]).error?.message).to.contain('field "providerMetadata"');
    expect(run([{ type: 'text-delta', id: 't', delta: 'x', extra: 1 }]).error).to.equal(undefined);
    const builder = new UIMessageBuilder('m');
    builder.apply({ type: 'tool-input-start', toolCallId: 'c', toolName: 'x', providerMetadata: { p: { sig: '1' } } });
    builder.apply({ type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{"city":"Lis' });
    expect(builder.message.parts[0].input).to.deep.equal({ city: 'Lis' });
    builder.apply({ type: 'tool-input-available', toolCallId: 'c', toolName: 'x', input: { city: 'Lisbon' } });
    expect(builder.message.parts[0].callProviderMetadata).to.deep.equal({ p: { sig: '1' } });
  });
});

describe('AI SDK subagents (preliminary UIMessage outputs)', () => {
  const snapshot = (parts: UIMessage['parts']): UIMessage => ({ id: 'sub', role: 'assistant', parts });
  const nested = (parts: UIMessage['parts']): UIMessage => ({ id: 'sub2', role: 'assistant', parts });

  it('becomes a subagent under its call: started, its text and calls, nested ones, finished', () => {
    const { events } = run([
      { type: 'start' },
      { type: 'tool-input-start', toolCallId: 'r', toolName: 'research', title: 'Research agent' },
      { type: 'tool-input-available', toolCallId: 'r', toolName: 'research', input: { topic: 'tides' } },
      { type: 'tool-output-available', toolCallId: 'r', preliminary: true, output: snapshot([]) },
      { type: 'tool-output-available', toolCallId: 'r', preliminary: true, output: snapshot([{ type: 'text', text: 'Look', state: 'streaming' }]) },
      {
        type: 'tool-output-available',
        toolCallId: 'r',
        preliminary: true,
        output: snapshot([
          { type: 'text', text: 'Looking it up', state: 'done' },
          {
            type: 'tool-search',
            toolCallId: 's',
            state: 'output-available',
            input: { q: 'tides' },
            preliminary: true,
            output: nested([{ type: 'text', text: 'Found', state: 'streaming' }]),
          },
        ]),
      },
      {
        type: 'tool-output-available',
        toolCallId: 'r',
        output: snapshot([
          { type: 'text', text: 'Looking it up', state: 'done' },
          { type: 'tool-search', toolCallId: 's', state: 'output-available', input: { q: 'tides' }, output: nested([{ type: 'text', text: 'Found 3', state: 'done' }]) },
          { type: 'text', text: 'Tides follow the moon.', state: 'done' },
        ]),
      },
      { type: 'finish' },
    ]);
    const started = events.filter((event) => event.type === 'subagent-started');
    expect(started).to.deep.equal([
      { type: 'subagent-started', subagentRunId: 'r:subagent', name: 'Research agent', parentToolCallId: 'r' },
      { type: 'subagent-started', subagentRunId: 'r:subagent/s:subagent', name: 'search', parentToolCallId: 'r:subagent/s', parentSubagentRunId: 'r:subagent' },
    ]);
    const deltas = events
      .filter((event) => event.type === 'text-delta' && event.subagentRunId)
      .map((event) => [(event as { subagentRunId: string }).subagentRunId, (event as { delta: string }).delta]);
    expect(deltas).to.deep.equal([
      ['r:subagent', 'Look'],
      ['r:subagent', 'ing it up'],
      ['r:subagent/s:subagent', 'Found'],
      ['r:subagent/s:subagent', ' 3'],
      ['r:subagent', 'Tides follow the moon.'],
    ]);
    expect(events.filter((event) => event.type === 'subagent-finished').map((event) => (event as { subagentRunId: string }).subagentRunId)).to.deep.equal([
      'r:subagent/s:subagent',
      'r:subagent',
    ]);
    const results = events.filter((event) => event.type === 'tool-call-result') as Extract<ChatEvent, { type: 'tool-call-result' }>[];
    expect(results.map((event) => [event.toolCallId, event.content, event.subagentRunId])).to.deep.equal([
      ['r:subagent/s', 'Found 3', 'r:subagent'],
      ['r', 'Looking it up\n\nTides follow the moon.', undefined],
    ]);
    // The delegating call itself belongs to the lead, not to its subagent.
    const delegating = events.find((event) => event.type === 'tool-call-start' && event.toolCallId === 'r') as Extract<ChatEvent, { type: 'tool-call-start' }>;
    expect(delegating.subagentRunId).to.equal(undefined);
  });

  it('keeps a subagent’s calls apart from the lead’s, whatever ids its own model gives them', () => {
    const { events } = run([
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'call_0', toolName: 'research', input: { topic: 'tides' } },
      {
        type: 'tool-output-available',
        toolCallId: 'call_0',
        output: snapshot([
          { type: 'tool-search', toolCallId: 'call_0', state: 'output-available', input: { q: 'tides' }, output: { hits: 3 } },
          { type: 'text', text: 'Three hits.', state: 'done' },
        ]),
      },
      { type: 'finish' },
    ]);
    const results = events.filter((event) => event.type === 'tool-call-result') as Extract<ChatEvent, { type: 'tool-call-result' }>[];
    expect(results.map((event) => [event.toolCallId, event.content])).to.deep.equal([
      ['call_0:subagent/call_0', { hits: 3 }],
      ['call_0', 'Three hits.'],
    ]);
    const outerArgs = events.filter((event) => event.type === 'tool-call-args' && event.toolCallId === 'call_0').map((event) => (event as { delta: string }).delta);
    expect(outerArgs).to.deep.equal(['{"topic":"tides"}']);
  });

  it('a reset step takes back its subagents and sources; the retried call starts its subagent afresh', () => {
    const { events } = run([
      { type: 'start' },
      { type: 'start-step' },
      { type: 'source-url', sourceId: 'bad', url: 'https://a.test' },
      { type: 'tool-input-available', toolCallId: 'r', toolName: 'research', input: {} },
      { type: 'tool-output-available', toolCallId: 'r', preliminary: true, output: snapshot([{ type: 'text', text: 'Searching the web for', state: 'streaming' }]) },
      { type: 'reset-step' },
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'r', toolName: 'research', input: {} },
      { type: 'tool-output-available', toolCallId: 'r', output: snapshot([{ type: 'text', text: 'Looking at tide tables now.', state: 'done' }]) },
      { type: 'finish' },
    ]);
    const discarded = events.find((event) => event.type === 'parts-discarded') as Extract<ChatEvent, { type: 'parts-discarded' }>;
    expect(discarded.partIds).to.include.members(['bad', 'r', 'r:subagent', 'r:subagent:0']);
    const after = events.slice(events.indexOf(discarded));
    expect(after.filter((event) => event.type === 'subagent-started').length).to.equal(1);
    const deltas = after.filter((event) => event.type === 'text-delta').map((event) => (event as { delta: string }).delta);
    expect(deltas).to.deep.equal(['Looking at tide tables now.']);
  });

  it('fails with its call', () => {
    const { events } = run([
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'r', toolName: 'research', input: {} },
      { type: 'tool-output-available', toolCallId: 'r', preliminary: true, output: snapshot([{ type: 'text', text: 'Start', state: 'streaming' }]) },
      { type: 'tool-output-error', toolCallId: 'r', errorText: 'The research index is unavailable' },
      { type: 'finish' },
    ]);
    expect(events.find((event) => event.type === 'subagent-error')).to.deep.equal({
      type: 'subagent-error',
      subagentRunId: 'r:subagent',
      message: 'The research index is unavailable',
    });
  });
});
