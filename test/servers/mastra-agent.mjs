/**
 * A real AG-UI server built the way Mastra users build one: a `@mastra/core` Agent on a mock
 * model (`MockLanguageModelV4` from `ai/test`), wrapped by `@ag-ui/mastra`'s `MastraAgent`, its
 * `run(input)` Observable encoded with `@ag-ui/encoder` on a plain Node server. Like most real
 * servers it ends every run with a plain RUN_FINISHED (no `pendingToolCallIds`).
 *
 * The mock model answers by the person's last words: "weather" → the server tool `get_weather`
 * (a Mastra tool that runs on the server), "ask" → the widget's `ask_user` client tool, "accent"
 * → the page's own tool `set_accent` (offered in `RunAgentInput.tools` like any frontend tool); a tool
 * result → a sentence saying what it got; anything else → a short markdown reply.
 * `prompts` holds every prompt the model was given, so a test can see what reached it.
 */
import { createServer } from 'node:http';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { MastraAgent } from '@ag-ui/mastra';
import { EventEncoder } from '@ag-ui/encoder';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';

const usage = { inputTokens: { total: 5, noCache: 5, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
const finish = (reason) => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage });
const say = (id, text) => [{ type: 'text-start', id }, ...text.match(/[\s\S]{1,12}/g).map((delta) => ({ type: 'text-delta', id, delta })), { type: 'text-end', id }];
const callTool = (toolCallId, toolName, input) => [{ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }, finish('tool-calls')];

export const SIZE_QUESTION = {
  question: 'Which size do you want?',
  header: 'Size',
  multiSelect: false,
  options: [
    { label: 'Small', description: 'A 20 cm pizza' },
    { label: 'Large', description: 'A 33 cm pizza' },
  ],
};

/** The text of a prompt message (the AI SDK's LanguageModelV4 prompt format). */
export function promptText(message) {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => (part.type === 'text' ? part.text : part.type === 'tool-result' ? JSON.stringify(part.output) : '')).join('');
}

function reply(prompt) {
  const last = prompt[prompt.length - 1];
  if (last.role === 'tool') {
    const result = last.content.find((part) => part.type === 'tool-result');
    const output = result.output.type === 'json' ? JSON.stringify(result.output.value) : String(result.output.value);
    return [...say(`after-${result.toolCallId}`, `The ${result.toolName} tool said: ${output}`), finish('stop')];
  }
  const text = promptText(last).toLowerCase();
  if (text.includes('weather')) return callTool('weather-1', 'get_weather', { city: 'Paris' });
  if (text.includes('ask')) return callTool('ask-1', 'ask_user', { questions: [SIZE_QUESTION] });
  if (text.includes('accent')) return callTool('accent-1', 'set_accent', { color: '#336699' });
  return [...say('hello', `Hello from **Mastra**. You said: ${promptText(last)}`), finish('stop')];
}

/** Starts the server on 127.0.0.1 (port 0: a free one); `/agent` answers with CORS for any page. */
export async function startMastraServer({ port = 0 } = {}) {
  const prompts = [];
  const requests = [];
  const model = new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      prompts.push(prompt);
      return { stream: simulateReadableStream({ chunks: [{ type: 'stream-start', warnings: [] }, ...reply(prompt)], chunkDelayInMs: 2 }) };
    },
  });
  const getWeather = createTool({
    id: 'get_weather',
    description: 'The weather in a city.',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, temperature: 21, sky: 'sunny' }),
  });
  const agent = new Agent({ id: 'assistant', name: 'assistant', instructions: 'Help the person.', model, tools: { get_weather: getWeather } });
  const encoder = new EventEncoder();

  const server = createServer(async (req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': req.headers.origin ?? '*',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': 'content-type, accept',
      Vary: 'Origin',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    if (req.method !== 'POST' || !req.url?.startsWith('/agent')) {
      res.writeHead(404, cors).end();
      return;
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    const input = JSON.parse(body);
    requests.push(input);
    res.writeHead(200, { ...cors, 'Content-Type': encoder.getContentType(), 'Cache-Control': 'no-cache' });
    const subscription = new MastraAgent({ agent, resourceId: 'test' }).run(input).subscribe({
      next: (event) => res.write(encoder.encodeSSE(event)),
      error: (error) => {
        res.write(encoder.encodeSSE({ type: 'RUN_ERROR', message: String(error?.message ?? error) }));
        res.end();
      },
      complete: () => res.end(),
    });
    req.on('close', () => subscription.unsubscribe());
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/agent`,
    prompts,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
