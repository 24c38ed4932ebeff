/**
 * Backends that look at the person's files, for the attachment wire tests, on 127.0.0.1 (port 0).
 *
 * - `agUiFilesBackend`: an AG-UI agent (events encoded by `@ag-ui/encoder`, served by the e2e page
 *   server) that answers with what it found in the user message's content parts.
 * - `startAiSdkFilesServer`: a Vercel AI SDK v7 route — the received UIMessages go through the real
 *   `validateUIMessages` and `convertToModelMessages`, then `streamText` with a `MockLanguageModelV4`
 *   that records the prompt it was given (so a test sees what a model would get) and says how many
 *   files it saw. A history the SDK refuses is kept in `invalid` and answered 400.
 */
import { createServer } from 'node:http';
import { convertToModelMessages, pipeUIMessageStreamToResponse, simulateReadableStream, streamText, toUIMessageStream, validateUIMessages } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

const MEDIA = new Set(['image', 'audio', 'video', 'document']);

/** What the agent says of a user message's content: each file by name, kind and size in bytes. */
export function describeContent(content) {
  if (!Array.isArray(content)) return 'No files.';
  const files = content.filter((part) => MEDIA.has(part?.type));
  const named = files.map((part) => {
    const bytes = part.source?.type === 'data' ? Buffer.from(part.source.value, 'base64').length : 'linked';
    return `${part.metadata?.['agent-chat']?.name ?? '?'} (${part.type}, ${bytes})`;
  });
  return `Files: ${files.length}. ${named.join('; ')}`;
}

/** The e2e page server's backend (`startPageServer`): RUN_STARTED, one text message, RUN_FINISHED. */
export async function agUiFilesBackend(input, res, encoder) {
  const user = input.messages.findLast((message) => message.role === 'user');
  const messageId = `reply-${input.runId}`;
  const events = [
    { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId },
    { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId, delta: describeContent(user?.content) },
    { type: 'TEXT_MESSAGE_END', messageId },
    { type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId },
  ];
  for (const event of events) res.write(encoder.encode(event));
  res.end();
}

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };

/** Starts the AI SDK route at `/api/chat` (CORS open, as a backend on another origin would be). */
export async function startAiSdkFilesServer() {
  const requests = [];
  const prompts = [];
  const invalid = [];
  const server = createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'content-type');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (req.method !== 'POST') return res.writeHead(404).end();
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw);
    requests.push(body);
    let messages;
    try {
      messages = await convertToModelMessages(await validateUIMessages({ messages: body.messages }));
    } catch (error) {
      invalid.push({ body, error: String(error?.message ?? error) });
      return res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
    }
    const model = new MockLanguageModelV4({
      // Images by address go to the model as they are (as providers take image URLs); nothing is downloaded.
      supportedUrls: { 'image/*': [/^https:\/\//] },
      doStream: async ({ prompt }) => {
        prompts.push(prompt);
        const user = prompt.findLast((message) => message.role === 'user');
        const files = (user?.content ?? []).filter((part) => part.type === 'file');
        const text = `The model got ${files.length} file(s): ${files.map((part) => `${part.filename} ${part.mediaType}`).join(', ')}`;
        return {
          stream: simulateReadableStream({
            chunks: [
              { type: 'stream-start', warnings: [] },
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: text },
              { type: 'text-end', id: 't' },
              { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
            ],
          }),
        };
      },
    });
    const result = streamText({ model, messages });
    const stream = toUIMessageStream({ stream: result.stream, originalMessages: body.messages, onError: (error) => String(error) });
    await pipeUIMessageStreamToResponse({ response: res, stream });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${server.address().port}/api/chat`,
    requests,
    prompts,
    invalid,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
