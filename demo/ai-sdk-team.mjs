// The "research" team on the AI SDK: each subagent of the AG-UI research script is a tool of its
// own (researcher, analyst, translator; the researcher has a fact_checker). Its `execute` is an
// async generator that runs the subagent as an inner streamText with its own scripted model and
// tools, and yields the subagent's UIMessage as it grows (readUIMessageStream): each yield reaches
// the page as a preliminary tool output, the last one as the final output. A subagent with an
// error (the translator) throws after its last snapshot: the call ends with tool-output-error.

import { setTimeout as sleep } from 'node:timers/promises';
import { createIdGenerator, isStepCount, jsonSchema, readUIMessageStream, streamText, tool, toUIMessageStream } from 'ai';
import { TOOL_PAUSE_STEPS, researchScript } from './scripted-agent.mjs';
import { scriptedModel } from './ai-sdk-model.mjs';
import { subagentToolName, turnsOf } from './ai-sdk-scripts.mjs';

/** @typedef {import('./scripted-agent.mjs').Subagent} Subagent */
/** @typedef {{ delayMs: number }} TeamOptions */

const newMessageId = createIdGenerator({ prefix: 'msg', size: 16 });
/** Text growth of a subagent reaches the page at most this often (see fewer()). */
const SNAPSHOT_MS = 50;

/** Waits `ms` unless `signal` aborts; never throws. */
export async function pause(ms, signal) {
  if (!ms || signal?.aborted) return;
  await sleep(ms, undefined, { signal }).catch(() => {});
}

const TASK_SCHEMA = jsonSchema({
  type: 'object',
  properties: { task: { type: 'string', description: 'What the subagent should do, in a sentence.' } },
  required: ['task'],
});

const TOOL_DESCRIPTIONS = {
  web_search: 'Searches the web (demo results, not real).',
  check_claim: 'Checks a claim against the given sources (demo verdicts).',
  make_table: 'Makes an HTML table of the figures (demo data).',
  plot_chart: 'Plots an SVG chart of the figures (demo data).',
  translate: 'Translates a text into another language.',
};

/** Every subagent invocation in `steps`, nested ones too: `{task, agent}`. */
function invocationsIn(steps) {
  return steps.flatMap((step) => {
    if (step.kind === 'delegate') return [{ task: step.task, agent: step.agent }, ...invocationsIn(step.agent.steps)];
    if (step.kind === 'subagent') return [{ task: step.agent.description ?? step.agent.name, agent: step.agent }, ...invocationsIn(step.agent.steps)];
    return [];
  });
}

/** The team of the AG-UI research script; a name may come twice (two researchers, two tasks). */
const TEAM = invocationsIn(researchScript());

/** The subagent of that name for `task` (by its task; the first of that name otherwise). */
function memberFor(name, task) {
  const members = TEAM.filter((entry) => entry.agent.name === name);
  return (members.find((entry) => entry.task === task) ?? members[0])?.agent;
}

/** The text a subagent's UIMessage ends with: what the model that called it reads. */
export function finalText(message) {
  const texts = (message?.parts ?? []).filter((part) => part.type === 'text' && part.text.trim());
  return texts.at(-1)?.text ?? 'The subagent finished without a word.';
}

/**
 * The tools a subagent's steps call: scripted tools answering with the step's result (after a
 * pause, as if they ran), declared without `execute` when the step has none (the call stays open),
 * and a tool per nested subagent.
 */
function toolsFor(steps, options) {
  const tools = {};
  for (const step of steps) {
    if (step.kind === 'subagent' || step.kind === 'delegate') {
      tools[subagentToolName(step.agent.name)] = subagentTool(step.agent.name, options);
    }
    if (step.kind !== 'tool' || tools[step.name]) continue;
    const answers = steps.filter((other) => other.kind === 'tool' && other.name === step.name);
    const description = TOOL_DESCRIPTIONS[step.name] ?? `The ${step.name} tool (demo data).`;
    const inputSchema = jsonSchema({ type: 'object' });
    tools[step.name] = answers.some((answer) => answer.result !== undefined)
      ? tool({
          description,
          inputSchema,
          execute: async (input, { abortSignal }) => {
            await pause(options.delayMs * TOOL_PAUSE_STEPS, abortSignal);
            const answer = answers.find((entry) => JSON.stringify(entry.args) === JSON.stringify(input)) ?? answers[0];
            return answer.result ?? 'No result.';
          },
        })
      : tool({ description, inputSchema });
  }
  return tools;
}

