// The demo's AI SDK backend (`protocol="ai-sdk"`): POST /api/ai-sdk takes what `useChat` sends
// (`{id, messages, trigger, messageId?}`, plus the widget's client tools and context under
// "agent-chat") and answers with the AI SDK UI message stream of a real `streamText` call. The
// model is a scripted MockLanguageModelV4 (ai-sdk-model.mjs) that speaks the same demo words as
// the AG-UI scripted agent. GET /api/ai-sdk/:id/stream resumes a reply that is still streaming.
//
// A real model is not wired in: it would need a provider package such as `@ai-sdk/openai`, which
// the demo does not install, so OPENAI_API_KEY only changes the AG-UI endpoint.

import {
  UI_MESSAGE_STREAM_HEADERS,
  convertToModelMessages,
  createIdGenerator,
  createUIMessageStream,
  isStepCount,
  jsonSchema,
  pipeUIMessageStreamToResponse,
  streamText,
  tool,
  toUIMessageStream,
  validateUIMessages,
} from 'ai';
import { DEFAULT_DELAY_MS, DEMO_TOOLS, TOOL_PAUSE_STEPS } from './scripted-agent.mjs';
import { DELETE_TOOL, deleted } from './scripted-hitl.mjs';
import { HttpError, readBody, sendJsonError } from './http-helpers.mjs';
import { ScriptedError, instructionsWith, scriptedModel } from './ai-sdk-model.mjs';
import { DEMO_STATES, followUpsFor, keywordOf, leadTurn } from './ai-sdk-scripts.mjs';
import { errorText, pause, teamTools } from './ai-sdk-team.mjs';

/** @typedef {import('ai').UIMessage} UIMessage */

export const AI_SDK_PATH = '/api/ai-sdk';

/** Model steps per request: a script never needs more; a loop would stop here. */
const MAX_STEPS = 20;
const TITLE_LENGTH = 60;

const newMessageId = createIdGenerator({ prefix: 'msg', size: 16 });

