/**
 * A tool call's card and an MCP tool's result in it: the texts in the chat's language, else this
 * English, which comes with the tool views chunk.
 */
import type { ChatStrings, ToolCardStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishToolCardTexts: EnglishTexts<ToolCardStrings> = (plural) => ({
  toolRunning: 'Running',
  toolDone: 'Done',
  toolError: 'Failed',
  toolCancelled: 'Cancelled',
  toolNotCompleted: 'Not completed',
  toolWaiting: 'Waiting for you',
  toolResult: 'Result',
  toolNoResult: 'No result.',
  toolCancel: 'Cancel',
  toolProgress: 'Progress of {name}',
  toolInvalidArguments: 'The arguments are not valid JSON.',
  toolArgumentsTooDeep: 'The arguments nest more than {limit} levels deep, so they are not shown or used.',
  toolResultTooDeep: 'The result nests more than {limit} levels deep, so it was not kept.',
  mcpImage: 'Image ({type}, {size})',
  mcpAudio: 'Audio ({type}, {size})',
  mcpUnreadable: '{what} is not shown: its data is not valid base64.',
  mcpTooLarge: '{what} is too large to show here.',
  mcpTextCut: 'Only the first {shown} of {total} characters are shown.',
  mcpUnknownContent: 'Content of type “{type}” is not shown.',
  mcpMoreItems: (count) => plural(count, { one: '{count} more item not shown', other: '{count} more items not shown' }),
  agentState: 'The agent’s state',
});

/** The texts for the chat's `strings`: their own, else English. */
export const toolCardTexts = (strings: ChatStrings): ToolCardStrings => lateTexts(strings, englishToolCardTexts);

/** The words for a tool call's (or a subagent's) status. */
export function statusText(texts: ToolCardStrings, status: 'running' | 'done' | 'error' | 'cancelled' | 'not-completed' | 'waiting'): string {
  const labels = {
    waiting: texts.toolWaiting,
    running: texts.toolRunning,
    done: texts.toolDone,
    error: texts.toolError,
    cancelled: texts.toolCancelled,
    'not-completed': texts.toolNotCompleted,
  };
  return labels[status];
}
