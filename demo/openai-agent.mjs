// The demo's real-model agent: an OpenAI-compatible chat-completions stream turned into AG-UI 1.0
// events. Used when OPENAI_API_KEY or OPENAI_BASE_URL is set. Plain fetch, no SDK.

import { randomUUID } from 'node:crypto';
import { DEMO_TOOLS } from './scripted-agent.mjs';

/** @typedef {import('@ag-ui/core').RunAgentInput} RunAgentInput */
/** @typedef {import('@ag-ui/core').Message} AgUiMessage */
/** @typedef {import('./scripted-agent.mjs').AgUiEvent} AgUiEvent */
/** @typedef {{ role: string, content?: any, tool_calls?: object[], tool_call_id?: string }} ChatMessage */
/** @typedef {{ id: string, name: string, args: string, started: boolean }} StreamedToolCall */

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_MODEL = 'gpt-4o-mini';
/** Model calls per run: a model that keeps calling tools is stopped after this many. */
const MAX_ROUNDS = 5;

const SYSTEM_PROMPT = `You are the demo agent behind <agent-chat>, a web component for chatting with \
AI agents. Answer in concise Markdown. For weather questions use the get_weather and get_forecast \
tools; their data is made up for the demo, so say so.`;

/** A failure the model provider reported; its message is shown to the person. */
class ProviderError extends Error {
  /** @param {string} message @param {string} code */
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/** True when the environment asks for a real model instead of the scripted agent. */
export function isOpenaiConfigured(env = process.env) {
  return Boolean(env.OPENAI_API_KEY || env.OPENAI_BASE_URL);
}

/** Endpoint, model and key from the environment. */
export function openaiConfig(env = process.env) {
  return {
    baseUrl: (env.OPENAI_BASE_URL || DEFAULT_BASE_URL).replace(/\/+$/, ''),
    model: env.OPENAI_MODEL || DEFAULT_MODEL,
    apiKey: env.OPENAI_API_KEY || undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// AG-UI history → chat-completions messages

function partsToText(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part) => part?.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

/** A media part's source as a URL the API accepts (plain URL or data: URL). */
function sourceUrl(source) {
  if (source?.type === 'url') return source.value;
  if (source?.type === 'data') return `data:${source.mimeType};base64,${source.value}`;
  return undefined;
}

function toChatPart(part) {
  if (part?.type === 'text') return { type: 'text', text: part.text };
  const url = part?.type === 'image' ? sourceUrl(part.source) : undefined;
  if (url) return { type: 'image_url', image_url: { url } };
  return { type: 'text', text: `[${part?.type ?? 'unknown'} attachment omitted]` };
}

function toChatContent(content) {
  return Array.isArray(content) ? content.map(toChatPart) : String(content ?? '');
}

/** @param {AgUiMessage} message @returns {ChatMessage | undefined} */
function toChatMessage(message) {
  switch (message?.role) {
    case 'system':
    case 'developer': // many OpenAI-compatible servers only know "system"
      return { role: 'system', content: partsToText(message.content) };
    case 'user':
      return { role: 'user', content: toChatContent(message.content) };
    case 'assistant': {
      const toolCalls = (message.toolCalls ?? [])
        .filter((call) => call?.id && call.function?.name)
        .map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.function.name, arguments: call.function.arguments ?? '' },
        }));
      const chat = { role: 'assistant', content: message.content ?? null };
      return toolCalls.length ? { ...chat, tool_calls: toolCalls } : chat;
    }
    case 'tool':
      return {
        role: 'tool',
        tool_call_id: message.toolCallId,
        content: message.error ? `Error: ${message.error}` : partsToText(message.content),
      };
    default: // activity and reasoning messages are not for the model
      return undefined;
  }
}

/**
 * Chat completions rejects a tool call without a result right after it, and a result without
 * its call: give unanswered calls a placeholder result and drop orphaned results.
 * @param {ChatMessage[]} messages
 */
function pairToolResults(messages) {
  const paired = [];
  let awaiting = new Set();
  const answerAwaiting = () => {
    for (const id of awaiting) {
      paired.push({ role: 'tool', tool_call_id: id, content: 'No result: the call was not completed.' });
    }
    awaiting = new Set();
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      if (awaiting.delete(message.tool_call_id)) paired.push(message);
      continue;
    }
    answerAwaiting();
    paired.push(message);
    awaiting = new Set((message.tool_calls ?? []).map((call) => call.id));
  }
  answerAwaiting();
  return paired;
}

/** @param {AgUiMessage[]} messages @returns {ChatMessage[]} */
export function toChatMessages(messages) {
  return pairToolResults(messages.map(toChatMessage).filter(Boolean));
}

