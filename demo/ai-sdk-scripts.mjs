// What the AI SDK backend's scripted model says: the AG-UI scripted agent's scripts (same words,
// texts and data), cut into model turns, plus the two replies that differ on the AI SDK (the intro
// and "state"). A reply that waits for the page (dice, plan, accent, form) or for the person
// (delete) goes on in the next request, whose prompt carries the tool result: the follow-up is
// appended to the script.

import { cityFrom, diceResultScript, diceScript, errorScript, longScript, researchScript, rolledScript, weatherScript } from './scripted-agent.mjs';
import { ASK_USER_TOOL, DELETE_ARGS, DELETE_TOOL, askAnsweredScript, deleteScript, planScript, resumeSteps } from './scripted-hitl.mjs';
import { DICE_TOOL } from './mcp-app-server.mjs';
import { asToolMessage } from './ai-sdk-model.mjs';
import { EXTRA_SCRIPTS, FOLLOW_UPS, attachmentsReply } from './scripted-extras.mjs';
import { PAGE_SCRIPTS } from './scripted-page.mjs';
import { EXAMPLE_SCRIPTS } from './example-apps.mjs';

/** @typedef {import('./scripted-agent.mjs').Step} Step */
/** @typedef {import('./ai-sdk-model.mjs').Turn} Turn */
/** @typedef {import('./ai-sdk-model.mjs').PromptView} PromptView */

/** A subagent's name as the name of the tool that runs it ("fact-checker" → "fact_checker"). */
export function subagentToolName(agentName) {
  return agentName.replace(/[^A-Za-z0-9_]/g, '_');
}

/**
 * AG-UI steps as model turns: text and reasoning go into the current turn, a tool call ends it.
 * A subagent (delegated or started directly) is a call of its own tool. State steps and results
 * of earlier calls have no model counterpart and are left out.
 * @param {Step[]} steps @returns {Turn[]}
 */
export function turnsOf(steps) {
  const turns = [[]];
  const call = (name, input) => {
    turns.at(-1).push({ kind: 'call', name, input });
    turns.push([]);
  };
  for (const step of steps) {
    if (step.kind === 'reasoning' || step.kind === 'text') turns.at(-1).push({ kind: step.kind, text: step.text });
    else if (step.kind === 'tool' || step.kind === 'client-tool' || step.kind === 'interrupt') call(step.name, step.args);
    else if (step.kind === 'delegate') call(subagentToolName(step.agent.name), { task: step.task });
    else if (step.kind === 'subagent') call(subagentToolName(step.agent.name), { task: step.agent.description ?? step.agent.name });
    else if (step.kind === 'error') turns.at(-1).push({ kind: 'error', message: step.message });
    else if (step.kind === 'sources') turns.at(-1).push(...step.sources.map(({ url, title }) => ({ kind: 'source', url, title })));
  }
  if (turns.at(-1).length === 0) turns.pop();
  return turns;
}

// ---------------------------------------------------------------------------------------------
// The replies that differ from AG-UI

const KEYWORD_LIST = `- **weather** (or **tool**): two server tools with \`execute\`, then a summary
- **error**: the reply fails halfway with an \`error\` chunk
- **long**: a long reply, to try scrolling
- **state**: the shared state as the widget's own \`data-agent-chat-state\` part, the whole state each time
- **dice** (or **app**): the model calls the dice roller's MCP tool, a client tool the page runs and whose app shows in the tool card
- **heatmap** (or **chart**, **cohort**): the model calls the official cohort heat map example's MCP tool, a chart in its app
- **3d** (or **threejs**, **cube**): the model calls the official three.js example's MCP tool, a WebGL scene in its app
- **research** (or **subagents**): subagents as tools whose \`execute\` streams their messages, one nested in another and one that fails
- **plan** (or **trip**): the agent asks you a few questions in a form (the \`${ASK_USER_TOOL}\` client tool) and sums up your answers
- **delete** (or **clean up**): the agent waits for your approval before deleting files (\`toolApproval\`); nothing is really deleted
- **accent** (or **colour**, e.g. "make the accent teal"): the model calls the page's own \`set_accent\` tool, which asks you first
- **form** (e.g. "read my trip form"): the model calls the page's \`read_form\` tool and sums up the trip form under the chat`;

