import { expect } from '@open-wc/testing';
import { reduce, type Action } from '../../../src/conversation/reducer.js';
import { emptyConversation, type ActivityPart, type AssistantTurn, type ConversationState, type ToolCallPart } from '../../../src/conversation/types.js';
import type { AppInfo } from '../../../src/mcp/mcp-types.js';

const run = (actions: Action[], from: ConversationState = emptyConversation()) => actions.reduce(reduce, from);
const reply = (state: ConversationState, id?: string) => (id ? state.turns.find((t) => t.id === id) : state.turns[state.turns.length - 1]) as AssistantTurn;
const part = <P extends ToolCallPart | ActivityPart>(state: ConversationState, partId: string, replyId?: string) => reply(state, replyId).parts.find((p) => p.id === partId) as P;

const opened = (replyId = 'r1', runId = 'run-1'): Action[] => [
  { type: 'user-message', id: `u-${replyId}`, text: 'Hi' },
  { type: 'reply-start', replyId, runId },
  { type: 'run-started', runId },
];
const toolCall = (toolCallId: string, args: string, name = 'get_weather'): Action[] => [
  { type: 'tool-call-start', toolCallId, name },
  { type: 'tool-call-args', toolCallId, delta: args },
  { type: 'tool-call-end', toolCallId },
];
const result = { content: [{ type: 'text', text: 'Sunny' }], structuredContent: { temp: 21 } };
const mcpActivity = (messageId: string, content: Record<string, unknown>): Action => ({
  type: 'activity-snapshot',
  messageId,
  activityType: 'mcp-apps',
  content,
});
const appContent = (toolInput: unknown, extra: Record<string, unknown> = {}) => ({
  result,
  resourceUri: 'ui://weather/card',
  serverHash: 'hash-1',
  toolInput,
  ...extra,
});
const pageApp: Partial<AppInfo> = { source: 'weather', via: 'page', resourceUri: 'ui://weather/card' };

describe('conversation reducer: app-update', () => {
  it('attaches an app to a tool call of the active reply', () => {
    const state = run([...opened(), ...toolCall('c1', '{"city":"Paris"}'), { type: 'app-update', partId: 'c1', app: pageApp }]);
    expect(part<ToolCallPart>(state, 'c1').app).to.deep.equal(pageApp);
  });

  it('merges into a tool call of an earlier, finished turn', () => {
    const first = run([...opened('r1', 'run-1'), ...toolCall('c1', '{}'), { type: 'app-update', partId: 'c1', app: pageApp }, { type: 'run-finished', runId: 'run-1' }]);
    const later = run([...opened('r2', 'run-2'), ...toolCall('c2', '{}')], first);
    const state = run(
      [
        { type: 'app-update', partId: 'c1', app: { resource: { html: '<p>app</p>' } } },
        { type: 'app-update', partId: 'c1', app: { failure: undefined, callResult: { content: [] } } },
      ],
      later,
    );
    expect(part<ToolCallPart>(state, 'c1', 'r1').app).to.deep.include({
      ...pageApp,
      resource: { html: '<p>app</p>' },
      callResult: { content: [] },
    });
    expect(part<ToolCallPart>(state, 'c2', 'r2').app).to.equal(undefined);
    // The earlier turn was replaced, not mutated.
    expect(part<ToolCallPart>(later, 'c1', 'r1').app).to.deep.equal(pageApp);
    expect(state.activeReplyId).to.equal('r2');
  });

  it('merges into a finished reply with no reply under way', () => {
    const done = run([...opened(), ...toolCall('c1', '{}'), { type: 'run-finished', runId: 'run-1' }]);
    expect(done.activeReplyId).to.equal(undefined);
    const state = reduce(done, { type: 'app-update', partId: 'c1', app: pageApp });
    expect(part<ToolCallPart>(state, 'c1').app).to.deep.equal(pageApp);
  });

  it('ignores a patch without source, resourceUri and via when the part has no app yet', () => {
    const before = run([...opened(), ...toolCall('c1', '{}')]);
    for (const app of [
      { failure: 'unreachable' },
      { source: 'weather', resourceUri: 'ui://x' },
      { source: 'weather', via: 'page' as const },
      { resourceUri: 'ui://x', via: 'page' as const },
    ]) {
      const after = reduce(before, { type: 'app-update', partId: 'c1', app });
      expect(after, JSON.stringify(app)).to.equal(before);
      expect(part<ToolCallPart>(after, 'c1').app).to.equal(undefined);
    }
  });

  it('ignores an unknown part id', () => {
    const before = run([...opened(), ...toolCall('c1', '{}')]);
    expect(reduce(before, { type: 'app-update', partId: 'nope', app: pageApp })).to.equal(before);
  });

  it('updates the app of an mcp-apps activity card', () => {
    const before = run([...opened(), mcpActivity('a1', appContent({ city: 'Rome' }))]);
    expect(part<ActivityPart>(before, 'a1').app).to.not.equal(undefined);
    const state = reduce(before, { type: 'app-update', partId: 'a1', app: { failure: 'Server unreachable' } });
    expect(part<ActivityPart>(state, 'a1').app).to.deep.include({ failure: 'Server unreachable', via: 'backend', source: 'hash-1' });
  });
});