function systemPrompt(context) {
  const lines = (context ?? []).filter((item) => item?.value).map((item) => `- ${item.description}: ${item.value}`);
  return lines.length ? `${SYSTEM_PROMPT}\n\nContext from the application:\n${lines.join('\n')}` : SYSTEM_PROMPT;
}

function toChatTool({ name, description, parameters }) {
  return {
    type: 'function',
    function: { name, description: description ?? '', parameters: parameters ?? { type: 'object', properties: {} } },
  };
}

/** Server tools plus the client's tools (a client tool never shadows a server tool). */
function chatTools(clientTools) {
  const server = Object.entries(DEMO_TOOLS).map(([name, { description, parameters }]) => toChatTool({ name, description, parameters }));
  const client = clientTools.filter((tool) => !(tool.name in DEMO_TOOLS)).map(toChatTool);
  return [...server, ...client];
}

// ---------------------------------------------------------------------------------------------
// The completion stream

/** Yields the `data:` payload of each SSE event; tolerates chunks split anywhere. */
async function* readSseData(body) {
  const decoder = new TextDecoder();
  let buffer = '';
  let data = [];
  const takeLine = (line) => {
    if (line === '') {
      const payload = data.join('\n');
      data = [];
      return payload || undefined;
    }
    if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    return undefined;
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const payload = takeLine(buffer.slice(0, newline).replace(/\r$/, ''));
      buffer = buffer.slice(newline + 1);
      if (payload !== undefined) yield payload;
    }
  }
  const rest = (buffer + decoder.decode()).replace(/\r$/, '');
  if (rest) takeLine(rest);
  const last = takeLine('');
  if (last !== undefined) yield last;
}

/** Parsed chat-completion chunks until `[DONE]`. */
async function* readCompletionChunks(body) {
  for await (const payload of readSseData(body)) {
    if (payload.trim() === '[DONE]') return;
    let chunk;
    try {
      chunk = JSON.parse(payload);
    } catch {
      throw new ProviderError('The model sent a chunk that is not JSON.', 'BAD_MODEL_STREAM');
    }
    if (chunk?.error) throw new ProviderError(providerMessage(chunk) ?? 'The model reported an error.', 'MODEL_ERROR');
    yield chunk;
  }
}

/**
 * Events for one `delta.tool_calls` entry. A call starts once its name is known; arguments that
 * arrived before that are sent right after the start.
 * @param {Map<number, StreamedToolCall>} calls
 */
function* toolCallDeltaEvents(calls, part, parentMessageId) {
  const index = part.index ?? 0;
  const call = calls.get(index) ?? { id: '', name: '', args: '', started: false };
  calls.set(index, call);
  call.id ||= part.id ?? '';
  call.name ||= part.function?.name ?? '';
  const argsDelta = part.function?.arguments ?? '';
  call.args += argsDelta;
  if (call.started) {
    if (argsDelta) yield { type: 'TOOL_CALL_ARGS', toolCallId: call.id, delta: argsDelta };
    return;
  }
  if (!call.name) return;
  call.id ||= `call_${randomUUID()}`;
  call.started = true;
  yield { type: 'TOOL_CALL_START', toolCallId: call.id, toolCallName: call.name, parentMessageId };
  if (call.args) yield { type: 'TOOL_CALL_ARGS', toolCallId: call.id, delta: call.args };
}

/**
 * Streams one model response as AG-UI events; returns its text and tool calls.
 * Text that resumes after a tool call becomes a new message (a message never restarts).
 * @returns {AsyncGenerator<AgUiEvent, { text: string, toolCalls: StreamedToolCall[] }>}
 */
async function* streamCompletion(body) {
  const assistantMessageId = randomUUID();
  let openTextId = null;
  let usedFirstId = false;
  let text = '';
  /** @type {Map<number, StreamedToolCall>} */
  const calls = new Map();
  const closeText = function* () {
    if (openTextId) yield { type: 'TEXT_MESSAGE_END', messageId: openTextId };
    openTextId = null;
  };
  for await (const chunk of readCompletionChunks(body)) {
    const delta = chunk.choices?.[0]?.delta;
    if (typeof delta?.content === 'string' && delta.content) {
      if (!openTextId) {
        openTextId = usedFirstId ? randomUUID() : assistantMessageId;
        usedFirstId = true;
        yield { type: 'TEXT_MESSAGE_START', messageId: openTextId, role: 'assistant' };
      }
      text += delta.content;
      yield { type: 'TEXT_MESSAGE_CONTENT', messageId: openTextId, delta: delta.content };
    }
    for (const part of delta?.tool_calls ?? []) {
      yield* closeText();
      yield* toolCallDeltaEvents(calls, part, assistantMessageId);
    }
  }
  yield* closeText();
  const toolCalls = [...calls.values()].filter((call) => call.started);
  for (const call of toolCalls) yield { type: 'TOOL_CALL_END', toolCallId: call.id };
  return { text, toolCalls };
}