/** @returns {Step[]} */
function introScript(greeted) {
  return [
    {
      kind: 'reasoning',
      text:
        'The person wants to know what this demo does. I will introduce the AI SDK backend, ' +
        'list the keywords it understands and show some Markdown: a list, a table and a code block.',
    },
    {
      kind: 'text',
      text: `## ${greeted ? 'Hello! ' : ''}This is the demo agent on the AI SDK

This reply comes from the **AI SDK backend** in \`demo/ai-sdk-agent.mjs\`: a real \`streamText\` call of \
the [Vercel AI SDK](https://ai-sdk.dev/) with a scripted mock model (\`MockLanguageModelV4\`), no API key, \
sent as the AI SDK's UI message stream over Server-Sent Events.

Put one of these keywords in your next message:

${KEYWORD_LIST}

| Keyword | Chunks you will see | Reply ends with |
| --- | --- | --- |
| weather | \`tool-input-start\`, \`tool-input-delta\`, \`tool-input-available\`, \`tool-output-available\` | \`finish\` |
| error | \`text-delta\` | \`error\` |
| long | \`text-delta\` (many) | \`finish\` |
| state | \`data-agent-chat-state\` (three times, one \`id\`) | \`finish\` |
| dice, heatmap, 3d | \`tool-input-available\` (\`${DICE_TOOL}\` or an example's MCP tool) | \`finish\`, the call waiting for the page |
| research | \`tool-output-available\` with \`preliminary: true\`, then the final output | \`finish\` |
| plan | \`tool-input-available\` (\`${ASK_USER_TOOL}\`) | \`finish\`, the call waiting for your answers |
| delete | \`tool-approval-request\`, then \`tool-output-available\` or \`tool-output-denied\` once you decide | \`finish\` |
| accent, form | \`tool-input-available\` (a page tool) | \`finish\`, the call waiting for the page |

Every chunk is one SSE \`data:\` line; the backend gets them from \`streamText\` like this:

\`\`\`ts
import { convertToModelMessages, pipeUIMessageStreamToResponse, streamText, toUIMessageStream } from 'ai';

const result = streamText({ model, tools, messages: await convertToModelMessages(messages, { tools }) });
pipeUIMessageStreamToResponse({ response, stream: toUIMessageStream({ stream: result.stream, tools }) });
\`\`\`

Pick **AG-UI** as the backend at the top of the page for the same demo over AG-UI 1.0.`,
    },
  ];
}

/** The `data-agent-chat-state` values the "state" reply sends (the whole state each time), one after another under one id. */
export const DEMO_STATES = [
  { counter: 0, items: ['apples'], updatedBy: 'ai-sdk-agent' },
  { counter: 1, items: ['apples', 'pears'], updatedBy: 'ai-sdk-agent' },
  { counter: 2, items: ['apples', 'pears', 'plums'], updatedBy: 'ai-sdk-agent' },
];

