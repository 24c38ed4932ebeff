/**
 * The scripted agent of the demo's notes page (/notes.html): it picks a tool of the notes MCP
 * server (which the page connects to after the person signs in) from words in the message, lets the
 * chat run it, then says what came back. No model, no key: an AG-UI event stream.
 */
import { randomUUID } from 'node:crypto';
import { contentText } from './message-text.mjs';

/** Words in the person's message → the notes tool the agent calls. */
export const NOTES_KEYWORDS = [
  [/\bexport/i, 'export_notes'],
  [/\b(add|new|write)\b/i, 'add_note'],
  [/\b(chart|graph|picture|image)/i, 'notes_chart'],
  [/\bnotes?\b|\blist\b/i, 'list_notes'],
];

function text(messageId, words) {
  return [
    { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId, delta: words },
    { type: 'TEXT_MESSAGE_END', messageId },
  ];
}

/** One run of the notes agent, as AG-UI events. */
export async function* notesRun(input) {
  const { threadId, runId } = input;
  yield { type: 'RUN_STARTED', threadId, runId };
  const messages = input.messages ?? [];
  const last = messages.at(-1);
  const offered = new Set((input.tools ?? []).map((tool) => tool?.name));
  const messageId = `notes-${randomUUID()}`;
  if (last?.role === 'tool') {
    const result = contentText(last.content);
    yield* text(messageId, last.error || /cancelled|timed out/i.test(result) ? `That did not finish: ${result}` : `Done. ${result}`);
    yield { type: 'RUN_FINISHED', threadId, runId };
    return;
  }
  const words = last?.role === 'user' ? contentText(last.content) : '';
  const tool = NOTES_KEYWORDS.find(([pattern]) => pattern.test(words))?.[1];
  if (!tool) {
    yield* text(messageId, 'Ask me to list your notes, export them (it takes a few seconds), add a note, or draw a chart of them.');
  } else if (!offered.has(tool)) {
    yield* text(messageId, 'I cannot reach your notes yet: press "Sign in to notes" above the message box, allow it in the window that opens, then ask again.');
  } else {
    const toolCallId = `call-${randomUUID()}`;
    yield { type: 'TOOL_CALL_START', toolCallId, toolCallName: tool, parentMessageId: messageId };
    yield { type: 'TOOL_CALL_ARGS', toolCallId, delta: '{}' };
    yield { type: 'TOOL_CALL_END', toolCallId };
    yield { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'success', pendingToolCallIds: [toolCallId] } };
    return;
  }
  yield { type: 'RUN_FINISHED', threadId, runId };
}
