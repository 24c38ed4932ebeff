import { expect } from '@open-wc/testing';
import { historyFromTurns, turnsFromHistory } from '../../../src/conversation/history.js';
import { reduce, type Action } from '../../../src/conversation/reducer.js';
import { emptyConversation } from '../../../src/conversation/types.js';

describe('history sent to the backend', () => {
  it('places each tool message right after the assistant message that called it', () => {
    const actions: Action[] = [
      { type: 'user-message', id: 'u1', text: 'Weather?' },
      { type: 'reply-start', replyId: 'r1', runId: 'run' },
      { type: 'text-delta', messageId: 'm1', delta: 'Checking.' },
      { type: 'tool-call-start', toolCallId: 'c1', name: 'get_weather', parentMessageId: 'm1' },
      { type: 'tool-call-args', toolCallId: 'c1', delta: '{"city":"Paris"}' },
      { type: 'tool-call-end', toolCallId: 'c1' },
      { type: 'tool-call-result', toolCallId: 'c1', messageId: 'res1', content: '{"t":21}' },
      { type: 'text-delta', messageId: 'm2', delta: 'It is 21.' },
      { type: 'reasoning-delta', messageId: 'think', delta: 'plain reasoning is not sent' },
      { type: 'run-finished' },
    ];
    const history = historyFromTurns(actions.reduce(reduce, emptyConversation()).turns);
    expect(history).to.deep.equal([
      { id: 'u1', role: 'user', content: 'Weather?' },
      {
        id: 'm1',
        role: 'assistant',
        content: 'Checking.',
        toolCalls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      },
      { id: 'res1', role: 'tool', toolCallId: 'c1', content: '{"t":21}' },
      { id: 'm2', role: 'assistant', content: 'It is 21.' },
    ]);
  });

  it('answers calls that never finished so the model sees no dangling call', () => {
    const actions: Action[] = [
      { type: 'user-message', id: 'u1', text: 'Go' },
      { type: 'reply-start', replyId: 'r1', runId: 'run' },
      { type: 'tool-call-start', toolCallId: 'c1', name: 'slow' },
      { type: 'reply-stop' },
    ];
    const history = historyFromTurns(actions.reduce(reduce, emptyConversation()).turns);
    expect(history[1]).to.deep.include({ id: 'c1:call', role: 'assistant' });
    expect(history[2]).to.deep.include({ role: 'tool', toolCallId: 'c1' });
    expect(history[2].error).to.match(/cancelled/);
  });

  it('leaves activity out and keeps encrypted reasoning', () => {
    const actions: Action[] = [
      { type: 'user-message', id: 'u1', text: 'Go' },
      { type: 'reply-start', replyId: 'r1', runId: 'run' },
      { type: 'activity-snapshot', messageId: 'act', activityType: 'progress', content: { a: 1 } },
      { type: 'reasoning-delta', messageId: 'th', delta: 'x' },
      { type: 'reasoning-encrypted', subtype: 'message', entityId: 'th', encryptedValue: 'ENC' },
      { type: 'text-delta', messageId: 'm', delta: 'Done' },
      { type: 'run-finished' },
    ];
    const history = historyFromTurns(actions.reduce(reduce, emptyConversation()).turns);
    expect(history.map((m) => m.role)).to.deep.equal(['user', 'reasoning', 'assistant']);
    expect(history[1]).to.deep.include({ encryptedValue: 'ENC' });
  });

  it('round-trips a history through turns', () => {
    const messages = [
      { id: 's', role: 'system' as const, content: 'Be brief.' },
      { id: 'u', role: 'user' as const, content: 'Hi' },
      { id: 'a', role: 'assistant' as const, content: 'Calling', toolCalls: [{ id: 'c', type: 'function' as const, function: { name: 'f', arguments: '{"x":1}' } }] },
      { id: 't', role: 'tool' as const, toolCallId: 'c', content: 'ok' },
      { id: 'a2', role: 'assistant' as const, content: 'Done' },
    ];
    expect(historyFromTurns(turnsFromHistory(messages))).to.deep.equal(messages);
  });

  it('keeps multimodal user content as it came', () => {
    const content = [
      { type: 'text', text: 'Look' },
      { type: 'image', source: { type: 'url', value: 'https://x/y.png' } },
    ];
    const turns = turnsFromHistory([{ id: 'u', role: 'user', content }]);
    expect(turns[0]).to.deep.include({ text: 'Look' });
    expect(historyFromTurns(turns)[0].content).to.deep.equal(content);
  });

  it('keeps parallel calls on one assistant message, their results after it', () => {
    const actions: Action[] = [
      { type: 'user-message', id: 'u1', text: 'Both' },
      { type: 'reply-start', replyId: 'r1', runId: 'run' },
      { type: 'tool-call-start', toolCallId: 'a', name: 'f', parentMessageId: 'm1' },
      { type: 'tool-call-start', toolCallId: 'b', name: 'g', parentMessageId: 'm1' },
      { type: 'tool-call-result', toolCallId: 'a', messageId: 'ra', content: '1' },
      { type: 'tool-call-result', toolCallId: 'b', messageId: 'rb', content: '2' },
      { type: 'text-delta', messageId: 'm2', delta: 'Done.' },
      { type: 'run-finished' },
    ];
    const history = historyFromTurns(actions.reduce(reduce, emptyConversation()).turns);
    expect(history.map((m) => `${m.role}:${m.id}`)).to.deep.equal(['user:u1', 'assistant:m1', 'tool:ra', 'tool:rb', 'assistant:m2']);
    expect(history[1].toolCalls!.map((call) => call.id)).to.deep.equal(['a', 'b']);
  });
});