/** @returns {Step[]} */
function stateScript() {
  return [
    {
      kind: 'text',
      text: `The AI SDK has no shared state of its own (nothing like AG-UI's \`STATE_SNAPSHOT\` and \
\`STATE_DELTA\`), so this reply sends \`<agent-chat>\`'s own \`data-agent-chat-state\` part: the whole \
state each time, which the widget takes as a snapshot (the page's \`stateRenderer\` draws it under this \
reply). It came three times with the same \`id\`, each replacing the one before, and it is not \
transient, so it stays in this reply's message (the model never sees data parts). The state should now be:

\`\`\`json
{ "counter": 2, "items": ["apples", "pears", "plums"], "updatedBy": "ai-sdk-agent" }
\`\`\``,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Follow-ups: the next request carries what the page or the person answered

/** The AG-UI scripts' view of a request: the offered tools by name and the page's context. */
function agUiInput(view) {
  return { tools: view.offered.map((name) => ({ name })), context: view.context, messages: [] };
}

/**
 * `steps`, and when the call the script waits for (its last call step) has a result in the
 * prompt, the follow-up for it: `followUp(output, call)`.
 * @param {Step[]} steps @param {PromptView} view
 */
function withAnswer(steps, view, followUp) {
  const waiting = steps.findLast((step) => step.kind === 'client-tool' || step.kind === 'interrupt');
  const call = waiting && view.calls.find((entry) => entry.toolName === waiting.name && view.results.has(entry.toolCallId));
  return call ? [...steps, ...followUp(view.results.get(call.toolCallId), call)] : steps;
}

/** What the agent says once delete_files ran (approved) or was denied, in the AG-UI script's words. */
function deleteOutcome(output, call) {
  if (output.type === 'error-text' || output.type === 'error-json') {
    return [{ kind: 'text', text: `The \`${DELETE_TOOL}\` call failed: ${asToolMessage(output).error}.` }];
  }
  const payload = output.type === 'execution-denied' ? { approved: false, ...(output.reason ? { reason: output.reason } : {}) } : { approved: true };
  const args = call.input && typeof call.input === 'object' ? call.input : DELETE_ARGS;
  const steps = resumeSteps({ interruptId: call.toolCallId, status: 'resolved', payload }, { toolCallId: call.toolCallId, args });
  return typeof steps === 'string' ? [{ kind: 'text', text: steps }] : steps.filter((step) => step.kind === 'text');
}

/** The person wrote a message instead of answering ask_user: the tool result comes right before it. */
function writtenInsteadOfAsk(view) {
  const previous = view.before.at(-1);
  if (previous?.role !== 'tool') return undefined;
  const result = previous.content.find((part) => part.type === 'tool-result' && part.toolName === ASK_USER_TOOL);
  if (!result) return undefined;
  const call = view.before
    .flatMap((message) => (message.role === 'assistant' ? message.content : []))
    .find((part) => part.type === 'tool-call' && part.toolCallId === result.toolCallId);
  return askAnsweredScript({ answer: asToolMessage(result.output), call: { args: call?.input }, written: view.text });
}

// ---------------------------------------------------------------------------------------------
// Picking the reply

/**
 * The words of `SCRIPTS_BY_KEYWORD` in scripted-agent.mjs, in its order (the first match wins):
 * name, pattern, script.
 * @type {Array<[string, RegExp, (view: PromptView) => Step[]]>}
 */
const KEYWORDS = [
  ['error', /\berror/i, () => errorScript()],
  ['rolled', /\bI rolled\b/i, (view) => rolledScript(view.text, agUiInput(view))],
  ...EXAMPLE_SCRIPTS.map(([name, pattern, script, answered]) => [
    name,
    pattern,
    (view) => withAnswer(script(view.text, agUiInput(view)), view, (output) => answered(asToolMessage(output))),
  ]),
  ['dice', /\b(dice|apps?)\b/i, (view) => withAnswer(diceScript(view.text, agUiInput(view)), view, (output) => diceResultScript(asToolMessage(output)))],
  ['research', /\b(research|subagents?|delegat)/i, () => researchScript()],
  ...PAGE_SCRIPTS.map(([name, pattern, script, answered]) => [
    name,
    pattern,
    (view) => withAnswer(script(view.text, agUiInput(view)), view, (output) => answered(asToolMessage(output))),
  ]),
  ['delete', /\b(delete|clean\s*-?\s*up)/i, (view) => withAnswer(deleteScript(), view, deleteOutcome)],
  [
    'plan',
    /\b(plan|trip|ask|question)/i,
    (view) => withAnswer(planScript(view.text, agUiInput(view)), view, (output, call) => askAnsweredScript({ answer: asToolMessage(output), call: { args: call.input } })),
  ],
  ['weather', /\b(weather|tool)/i, (view) => weatherScript(cityFrom(view.text))],
  ['state', /\bstate/i, () => stateScript()],
  ['long', /\blong/i, () => longScript()],
  ...EXTRA_SCRIPTS,
];

/** The name of the demo word in `text` ("intro" when there is none); "attachments" when files came with it. */
export function keywordOf(text, { files = 0 } = {}) {
  if (files > 0) return 'attachments';
  return KEYWORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'intro';
}

/** The follow-up suggestions the reply to a message sends last (see scripted-extras.mjs), if any. */
export function followUpsFor(text, { files = 0 } = {}) {
  return FOLLOW_UPS[keywordOf(text, { files })];
}

/** @param {PromptView} view @returns {Step[]} */
export function scriptFor(view) {
  const written = writtenInsteadOfAsk(view);
  if (written) return written;
  if (view.files.length) return attachmentsReply(view.files, 'AI SDK `file` parts');
  const entry = KEYWORDS.find(([, pattern]) => pattern.test(view.text));
  return entry ? entry[2](view) : introScript(/\b(hello|hi|hey)\b/i.test(view.text));
}

/** The lead agent's next turn: the script's turn after the calls it has made since the person spoke. */
export function leadTurn(view) {
  return turnsOf(scriptFor(view))[view.calls.length] ?? [{ kind: 'text', text: 'That is all I have to say about it.' }];
}