/** `/api/ai-sdk` → the chat endpoint; `/api/ai-sdk/<id>/stream` → resuming chat `id`. */
export function aiSdkRoute(pathname) {
  if (pathname === AI_SDK_PATH) return { kind: 'chat' };
  const match = new RegExp(`^${AI_SDK_PATH}/([^/]+)/stream$`).exec(pathname);
  if (!match) return undefined;
  try {
    return { kind: 'resume', id: decodeURIComponent(match[1]) };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Tools

/** The backend's own tools: weather (as the AG-UI agent's), delete_files, the research team. */
function serverTools(delayMs) {
  const ran =
    (run) =>
    async (input, { abortSignal }) => {
      await pause(delayMs * TOOL_PAUSE_STEPS, abortSignal);
      return run(input);
    };
  const weather = Object.fromEntries(
    Object.entries(DEMO_TOOLS).map(([name, { description, parameters, run }]) => [name, tool({ description, inputSchema: jsonSchema(parameters), execute: ran(run) })]),
  );
  return {
    ...weather,
    [DELETE_TOOL]: tool({
      description: 'Deletes files under a path (a fake tool: nothing is really deleted).',
      inputSchema: jsonSchema({
        type: 'object',
        properties: { path: { type: 'string' }, recursive: { type: 'boolean' } },
        required: ['path'],
      }),
      execute: ran(({ path, recursive = false }) => deleted({ path, recursive }).result),
    }),
    ...teamTools({ delayMs }),
  };
}

/** delete_files waits for the person; the reason is shown with the approval request. */
const TOOL_APPROVAL = {
  [DELETE_TOOL]: (input) => ({ type: 'user-approval', reason: `Delete everything under ${input?.path}?` }),
};

/**
 * The page's client tools (ask_user, MCP tools, the page's own tools), declared without `execute`:
 * a call of one ends the reply with the call waiting, and the next request carries its output. An
 * MCP result with images comes as `{type: 'content', value}` and reaches the model as it is.
 */
function clientTools(offered, taken) {
  const tools = {};
  for (const { name, description, parameters } of offered) {
    if (name in taken) continue; // the backend's own tool of that name wins
    tools[name] = tool({ description, inputSchema: jsonSchema(parameters ?? { type: 'object' }), toModelOutput: clientOutput });
  }
  return tools;
}

/** What the model gets of a client tool's output: `{type: 'content'}` as it is, anything else as the SDK's default would. */
function clientOutput({ output }) {
  if (output?.type === 'content') return output;
  return typeof output === 'string' ? { type: 'text', value: output } : { type: 'json', value: output ?? null };
}

// ---------------------------------------------------------------------------------------------
// The request

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The widget's part of the body (`"agent-chat": {tools, context, agentId?, sessionId?}`). */
function widgetPart(value) {
  if (value === undefined) return { tools: [], context: [] };
  if (!isObject(value)) throw new HttpError(400, '"agent-chat" must be an object.');
  const { tools = [], context = [] } = value;
  if (!Array.isArray(tools)) throw new HttpError(400, '"agent-chat".tools must be an array.');
  if (!Array.isArray(context)) throw new HttpError(400, '"agent-chat".context must be an array.');
  for (const entry of tools) {
    if (!isObject(entry) || typeof entry.name !== 'string' || !entry.name) {
      throw new HttpError(400, 'Every tool in "agent-chat".tools needs a "name".');
    }
    if (entry.parameters !== undefined && !isObject(entry.parameters)) {
      throw new HttpError(400, `The parameters of the tool "${entry.name}" must be a JSON Schema object.`);
    }
  }
  return { tools, context };
}

/** The parsed and validated request: UI messages, the model messages made of them, the tools. */
async function parseChatRequest(text, delayMs) {
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  if (!isObject(body) || !Array.isArray(body.messages)) {
    throw new HttpError(400, 'The request body must be {id, messages, trigger} as useChat sends it, with a "messages" array.');
  }
  const { tools: offered, context } = widgetPart(body['agent-chat']);
  const own = serverTools(delayMs);
  const tools = { ...clientTools(offered, own), ...own };
  let messages;
  let modelMessages;
  try {
    messages = await validateUIMessages({ messages: body.messages, tools });
    // A call left unanswered (the page never ran it) is dropped rather than failing every later reply.
    modelMessages = await convertToModelMessages(messages, { tools, ignoreIncompleteToolCalls: true });
  } catch (error) {
    throw new HttpError(400, `Invalid messages: ${errorText(error)}`);
  }
  const id = typeof body.id === 'string' && body.id ? body.id : undefined;
  return { id, messages, modelMessages, tools, context };
}

const textOf = (message) =>
  message.parts
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join(' ');

/** A title for a thread's first reply: the first line of the first message; none later on. */
function threadTitleFor(messages) {
  if (messages.some((message) => message.role === 'assistant')) return undefined;
  const first = messages.find((message) => message.role === 'user');
  const line = first ? textOf(first).trim().split('\n')[0].trim() : '';
  if (!line) return undefined;
  const title = line[0].toUpperCase() + line.slice(1);
  return title.length > TITLE_LENGTH ? `${title.slice(0, TITLE_LENGTH - 1)}…` : title;
}

/**
 * "state": the widget's shared-state part (`data-agent-chat-state`, the whole state each time),
 * non-transient and under one id, so the reply's message keeps the last one.
 */
async function writeDemoStates(writer, delayMs, signal) {
  for (const [index, data] of DEMO_STATES.entries()) {
    await pause(delayMs * (index === 0 ? 5 : TOOL_PAUSE_STEPS), signal);
    writer.write({ type: 'data-agent-chat-state', id: 'agent-chat-state', data });
  }
}

/**
 * The reply's chunks with its follow-up suggestions (`data-agent-chat-suggestions`, transient: for
 * the page, not the history) written just before its `finish`.
 */
function withFollowUps(stream, suggestions) {
  if (!suggestions) return stream;
  return stream.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        if (chunk.type === 'finish') controller.enqueue({ type: 'data-agent-chat-suggestions', data: { suggestions }, transient: true });
        controller.enqueue(chunk);
      },
    }),
  );
}