const isMessage = (value) => Array.isArray(value?.parts) && typeof value?.role === 'string';

/** The parts' types and states, nested subagent messages included: what a snapshot must not skip. */
function shapeOf(message) {
  return message.parts.map((part) => `${part.type}/${part.state ?? ''}/${part.preliminary ? 'p' : ''}${isMessage(part.output) ? `[${shapeOf(part.output)}]` : ''}`).join(',');
}

/**
 * Snapshots to pass on: every change of shape (a new part, a new state), text growth at most every
 * SNAPSHOT_MS, and the last one. Each snapshot is a whole message, so one per text delta would
 * send the research reply's tables and charts hundreds of times.
 */
async function* fewer(snapshots) {
  let shape;
  let sentAt = 0;
  let held;
  for await (const message of snapshots) {
    const next = shapeOf(message);
    if (next !== shape || Date.now() - sentAt >= SNAPSHOT_MS) {
      yield message;
      [shape, sentAt, held] = [next, Date.now(), undefined];
    } else {
      held = message;
    }
  }
  if (held) yield held;
}

/**
 * Runs `agent` on `task` as an inner streamText and yields its UIMessage snapshots.
 * @param {Subagent} agent @param {string} task
 */
async function* runSubagent(agent, task, options, abortSignal) {
  await pause(options.delayMs * 5, abortSignal);
  const turns = turnsOf(agent.steps);
  if (agent.result !== undefined) {
    const last = turns.at(-1);
    const answer = { kind: 'text', text: agent.result };
    if (last && !last.some((output) => output.kind === 'call')) last.push(answer);
    else turns.push([answer]);
  }
  const tools = toolsFor(agent.steps, options);
  const result = streamText({
    model: scriptedModel({ decide: (view) => turns[view.calls.length] ?? [], delayMs: options.delayMs }),
    instructions: `You are the ${agent.name} of the demo's research team. ${agent.description ?? ''}`.trim(),
    messages: [{ role: 'user', content: task }],
    tools,
    stopWhen: isStepCount(20),
    abortSignal,
  });
  const chunks = toUIMessageStream({ stream: result.stream, tools, generateMessageId: newMessageId, onError: errorText });
  yield* fewer(readUIMessageStream({ stream: chunks }));
  if (agent.error) {
    await pause(options.delayMs * TOOL_PAUSE_STEPS, abortSignal);
    throw new Error(`The ${agent.name} failed: ${agent.error.message}. Nothing came back from it.`);
  }
  await pause(options.delayMs * 5, abortSignal);
}

/** A stream error or a failed tool call as the page and the model read it. */
export function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The tool that runs the subagent named `name`. `title` (deprecated in v7, still sent as the
 * tool part's `title`) carries the subagent's own name for the page to label its activity with.
 * @param {TeamOptions} options
 */
export function subagentTool(name, options) {
  const first = memberFor(name);
  return tool({
    title: name,
    description: first?.description ?? `Hands a task to the ${name}.`,
    inputSchema: TASK_SCHEMA,
    execute: async function* ({ task }, { abortSignal }) {
      const agent = memberFor(name, task);
      if (!agent) throw new Error(`No subagent is called ${name}.`);
      yield* runSubagent(agent, task, options, abortSignal);
    },
    toModelOutput: ({ output }) => ({ type: 'text', value: finalText(output) }),
  });
}

/** The subagent tools the lead agent offers: its team's top level, by tool name. */
export function teamTools(options) {
  const names = new Set(
    researchScript()
      .filter((step) => step.kind === 'delegate')
      .map((step) => step.agent.name),
  );
  return Object.fromEntries([...names].map((name) => [subagentToolName(name), subagentTool(name, options)]));
}