// ---------------------------------------------------------------------------------------------
// Model requests and tools

function requestCompletion(config, messages, tools, signal) {
  const headers = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
  if (config.apiKey) headers.Authorization = `Bearer ${config.apiKey}`;
  return fetch(`${config.baseUrl}/chat/completions`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ model: config.model, messages, tools, stream: true }),
    signal,
  });
}

/** The message out of `{ error: { message } }` (or `{ error: '…' }`, `{ message }`). */
function providerMessage(json) {
  const error = json?.error;
  if (typeof error === 'string') return error;
  return error?.message ?? json?.message;
}

/** @param {Response} response */
async function httpErrorMessage(response) {
  const body = await response.text().catch(() => '');
  let message;
  try {
    message = providerMessage(JSON.parse(body));
  } catch {
    message = body.trim().slice(0, 300);
  }
  return `The model request failed (HTTP ${response.status}): ${message || response.statusText || 'no details'}`;
}

/** Runs a server tool; the result is a JSON string (errors included, so the model can react). */
function runServerTool(call) {
  const tool = DEMO_TOOLS[call.name];
  if (!tool) return JSON.stringify({ error: `Unknown tool: ${call.name}` });
  let args;
  try {
    args = call.args.trim() ? JSON.parse(call.args) : {};
  } catch {
    return JSON.stringify({ error: 'The arguments were not valid JSON.' });
  }
  return JSON.stringify(tool.run(args));
}

function assistantTurn(text, toolCalls) {
  return {
    role: 'assistant',
    content: text || null,
    tool_calls: toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.args },
    })),
  };
}

// ---------------------------------------------------------------------------------------------

/**
 * Runs one AG-UI run against an OpenAI-compatible model. Server tools run here and the model is
 * called again with their results; a call to one of the client's tools ends the run with that
 * call pending. Failures become RUN_ERROR events; after `signal` aborts, nothing more is yielded.
 *
 * @param {RunAgentInput} input
 * @param {{ signal?: AbortSignal, env?: Record<string, string | undefined> }} [options]
 * @returns {AsyncGenerator<AgUiEvent>}
 */
export async function* openaiRun(input, { signal, env = process.env } = {}) {
  const { threadId, runId } = input;
  const config = openaiConfig(env);
  const clientTools = Array.isArray(input.tools) ? input.tools.filter((tool) => tool?.name) : [];
  const clientToolNames = new Set(clientTools.map((tool) => tool.name).filter((name) => !(name in DEMO_TOOLS)));
  const tools = chatTools(clientTools);
  const conversation = [{ role: 'system', content: systemPrompt(input.context) }, ...toChatMessages(input.messages ?? [])];

  yield { type: 'RUN_STARTED', threadId, runId, protocolVersion: '1.0' };
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const response = await requestCompletion(config, conversation, tools, signal);
      if (!response.ok) {
        yield { type: 'RUN_ERROR', message: await httpErrorMessage(response), code: `HTTP_${response.status}` };
        return;
      }
      const { text, toolCalls } = yield* streamCompletion(response.body);
      if (signal?.aborted) return;
      if (toolCalls.length === 0) {
        yield { type: 'RUN_FINISHED', threadId, runId };
        return;
      }
      conversation.push(assistantTurn(text, toolCalls));
      const pending = [];
      for (const call of toolCalls) {
        if (clientToolNames.has(call.name)) {
          pending.push(call.id);
          continue;
        }
        const content = runServerTool(call);
        yield { type: 'TOOL_CALL_RESULT', messageId: randomUUID(), toolCallId: call.id, content, role: 'tool' };
        conversation.push({ role: 'tool', tool_call_id: call.id, content });
      }
      if (pending.length) {
        yield { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'success', pendingToolCallIds: pending } };
        return;
      }
    }
    yield { type: 'RUN_ERROR', message: `The model kept calling tools; stopped after ${MAX_ROUNDS} rounds.`, code: 'TOO_MANY_ROUNDS' };
  } catch (error) {
    if (signal?.aborted) return;
    if (error instanceof ProviderError) {
      yield { type: 'RUN_ERROR', message: error.message, code: error.code };
      return;
    }
    const reason = error?.cause?.message ?? error?.message ?? String(error);
    yield { type: 'RUN_ERROR', message: `Could not reach the model at ${config.baseUrl}: ${reason}`, code: 'MODEL_UNREACHABLE' };
  }
}
