// The AI SDK backend's "model": a MockLanguageModelV4 that plays a script. It reads only what a real
// model gets (the prompt and the offered tools) and streams one turn per step: reasoning and text in
// word-sized deltas, then at most one tool call. What it says is decided by `decide` (see
// ai-sdk-scripts.mjs); this file turns a turn into LanguageModelV4 stream parts.

import { randomUUID } from 'node:crypto';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { toDeltas } from './scripted-agent.mjs';
import { attachmentsOfPrompt } from './attachment-reply.mjs';

/**
 * What the model says in one step. A `call` ends the step (finish reason `tool-calls`); an `error`
 * streams a stream error (the reply fails there).
 * @typedef {{ kind: 'reasoning' | 'text', text: string }
 *   | { kind: 'call', name: string, input: object }
 *   | { kind: 'source', url: string, title: string }
 *   | { kind: 'error', message: string }} Output
 * @typedef {Output[]} Turn
 */

/**
 * What the model can tell from its prompt: the last user message, what happened after it (tool
 * calls and their results, in order), the files attached to the last user message and the
 * page's context from the instructions.
 * @typedef {{ text: string, files: import('./attachment-reply.mjs').AttachedFile[], calls: Array<{ toolCallId: string, toolName: string, input: any }>,
 *   results: Map<string, any>, before: any[], context: any[], offered: string[] }} PromptView
 */

/** The failure a script asks for ("error"): expected, so not logged. */
export class ScriptedError extends Error {}

const CONTEXT_MARKER = 'Context from the page (JSON):';

/** The instructions a request's streamText gets: the page's context goes in as JSON. */
export function instructionsWith(context) {
  const base = 'You are the agent-chat demo agent. Answer in Markdown.';
  return context.length ? `${base}\n\n${CONTEXT_MARKER}\n${JSON.stringify(context)}` : base;
}

function contextIn(prompt) {
  for (const message of prompt) {
    if (message.role !== 'system') continue;
    const at = message.content.indexOf(CONTEXT_MARKER);
    if (at === -1) continue;
    try {
      const value = JSON.parse(message.content.slice(at + CONTEXT_MARKER.length));
      if (Array.isArray(value)) return value;
    } catch {
      // not ours
    }
  }
  return [];
}

const textOf = (content) =>
  Array.isArray(content)
    ? content
        .filter((part) => part.type === 'text')
        .map((part) => part.text)
        .join(' ')
    : '';

/** @param {import('@ai-sdk/provider').LanguageModelV4Prompt} prompt @returns {PromptView} */
export function readPrompt(prompt, tools = []) {
  let lastUser = -1;
  prompt.forEach((message, index) => {
    if (message.role === 'user') lastUser = index;
  });
  const after = prompt.slice(lastUser + 1);
  const calls = [];
  const results = new Map();
  for (const message of after) {
    for (const part of Array.isArray(message.content) ? message.content : []) {
      if (part.type === 'tool-call' && message.role === 'assistant') calls.push(part);
      if (part.type === 'tool-result' && message.role === 'tool') results.set(part.toolCallId, part.output);
    }
  }
  return {
    text: lastUser === -1 ? '' : textOf(prompt[lastUser].content),
    // Only a message the person just sent: a continuation (tool results after it) is about those.
    files: lastUser === -1 || lastUser !== prompt.length - 1 ? [] : attachmentsOfPrompt(prompt[lastUser].content),
    calls,
    results,
    before: prompt.slice(0, Math.max(lastUser, 0)),
    context: contextIn(prompt),
    offered: tools.map((tool) => tool.name),
  };
}

/** A tool result's output as AG-UI would carry it: `{content, error?}` (text, or JSON as text). */
export function asToolMessage(output) {
  if (!output) return { content: '', error: 'no result' };
  if (output.type === 'error-text' || output.type === 'error-json') {
    const text = typeof output.value === 'string' ? output.value : JSON.stringify(output.value);
    return { content: text, error: text || 'the tool failed' };
  }
  if (output.type === 'execution-denied') return { content: '', error: output.reason || 'denied' };
  if (output.type === 'content')
    return {
      content: output.value
        .filter((part) => part.type === 'text')
        .map((part) => part.text)
        .join('\n'),
    };
  let value = output.value;
  // An MCP tool result as the page may pass it on: the model reads its structured content.
  if (value && typeof value === 'object' && 'structuredContent' in value) value = value.structuredContent;
  return { content: typeof value === 'string' ? value : JSON.stringify(value ?? null) };
}

const NO_USAGE = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** The LanguageModelV4 stream parts of one turn. */
export function streamPartsOf(turn) {
  const parts = [{ type: 'stream-start', warnings: [] }];
  let finish = 'stop';
  for (const output of turn) {
    const id = randomUUID();
    if (output.kind === 'reasoning' || output.kind === 'text') {
      const kind = output.kind;
      parts.push({ type: `${kind}-start`, id });
      for (const delta of toDeltas(output.text)) parts.push({ type: `${kind}-delta`, id, delta });
      parts.push({ type: `${kind}-end`, id });
    } else if (output.kind === 'call') {
      const toolCallId = `call_${id.slice(0, 18)}`;
      const input = JSON.stringify(output.input);
      parts.push({ type: 'tool-input-start', id: toolCallId, toolName: output.name });
      for (const delta of input.match(/.{1,6}/gs) ?? []) parts.push({ type: 'tool-input-delta', id: toolCallId, delta });
      parts.push({ type: 'tool-input-end', id: toolCallId });
      parts.push({ type: 'tool-call', toolCallId, toolName: output.name, input });
      finish = 'tool-calls';
    } else if (output.kind === 'source') {
      parts.push({ type: 'source', sourceType: 'url', id: `src_${id.slice(0, 12)}`, url: output.url, title: output.title });
    } else if (output.kind === 'error') {
      parts.push({ type: 'error', error: new ScriptedError(output.message) });
      finish = 'error';
    }
  }
  parts.push({ type: 'finish', finishReason: { unified: finish, raw: finish }, usage: NO_USAGE });
  return parts;
}

/**
 * A mock model whose every step is `decide(view)`, streamed with `delayMs` between parts.
 * @param {{ decide: (view: PromptView) => Turn, delayMs: number }} options
 */
export function scriptedModel({ decide, delayMs }) {
  const pace = delayMs > 0 ? delayMs : null;
  return new MockLanguageModelV4({
    provider: 'agent-chat-demo',
    modelId: 'scripted',
    // The model "reads" URLs itself (it does not), so streamText never downloads an attachment's URL.
    supportedUrls: { '*/*': [/^https?:\/\//i] },
    doStream: async ({ prompt, tools }) => ({
      stream: simulateReadableStream({
        chunks: streamPartsOf(decide(readPrompt(prompt, tools))),
        initialDelayInMs: pace,
        chunkDelayInMs: pace,
      }),
    }),
  });
}