describe('conversation reducer: append-reply', () => {
  it('appends a finished reply, leaving the rest as it was', () => {
    const before = run([...opened(), { type: 'text-delta', messageId: 'm', delta: 'Hello' }]);
    const appended: AssistantTurn = {
      role: 'assistant',
      id: 'card-reply',
      runId: '',
      status: 'done',
      parts: [{ kind: 'tool-call', id: 'p1', name: 'show', argsText: '{}', args: {}, argsComplete: true, status: 'done', app: pageApp as AppInfo }],
    };
    const state = reduce(before, { type: 'append-reply', reply: appended });
    expect(state.turns).to.have.length(before.turns.length + 1);
    expect(state.turns[state.turns.length - 1]).to.equal(appended);
    expect(state.turns.slice(0, -1)).to.deep.equal(before.turns);
    expect(state.activeReplyId).to.equal(before.activeReplyId);
    expect(before.turns).to.have.length(2);
  });
});

describe('conversation reducer: mcp-apps activity', () => {
  it("attaches the backend's app to the matching tool call and marks the activity", () => {
    const state = run([
      ...opened(),
      ...toolCall('c1', '{"city":"Paris"}'),
      { type: 'tool-call-result', toolCallId: 'c1', content: 'Sunny' },
      mcpActivity('a1', appContent({ city: 'Paris' }, { serverId: 'weather-server' })),
    ]);
    expect(part<ToolCallPart>(state, 'c1').app).to.deep.equal({
      source: 'weather-server',
      via: 'backend',
      resourceUri: 'ui://weather/card',
      serverHash: 'hash-1',
      callResult: result,
    });
    const activity = part<ActivityPart>(state, 'a1');
    expect(activity.attachedTo).to.equal('c1');
    expect(activity.app).to.equal(undefined);
    expect(activity.activityType).to.equal('mcp-apps');
  });

  it('uses the serverHash as source when there is no serverId', () => {
    const state = run([...opened(), ...toolCall('c1', '{"city":"Paris"}'), mcpActivity('a1', appContent({ city: 'Paris' }))]);
    expect(part<ToolCallPart>(state, 'c1').app).to.deep.include({ source: 'hash-1', serverHash: 'hash-1', via: 'backend' });
  });

  it('picks the latest call with the same input that has no app yet', () => {
    const state = run([
      ...opened(),
      ...toolCall('c1', '{"city":"Paris"}'),
      ...toolCall('c2', '{"city":"Rome"}'),
      ...toolCall('c3', '{"city":"Paris"}'),
      ...toolCall('c4', '{"city":"Oslo"}'),
      mcpActivity('a1', appContent({ city: 'Paris' })),
      mcpActivity('a2', appContent({ city: 'Paris' }, { serverHash: 'hash-2' })),
    ]);
    expect(part<ToolCallPart>(state, 'c3').app?.serverHash).to.equal('hash-1');
    expect(part<ActivityPart>(state, 'a1').attachedTo).to.equal('c3');
    expect(part<ToolCallPart>(state, 'c1').app?.serverHash).to.equal('hash-2');
    expect(part<ActivityPart>(state, 'a2').attachedTo).to.equal('c1');
    expect(part<ToolCallPart>(state, 'c2').app).to.equal(undefined);
    expect(part<ToolCallPart>(state, 'c4').app).to.equal(undefined);
  });

  it('does not take a call that already shows an app from the page', () => {
    const state = run([...opened(), ...toolCall('c1', '{"city":"Paris"}'), { type: 'app-update', partId: 'c1', app: pageApp }, mcpActivity('a1', appContent({ city: 'Paris' }))]);
    expect(part<ToolCallPart>(state, 'c1').app).to.deep.equal(pageApp);
    expect(part<ActivityPart>(state, 'a1').attachedTo).to.equal(undefined);
    expect(part<ActivityPart>(state, 'a1').app).to.deep.include({ via: 'backend', resourceUri: 'ui://weather/card' });
  });

  it('gives the activity its own app when no call matches', () => {
    const state = run([...opened(), ...toolCall('c1', '{"city":"Paris"}'), mcpActivity('a1', appContent({ city: 'Berlin' }))]);
    expect(part<ToolCallPart>(state, 'c1').app).to.equal(undefined);
    const activity = part<ActivityPart>(state, 'a1');
    expect(activity.attachedTo).to.equal(undefined);
    expect(activity.app).to.deep.equal({
      source: 'hash-1',
      via: 'backend',
      resourceUri: 'ui://weather/card',
      serverHash: 'hash-1',
      callResult: result,
    });
  });

  it('matches a call without arguments to an empty tool input', () => {
    const state = run([...opened(), ...toolCall('c1', ''), mcpActivity('a1', appContent(undefined))]);
    expect(part<ToolCallPart>(state, 'c1').app?.resourceUri).to.equal('ui://weather/card');
    expect(part<ActivityPart>(state, 'a1').attachedTo).to.equal('c1');
  });

  it('only looks in the active reply', () => {
    const first = run([...opened('r1', 'run-1'), ...toolCall('c1', '{"city":"Paris"}'), { type: 'run-finished', runId: 'run-1' }]);
    const state = run([...opened('r2', 'run-2'), mcpActivity('a1', appContent({ city: 'Paris' }))], first);
    expect(part<ToolCallPart>(state, 'c1', 'r1').app).to.equal(undefined);
    expect(part<ActivityPart>(state, 'a1', 'r2').app?.resourceUri).to.equal('ui://weather/card');
  });

  it('leaves out callResult when the result is not an object', () => {
    const state = run([...opened(), mcpActivity('a1', appContent({}, { result: 'text' }))]);
    const app = part<ActivityPart>(state, 'a1').app;
    expect(app).to.not.equal(undefined);
    expect(app).to.not.have.property('callResult');
  });

  it('attaches nothing for bad content', () => {
    for (const content of [
      appContent({ city: 'Paris' }, { resourceUri: 'https://evil.example/app.html' }),
      appContent({ city: 'Paris' }, { resourceUri: undefined }),
      appContent({ city: 'Paris' }, { serverHash: undefined }),
      appContent({ city: 'Paris' }, { serverHash: 7 }),
    ]) {
      const state = run([...opened(), ...toolCall('c1', '{"city":"Paris"}'), mcpActivity('a1', content)]);
      const label = JSON.stringify(content);
      expect(part<ToolCallPart>(state, 'c1').app, label).to.equal(undefined);
      const activity = part<ActivityPart>(state, 'a1');
      expect(activity, label).to.not.equal(undefined);
      expect(activity.app, label).to.equal(undefined);
      expect(activity.attachedTo, label).to.equal(undefined);
    }
  });

  it('does not place apps for other activity types', () => {
    const state = run([
      ...opened(),
      ...toolCall('c1', '{"city":"Paris"}'),
      { type: 'activity-snapshot', messageId: 'a1', activityType: 'plan', content: appContent({ city: 'Paris' }) },
    ]);
    expect(part<ToolCallPart>(state, 'c1').app).to.equal(undefined);
    expect(part<ActivityPart>(state, 'a1').app).to.equal(undefined);
    expect(part<ActivityPart>(state, 'a1').attachedTo).to.equal(undefined);
  });

  it('does not mutate the previous state', () => {
    const before = run([...opened(), ...toolCall('c1', '{"city":"Paris"}')]);
    const snapshot = JSON.stringify(before);
    reduce(before, mcpActivity('a1', appContent({ city: 'Paris' })));
    reduce(before, { type: 'app-update', partId: 'c1', app: pageApp });
    expect(JSON.stringify(before)).to.equal(snapshot);
  });
});

