import { expect } from '@open-wc/testing';
import { placeBackendApp, updateApp } from '../../../src/conversation/app-placement.js';
import type { ActivityPart, AssistantTurn, ConversationState, ToolCallPart } from '../../../src/conversation/types.js';

const call = (id: string, args: unknown, extra: Partial<ToolCallPart> = {}): ToolCallPart => ({
  kind: 'tool-call',
  id,
  name: 'get_weather',
  argsText: JSON.stringify(args),
  args,
  argsComplete: true,
  status: 'done',
  ...extra,
});
const activity = (id: string, content: Record<string, unknown>): ActivityPart => ({ kind: 'activity', id, activityType: 'mcp-apps', content });
const appContent = { resourceUri: 'ui://weather/card', serverHash: 'h1', serverId: 'weather', toolInput: { b: 2, a: 1 } };
const replyOf = (...parts: AssistantTurn['parts']): AssistantTurn => ({ role: 'assistant', id: 'r1', status: 'streaming', parts });

describe('mcp app placement', () => {
  it('places a backend app in the call with the same input, whatever the key order', () => {
    const reply = placeBackendApp(replyOf(call('c1', { a: 1, b: 2 }), activity('a1', appContent)), 'a1');
    const [placed, marked] = reply.parts as [ToolCallPart, ActivityPart];
    expect(placed.app).to.deep.equal({ source: 'weather', via: 'backend', resourceUri: 'ui://weather/card', serverHash: 'h1' });
    expect(marked.attachedTo).to.equal('c1');
    expect(marked.app).to.equal(undefined);
  });

  it('gives the activity its own app when no call matches', () => {
    const reply = placeBackendApp(replyOf(call('c1', { a: 9 }), activity('a1', appContent)), 'a1');
    expect((reply.parts[0] as ToolCallPart).app).to.equal(undefined);
    expect((reply.parts[1] as ActivityPart).app?.resourceUri).to.equal('ui://weather/card');
  });

  it('returns the same reply when the activity names no app', () => {
    const reply = replyOf(call('c1', {}), activity('a1', { resourceUri: 'https://not-ui', serverHash: 'h1' }));
    expect(placeBackendApp(reply, 'a1')).to.equal(reply);
  });

  it('updateApp merges into an app already there and leaves a part without one alone', () => {
    const app = { source: 'weather', via: 'page' as const, resourceUri: 'ui://weather/card' };
    const state: ConversationState = { turns: [replyOf(call('c1', {}, { app }), call('c2', {}))], agentState: undefined };
    const merged = updateApp(state, 'c1', { failure: 'gone' });
    expect((merged.turns[0] as AssistantTurn).parts[0]).to.deep.include({ app: { ...app, failure: 'gone' } });
    expect(updateApp(state, 'c2', { failure: 'gone' })).to.equal(state);
    expect(updateApp(state, 'nope', app)).to.equal(state);
  });
});