/** The reply as a UI message stream: start, the thread title, the shared state, then streamText's chunks. */
function replyStream({ messages, modelMessages, tools, context }, { delayMs, signal, log }) {
  return createUIMessageStream({
    originalMessages: messages,
    generateId: newMessageId,
    onError: errorText,
    execute: async ({ writer }) => {
      writer.write({ type: 'start' }); // gets the reply's messageId (the continued message's on a continuation)
      const title = threadTitleFor(messages);
      if (title) writer.write({ type: 'data-agent-chat-thread-title', data: { title }, transient: true });
      const last = messages.at(-1);
      const asked = last?.role === 'user' ? { text: textOf(last), files: last.parts.filter((part) => part.type === 'file').length } : undefined;
      if (asked && keywordOf(asked.text, asked) === 'state') await writeDemoStates(writer, delayMs, signal);
      const result = streamText({
        model: scriptedModel({ decide: leadTurn, delayMs }),
        instructions: instructionsWith(context),
        messages: modelMessages,
        tools,
        toolApproval: TOOL_APPROVAL,
        stopWhen: isStepCount(MAX_STEPS),
        abortSignal: signal,
        onError: ({ error }) => {
          if (!(error instanceof ScriptedError)) log(`agent-chat demo: an AI SDK reply failed: ${error?.stack ?? error}`);
        },
      });
      const chunks = toUIMessageStream({ stream: result.stream, tools, sendStart: false, sendReasoning: true, sendSources: true, onError: errorText });
      writer.merge(withFollowUps(chunks, asked && followUpsFor(asked.text, asked)));
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The endpoint

/**
 * The AI SDK endpoint of the demo server. A reply keeps streaming when its client leaves (so a
 * reloaded page can resume it); it stops when a new request for the same chat comes, or on close().
 * @param {{ delayMs?: number, log?: (line: string) => void }} [options]
 */
export function createAiSdkAgent({ delayMs = DEFAULT_DELAY_MS, log = console.log } = {}) {
  /** @type {Map<string, { sse: string[], listeners: Set<(piece: string | null) => void>, controller: AbortController }>} */
  const live = new Map();

  /** Keeps a copy of the reply's SSE for resuming while it streams. */
  function keep(id, controller, stream) {
    const reply = { sse: [], listeners: new Set(), controller };
    live.set(id, reply);
    const tell = (piece) => reply.listeners.forEach((listener) => listener(piece));
    (async () => {
      try {
        for await (const piece of stream) {
          reply.sse.push(piece);
          tell(piece);
        }
      } catch (error) {
        log(`agent-chat demo: an AI SDK reply failed: ${error?.stack ?? error}`);
      } finally {
        tell(null);
        if (live.get(id) === reply) live.delete(id);
      }
    })();
  }

  return {
    async chat(req, res) {
      let request;
      try {
        request = await parseChatRequest(await readBody(req), delayMs);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return sendJsonError(res, error.status, error.message, error.status === 413 ? { Connection: 'close' } : {});
      }
      const controller = new AbortController();
      if (request.id) live.get(request.id)?.controller.abort();
      await pipeUIMessageStreamToResponse({
        response: res,
        stream: replyStream(request, { delayMs, signal: controller.signal, log }),
        ...(request.id ? { consumeSseStream: ({ stream }) => keep(request.id, controller, stream) } : {}),
      });
    },

    /** The SSE of chat `id`'s reply from its start, then the rest as it comes; 204 when none streams. */
    resume(res, id) {
      const reply = live.get(id);
      if (!reply) {
        res.writeHead(204);
        return res.end();
      }
      res.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
      for (const piece of reply.sse) res.write(piece);
      const listener = (piece) => (piece === null ? res.end() : res.write(piece));
      reply.listeners.add(listener);
      res.on('close', () => reply.listeners.delete(listener));
    },

    close() {
      for (const reply of live.values()) reply.controller.abort();
      live.clear();
    },
  };
}