describe('conversation reducer: mcp-apps activity, repeated and reordered', () => {
  it('a repeated snapshot keeps the app in the call it was placed in, once', () => {
    const content = appContent({ a: 1, b: 2 });
    const state = run([
      ...opened(),
      ...toolCall('c', '{"a":1,"b":2}'),
      mcpActivity('a', content),
      { type: 'app-update', partId: 'c', app: { resource: { html: '<p>x</p>' } } },
      mcpActivity('a', content),
    ]);
    const call = part<ToolCallPart>(state, 'c');
    const activity = part<ActivityPart>(state, 'a');
    expect(call.app?.resourceUri).to.equal('ui://weather/card');
    expect(call.app?.resource?.html).to.equal('<p>x</p>');
    expect(activity.attachedTo).to.equal('c');
    expect(activity.app).to.equal(undefined);
  });

  it('matches the call whatever the key order of the input', () => {
    const state = run([...opened(), ...toolCall('c', '{"a":1,"b":{"y":2,"x":1}}'), mcpActivity('a', appContent({ b: { x: 1, y: 2 }, a: 1 }))]);
    expect(part<ActivityPart>(state, 'a').attachedTo).to.equal('c');
  });

  it('does not take a call whose arguments are still streaming', () => {
    const state = run([
      ...opened(),
      { type: 'tool-call-start', toolCallId: 'c', name: 'x' },
      { type: 'tool-call-args', toolCallId: 'c', delta: '{"a":' },
      mcpActivity('a', appContent({})),
    ]);
    expect(part<ToolCallPart>(state, 'c').app).to.equal(undefined);
    expect(part<ActivityPart>(state, 'a').app?.resourceUri).to.equal('ui://weather/card');
  });
});

describe('conversation reducer: a call the person cancelled', () => {
  it('is cancelled, not failed, and keeps what the model was told', () => {
    const said = 'The person cancelled the call of get_weather before it finished.';
    const state = run([...opened(), ...toolCall('c1', '{}'), { type: 'tool-call-result', toolCallId: 'c1', content: said, isError: true, cancelled: true }]);
    const call = part<ToolCallPart>(state, 'c1');
    expect(call.status).to.equal('cancelled');
    expect(call.result).to.equal(said);
    expect(call.error).to.equal(said);
    // The reply's end leaves it as it is.
    expect(part<ToolCallPart>(run([{ type: 'run-finished', runId: 'run-1' }], state), 'c1').status).to.equal('cancelled');
  });
});
