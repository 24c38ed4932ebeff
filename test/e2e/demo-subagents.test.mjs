// Tests for the scripted agent's "research" reply: a lead agent that delegates to subagents
// (AG-UI 1.0 SUBAGENT_STARTED / SUBAGENT_FINISHED / SUBAGENT_ERROR). No browser, loopback only.
// Run: node --test test/e2e/demo-subagents.test.mjs

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EventSchema } from '@ag-ui/core/schemas';
import { scriptedRun } from '../../demo/scripted-agent.mjs';
import { startDemoServer } from '../../demo/server.mjs';
import { parseSse } from './sse.mjs';

const quiet = () => {};
let runCount = 0;

// ---------------------------------------------------------------------------------------------
// Helpers

/** A RunAgentInput with one user message. */
function runInput(text) {
  runCount += 1;
  return {
    threadId: 'thread-subagents',
    runId: `run-${runCount}`,
    messages: [{ id: `user-${runCount}`, role: 'user', content: text }],
    tools: [],
    context: [],
    state: {},
    forwardedProps: {},
  };
}

async function postRun(baseUrl, body) {
  const response = await fetch(new URL('/api/agent', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^text\/event-stream/);
  return parseSse(await response.text());
}

const types = (events) => events.map((event) => event.type);
const ofType = (events, type) => events.filter((event) => event.type === type);
const SUBAGENT_TYPES = new Set(['SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR']);

/** Tool calls in order of their start: name, args, result, the indexes of their events, attribution. */
function toolCalls(events) {
  const calls = new Map();
  events.forEach((event, index) => {
    if (!event.type.startsWith('TOOL_CALL_')) return;
    if (event.type === 'TOOL_CALL_START') {
      assert.ok(!calls.has(event.toolCallId), `tool call ${event.toolCallId} starts once`);
      calls.set(event.toolCallId, {
        id: event.toolCallId,
        name: event.toolCallName,
        parentMessageId: event.parentMessageId,
        args: '',
        start: index,
        argIndexes: [],
        attributions: [],
        results: [],
      });
    }
    const call = calls.get(event.toolCallId);
    assert.ok(call, `${event.type} of ${event.toolCallId} comes after its TOOL_CALL_START`);
    call.attributions.push(event.subagentRunId);
    if (event.type === 'TOOL_CALL_ARGS') {
      call.args += event.delta;
      call.argIndexes.push(index);
    }
    if (event.type === 'TOOL_CALL_END') {
      assert.equal(call.end, undefined, `tool call ${call.name} ends once`);
      call.end = index;
    }
    if (event.type === 'TOOL_CALL_RESULT') call.results.push({ index, event });
  });
  return [...calls.values()];
}

/** Subagent invocations in order of their start, with where they end and how. */
function subagents(events) {
  const runs = new Map();
  events.forEach((event, index) => {
    if (event.type === 'SUBAGENT_STARTED') {
      assert.ok(!runs.has(event.subagentRunId), `subagent run ${event.subagentRunId} starts once`);
      runs.set(event.subagentRunId, { ...event, start: index, endings: [] });
    } else if (event.type === 'SUBAGENT_FINISHED' || event.type === 'SUBAGENT_ERROR') {
      const run = runs.get(event.subagentRunId);
      assert.ok(run, `${event.type} of ${event.subagentRunId} comes after its SUBAGENT_STARTED`);
      run.endings.push({ index, event });
    }
  });
  return [...runs.values()].map((run) => ({ ...run, end: run.endings[0]?.index, ending: run.endings[0]?.event }));
}

/** Text messages in order of their start, with their text and the attribution of each of their events. */
function textMessages(events) {
  const messages = new Map();
  events.forEach((event, index) => {
    if (!event.type.startsWith('TEXT_MESSAGE_')) return;
    if (event.type === 'TEXT_MESSAGE_START') messages.set(event.messageId, { id: event.messageId, text: '', start: index, attributions: [] });
    const message = messages.get(event.messageId);
    assert.ok(message, `${event.type} comes after its TEXT_MESSAGE_START`);
    message.attributions.push(event.subagentRunId);
    if (event.type === 'TEXT_MESSAGE_CONTENT') message.text += event.delta;
    if (event.type === 'TEXT_MESSAGE_END') message.end = index;
  });
  return [...messages.values()];
}

const resultText = (call) => call.results[0]?.event.content;

// ---------------------------------------------------------------------------------------------

describe('demo server: the scripted agent delegates to subagents for "research"', () => {
  let server;
  let input;
  let events;
  let calls;
  let runs;
  let byId;
  before(async () => {
    server = await startDemoServer({ port: 0, delayMs: 0, log: quiet, env: {} });
    input = runInput('Can you research cycling in Amsterdam for me?');
    events = await postRun(server.url, input);
    calls = toolCalls(events);
    runs = subagents(events);
    byId = new Map(runs.map((run) => [run.subagentRunId, run]));
  });
  after(() => server?.close());

  it('is a well-formed AG-UI 1.0 run: RUN_STARTED first, RUN_FINISHED last, every event valid', () => {
    for (const event of events) {
      const result = EventSchema.safeParse(event);
      assert.ok(result.success, `${event.type} is not a valid AG-UI event: ${result.error?.message}`);
    }
    assert.deepEqual({ type: events[0].type, threadId: events[0].threadId, runId: events[0].runId }, { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
    assert.equal(events.at(-1).type, 'RUN_FINISHED');
    assert.equal(events.at(-1).runId, input.runId);
    assert.equal(events.at(-1).outcome, undefined, 'nothing left pending');
    assert.equal(ofType(events, 'RUN_STARTED').length, 1);
    assert.equal(ofType(events, 'RUN_FINISHED').length, 1);
    assert.equal(ofType(events, 'RUN_ERROR').length, 0, 'a failed subagent does not fail the run');
  });

  it('closes every tool call and text message it opens, in order', () => {
    assert.ok(calls.length >= 10);
    for (const call of calls) {
      assert.ok(call.end > call.start, `${call.name}: TOOL_CALL_END after its start`);
      assert.ok(call.argIndexes.length > 0, `${call.name}: has arguments`);
      assert.ok(
        call.argIndexes.every((index) => index > call.start && index < call.end),
        `${call.name}: args between start and end`,
      );
      assert.doesNotThrow(() => JSON.parse(call.args), `${call.name}: args are JSON`);
      assert.ok(call.results.length <= 1, `${call.name}: at most one result`);
      for (const { index, event } of call.results) {
        assert.ok(index > call.end, `${call.name}: result after TOOL_CALL_END`);
        assert.equal(event.role, 'tool');
        assert.equal(typeof event.content, 'string');
        assert.ok(event.content.length > 0);
      }
    }
    for (const message of textMessages(events)) {
      assert.ok(message.end > message.start, 'TEXT_MESSAGE_END after its start');
      assert.ok(message.text.length > 0);
    }
    for (const run of runs) {
      assert.equal(run.endings.length, 1, `${run.name}: ends exactly once`);
      assert.ok(run.end > run.start);
    }
  });

  it('starts the subagents in order: researcher (with a nested fact-checker), researcher again, analyst, translator', () => {
    assert.deepEqual(
      runs.map((run) => run.name),
      ['researcher', 'fact-checker', 'researcher', 'analyst', 'translator'],
    );
    assert.equal(new Set(runs.map((run) => run.subagentRunId)).size, runs.length, 'one subagentRunId per invocation');
    for (const run of runs) assert.equal(typeof run.description, 'string', `${run.name} has a description`);
    assert.deepEqual(
      runs.map((run) => run.ending.type),
      ['SUBAGENT_FINISHED', 'SUBAGENT_FINISHED', 'SUBAGENT_FINISHED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR'],
    );
  });

  it("runs each top-level subagent inside a call of the lead's delegate tool (parentToolCallId)", () => {
    const delegations = calls.filter((call) => call.name === 'delegate');
    assert.equal(delegations.length, 4);
    const topLevel = runs.filter((run) => !run.parentSubagentRunId);
    assert.deepEqual(
      topLevel.map((run) => run.name),
      ['researcher', 'researcher', 'analyst', 'translator'],
    );
    topLevel.forEach((run, index) => {
      const call = delegations[index];
      assert.ok(
        call.attributions.every((id) => id === undefined),
        "delegate is the lead agent's own call",
      );
      const args = JSON.parse(call.args);
      assert.equal(args.agent, run.name);
      assert.equal(typeof args.task, 'string');
      assert.ok(args.task.length > 0);
      assert.equal(run.parentToolCallId, call.id, `${run.name} links to its delegate call`);
      assert.equal(run.parentMessageId, call.parentMessageId, `${run.name}: the message that holds the call`);
      assert.ok(run.parentMessageId, 'the delegate call belongs to a lead message');
      assert.ok(call.end < run.start, "the subagent starts once the call's arguments are complete");
      assert.equal(call.results.length, 1, 'every delegate call gets a result');
      assert.ok(run.end < call.results[0].index, 'the delegate call is answered after its subagent ends');
      if (index > 0) assert.ok(topLevel[index - 1].end < run.start, 'delegations run one after another');
    });
  });

  it('delegates to the researcher twice, as two separate invocations', () => {
    const researchers = runs.filter((run) => run.name === 'researcher');
    assert.equal(researchers.length, 2);
    const [first, second] = researchers;
    assert.notEqual(first.subagentRunId, second.subagentRunId);
    assert.notEqual(first.parentToolCallId, second.parentToolCallId);
    const ownCalls = (run) => calls.filter((call) => call.attributions[0] === run.subagentRunId);
    assert.deepEqual(
      ownCalls(first).map((call) => call.name),
      ['web_search', 'web_search'],
    );
    assert.deepEqual(
      ownCalls(second).map((call) => call.name),
      ['web_search'],
    );
    for (const call of [...ownCalls(first), ...ownCalls(second)]) {
      assert.equal(typeof JSON.parse(call.args).query, 'string');
      assert.match(resultText(call), /^### Results for "/, 'search results are Markdown');
      assert.match(resultText(call), /\[[^\]]+\]\(https:\/\/example\.(com|org|net)\//, 'with links');
    }
    assert.equal(ownCalls(first).length + ownCalls(second).length, 3);
  });

  it('nests the fact-checker in the first researcher (parentSubagentRunId)', () => {
    const [researcher] = runs;
    const checker = runs.find((run) => run.name === 'fact-checker');
    assert.equal(checker.parentSubagentRunId, researcher.subagentRunId);
    assert.equal(checker.parentToolCallId, undefined, 'started directly, not through a tool call');
    assert.ok(researcher.start < checker.start && checker.end < researcher.end, 'runs while its parent runs');
    const checkerCalls = calls.filter((call) => call.attributions[0] === checker.subagentRunId);
    assert.deepEqual(
      checkerCalls.map((call) => call.name),
      ['check_claim'],
    );
    const verdict = JSON.parse(resultText(checkerCalls[0]));
    assert.equal(verdict.verdict, 'supported');
    assert.ok(checkerCalls[0].start > checker.start && checkerCalls[0].results[0].index < checker.end);
    assert.equal(typeof checker.ending.result, 'string');
  });

  it('attributes every event of a subagent to it with subagentRunId, and nothing of the lead', () => {
    for (const call of calls) {
      const [owner] = call.attributions;
      assert.ok(
        call.attributions.every((id) => id === owner),
        `${call.name}: all its events carry the same subagentRunId`,
      );
      if (call.name === 'delegate') {
        assert.equal(owner, undefined);
        continue;
      }
      assert.ok(byId.has(owner), `${call.name}: carries the subagentRunId of a running subagent`);
      const run = byId.get(owner);
      const last = call.results[0]?.index ?? call.end;
      assert.ok(run.start < call.start && last < run.end, `${call.name}: inside ${run.name}'s start and end`);
    }
    const owned = events.filter((event) => event.subagentRunId && !SUBAGENT_TYPES.has(event.type));
    assert.ok(owned.length > 0);
    for (const event of owned) {
      assert.ok(/^(TEXT_MESSAGE|TOOL_CALL)_/.test(event.type), `${event.type} is attributed`);
      const index = events.indexOf(event);
      const run = byId.get(event.subagentRunId);
      assert.ok(run && run.start < index && index < run.end, `${event.type} falls inside its subagent`);
    }

    const messages = textMessages(events);
    for (const message of messages) {
      assert.ok(
        message.attributions.every((id) => id === message.attributions[0]),
        'a message keeps its attribution',
      );
    }
    const researcherNotes = messages.filter((message) => message.attributions[0] === runs[0].subagentRunId);
    assert.equal(researcherNotes.length, 1, 'the researcher streams its notes');
    assert.match(researcherNotes[0].text, /35 %/);
    assert.ok(researcherNotes[0].end < runs[1].start, 'the notes come before the fact-checker starts');
    const analystNotes = messages.filter((message) => message.attributions[0] === runs[3].subagentRunId);
    assert.equal(analystNotes.length, 1);
    assert.ok(messages.filter((message) => message.attributions[0] === undefined).length >= 3, 'the lead has its own text');
  });

  it('has the analyst return an HTML table (with colspan) and an inline SVG line chart', () => {
    const analyst = runs.find((run) => run.name === 'analyst');
    const analystCalls = calls.filter((call) => call.attributions[0] === analyst.subagentRunId);
    assert.deepEqual(
      analystCalls.map((call) => call.name),
      ['make_table', 'plot_chart'],
    );
    const [table, chart] = analystCalls.map(resultText);

    assert.match(table, /^<table>/);
    assert.match(table, /<\/table>$/);
    assert.match(table, /<thead>[\s\S]*<th[^>]*colspan="3"[\s\S]*<\/thead>/, 'a header cell spans columns');
    assert.match(table, /<caption>/);
    const bodyRows = table.match(/<tbody>([\s\S]*)<\/tbody>/)[1].match(/<tr>/g);
    assert.ok(bodyRows.length >= 3, 'a few rows of numbers');
    for (const [, centre, outer, total] of table.matchAll(/<td>(\d+)<\/td><td>(\d+)<\/td><td>(\d+)<\/td>/g)) {
      assert.equal(Number(centre) + Number(outer), Number(total), 'totals add up');
    }

    assert.match(chart, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(chart, /<\/svg>$/);
    assert.match(chart, /<title>[^<]+<\/title>/);
    assert.match(chart, /<linearGradient id="[^"]+"/);
    const points = chart.match(/<polyline points="([^"]+)"/)[1].split(' ');
    assert.ok(points.length >= 5, 'a line through several points');
    assert.ok(points.every((point) => /^\d+(\.\d)?,\d+(\.\d)?$/.test(point)));
    assert.ok((chart.match(/<line /g) ?? []).length >= 2, 'axes');
    assert.ok(!/<script|\son\w+=/i.test(table + chart), 'no script in the demo markup');
  });

  it('fails the translator with SUBAGENT_ERROR, leaving its call unanswered, and the lead goes on', () => {
    const translator = runs.find((run) => run.name === 'translator');
    assert.deepEqual(translator.ending, {
      type: 'SUBAGENT_ERROR',
      subagentRunId: translator.subagentRunId,
      message: 'Translation service unavailable',
      code: 'SERVICE_UNAVAILABLE',
    });
    assert.equal(ofType(events, 'SUBAGENT_FINISHED').filter((event) => event.subagentRunId === translator.subagentRunId).length, 0);
    const translatorCalls = calls.filter((call) => call.attributions[0] === translator.subagentRunId);
    assert.deepEqual(
      translatorCalls.map((call) => call.name),
      ['translate'],
    );
    assert.ok(translatorCalls[0].end < translator.end, 'the call started and ended');
    assert.equal(translatorCalls[0].results.length, 0, 'but never got a result');

    const delegation = calls.find((call) => call.id === translator.parentToolCallId);
    const { event } = delegation.results[0];
    assert.match(event.content, /translator failed: Translation service unavailable/);
    assert.deepEqual(event.metadata, { 'agent-chat': { isError: true } }, 'marked failed for <agent-chat>');
    for (const other of calls.filter((call) => call.name === 'delegate' && call !== delegation)) {
      assert.equal(other.results[0].event.metadata, undefined);
    }
  });

  it("ends with the lead's summary after every subagent has ended", () => {
    const messages = textMessages(events);
    const summary = messages.at(-1);
    assert.ok(
      summary.attributions.every((id) => id === undefined),
      "the summary is the lead's",
    );
    assert.ok(runs.every((run) => run.end < summary.start));
    assert.ok(calls.every((call) => call.results.every(({ index }) => index < summary.start)));
    assert.match(summary.text, /researcher \(2\)/);
    assert.match(summary.text, /Translation service unavailable/);
    const lastTypes = types(events).slice(-2);
    assert.deepEqual(lastTypes, ['TEXT_MESSAGE_END', 'RUN_FINISHED']);
  });
});

describe('scripted agent: subagent keyword and streaming', () => {
  let server;
  before(async () => {
    server = await startDemoServer({ port: 0, delayMs: 0, log: quiet, env: {} });
  });
  after(() => server?.close());

  it('answers "subagents" and "delegate" the same way, and lists the keyword in its intro', async () => {
    for (const text of ['Show me SUBAGENTS', 'please delegate this']) {
      const events = await postRun(server.url, runInput(text));
      assert.deepEqual(
        ofType(events, 'SUBAGENT_STARTED').map((event) => event.name),
        ['researcher', 'fact-checker', 'researcher', 'analyst', 'translator'],
        text,
      );
    }
    const intro = await postRun(server.url, runInput('hello'));
    const text = ofType(intro, 'TEXT_MESSAGE_CONTENT')
      .map((event) => event.delta)
      .join('');
    assert.match(text, /\*\*research\*\*/);
    assert.match(text, /SUBAGENT_STARTED/);
    assert.equal(ofType(intro, 'SUBAGENT_STARTED').length, 0);
  });

  it('keeps the other keywords free of subagents', async () => {
    for (const text of ['weather in Lisbon', 'state', 'error']) {
      const events = await postRun(server.url, runInput(text));
      assert.ok(
        events.every((event) => !SUBAGENT_TYPES.has(event.type) && event.subagentRunId === undefined),
        text,
      );
    }
  });

  it("paces the subagents' events with the delay option", async () => {
    const started = performance.now();
    let firstSubagent;
    for await (const event of scriptedRun(runInput('research'), { delayMs: 1 })) {
      if (event.type === 'SUBAGENT_STARTED' && firstSubagent === undefined) firstSubagent = performance.now() - started;
    }
    const total = performance.now() - started;
    assert.ok(firstSubagent > 5, `the first subagent starts after a pause (${firstSubagent.toFixed(1)} ms)`);
    assert.ok(total > 200, `the reply streams over time (${total.toFixed(0)} ms with 1 ms deltas)`);
  });

  it('stops quietly when aborted inside a subagent', async () => {
    const controller = new AbortController();
    const events = [];
    for await (const event of scriptedRun(runInput('research'), { delayMs: 1, signal: controller.signal })) {
      events.push(event);
      if (event.type === 'SUBAGENT_STARTED') controller.abort();
    }
    assert.equal(events.at(-1).type, 'SUBAGENT_STARTED');
    assert.equal(ofType(events, 'RUN_FINISHED').length, 0);
  });
});
