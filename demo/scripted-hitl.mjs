// Human-in-the-loop scripts of the demo's scripted agent (see scripted-agent.mjs for the streamer):
//
// - "plan": the agent asks the person a few questions with the widget's `ask_user` client tool;
//   the next run (its messages end with the tool message answering the call) sums the answers up.
// - "delete": the agent wants to run `delete_files` and the run pauses with an AG-UI interrupt;
//   the next run carries `resume` with the person's decision and reports the (fake) result.
//
// Stateless like the rest of the demo: each run decides from its input alone.

import { contentText } from './message-text.mjs';

/** @typedef {import('./scripted-agent.mjs').Step} Step */
/** @typedef {import('@ag-ui/core').RunAgentInput} RunAgentInput */

/** The widget's client tool for questions (offered in every run's `tools`). */
export const ASK_USER_TOOL = 'ask_user';

/** The questions of the "plan" script: one multi-select, one single choice. */
export const TRIP_QUESTIONS = [
  {
    question: 'Which activities would you like?',
    header: 'Activities',
    multiSelect: true,
    options: [
      { label: 'Hiking', description: 'Trails and viewpoints in the hills' },
      { label: 'Museums', description: 'Art, history and science collections' },
      { label: 'Food tours', description: 'Markets, street food and local dishes' },
      { label: 'Cycling', description: 'Bike paths along rivers and canals' },
    ],
  },
  {
    question: 'How long is the trip?',
    header: 'Length',
    multiSelect: false,
    options: [
      { label: 'A weekend', description: 'Two or three days' },
      { label: 'One week', description: 'Five to seven days' },
      { label: 'Two weeks', description: 'Time for a second city' },
    ],
  },
];

/** The fake tool the "delete" script wants to run, and what it wants to run it with. */
export const DELETE_TOOL = 'delete_files';
export const DELETE_ARGS = { path: '/tmp/demo-old', recursive: true };

/** What the approval's answer looks like (AG-UI `Interrupt.responseSchema`); it offers editing the arguments. */
export const DELETE_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    approved: { type: 'boolean' },
    reason: { type: 'string' },
    editedArgs: {
      type: 'object',
      properties: {
        path: { type: 'string', title: 'Path' },
        recursive: { type: 'boolean', title: 'Recursive' },
      },
      required: ['path'],
    },
  },
  required: ['approved'],
};

const APPROVAL_PREFIX = 'approve-';

/** The id of the interrupt that asks to approve a call: the next run finds the call from it. */
export function interruptIdFor(toolCallId) {
  return `${APPROVAL_PREFIX}${toolCallId}`;
}

// ---------------------------------------------------------------------------------------------
// Reading the run's input

/** The tool calls of the history's assistant messages, by id: `{name, args}` (args undefined when not JSON). */
function callsById(messages) {
  const calls = new Map();
  for (const message of messages ?? []) {
    if (message?.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) {
      let args;
      try {
        args = JSON.parse(call.function?.arguments ?? '');
      } catch {
        args = undefined;
      }
      calls.set(call.id, { name: call.function?.name, args });
    }
  }
  return calls;
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A person's text inline in Markdown: on one line, in quotes. */
function inline(text) {
  return `“${String(text).replace(/\s+/g, ' ').trim()}”`;
}

/** "a", "a and b", "a, b and c". */
function listed(items) {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

// ---------------------------------------------------------------------------------------------
// "plan": questions with ask_user

/** @param {string} _text @param {RunAgentInput} input @returns {Step[]} */
export function planScript(_text, input) {
  const offered = (input.tools ?? []).some((tool) => tool?.name === ASK_USER_TOOL);
  if (!offered) {
    return [
      {
        kind: 'text',
        text: `I would ask you a few questions about your trip in a small form, but this chat offers no \
\`${ASK_USER_TOOL}\` tool. \`<agent-chat>\` offers it in every run's \`tools\`; tell me in a message \
which activities you like and how long the trip is instead.`,
      },
    ];
  }
  return [
    { kind: 'text', text: 'Happy to help you plan a trip! I need a few choices from you first.' },
    { kind: 'client-tool', name: ASK_USER_TOOL, args: { questions: TRIP_QUESTIONS } },
  ];
}

/**
 * The ask_user call this run answers: the history ends with the tool message answering it,
 * or with that tool message and then the person's message (when they wrote instead of using the form).
 */
function answeredAsk(messages) {
  const list = messages ?? [];
  let index = list.length - 1;
  let written;
  if (list[index]?.role === 'user') {
    written = contentText(list[index].content);
    index -= 1;
  }
  const answer = list[index];
  if (answer?.role !== 'tool') return undefined;
  const call = callsById(list).get(answer.toolCallId);
  if (call?.name !== ASK_USER_TOOL) return undefined;
  return { answer, call, written };
}

/** One answer as a list item: the header (or question), the chosen labels and the person's own text. */
function answerLine(answer, questions) {
  const asked = questions.find((question) => question?.question === answer.question);
  const name = asked?.header || answer.question;
  const selected = Array.isArray(answer.selected) ? answer.selected.map(String) : [];
  const own = typeof answer.other === 'string' && answer.other.trim() ? [`${inline(answer.other)} (your own answer)`] : [];
  const chosen = [...selected, ...own];
  return `- **${name}**: ${answer.unanswered || chosen.length === 0 ? '_not answered_' : listed(chosen)}`;
}

/** The reply to the person's answers (or to their message instead of them). @returns {Step[]} */
export function askAnsweredScript({ answer, call, written }) {
  const content = contentText(answer.content);
  const result = parseJson(content);
  if (isObject(result) && result.status === 'deferred') {
    if (!written?.trim()) {
      return [{ kind: 'text', text: 'You chose to answer in the chat instead of the form, but no message came with it. What would you like to do?' }];
    }
    const quoted = written
      .trim()
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
    return [
      {
        kind: 'text',
        text: `You answered in the chat instead of the form. You wrote:

${quoted}

I will plan with that. _(A demo: the scripted agent only repeats what you said; nothing is planned or booked.)_`,
      },
    ];
  }
  if (answer.error || !isObject(result) || !Array.isArray(result.answers)) {
    return [{ kind: 'text', text: `I did not get your answers: ${answer.error || content || 'the tool gave no result'}.` }];
  }
  const questions = Array.isArray(call.args?.questions) ? call.args.questions : [];
  const lines = result.answers.filter(isObject).map((item) => answerLine(item, questions));
  return [
    {
      kind: 'text',
      text: `### Your trip

Thanks! This is what I will plan with:

${lines.join('\n')}
${written?.trim() ? `\nYou also wrote: ${inline(written)}\n` : ''}
_A demo: the scripted agent only sums up your answers; nothing is planned or booked._`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// "delete": an approval (AG-UI interrupt), answered by the next run's `resume`

/** @returns {Step[]} */
export function deleteScript() {
  return [
    {
      kind: 'text',
      text: `I can clean up \`${DELETE_ARGS.path}\` with the \`${DELETE_TOOL}\` tool. Deleting cannot be undone, \
so I need your approval first.`,
    },
    {
      kind: 'interrupt',
      name: DELETE_TOOL,
      args: DELETE_ARGS,
      reason: 'tool_call',
      message: `Delete everything under ${DELETE_ARGS.path}?`,
      responseSchema: DELETE_RESPONSE_SCHEMA,
    },
  ];
}

const NOT_REAL = `_A demo: \`${DELETE_TOOL}\` is a fake tool, nothing was really deleted._`;

/** An invalid resume: the run fails, as the protocol asks. @returns {Step[]} */
function invalidResume(message, code = 'INVALID_RESUME') {
  return [{ kind: 'error', message, code }];
}

/**
 * The open approval a resume entry answers: the `delete_files` call its id names, made earlier
 * in this thread and still without a result. Undefined when there is none.
 */
function approvalFor(interruptId, messages) {
  if (typeof interruptId !== 'string' || !interruptId.startsWith(APPROVAL_PREFIX)) return undefined;
  const toolCallId = interruptId.slice(APPROVAL_PREFIX.length);
  const call = callsById(messages).get(toolCallId);
  if (call?.name !== DELETE_TOOL) return undefined;
  const answered = (messages ?? []).some((message) => message?.role === 'tool' && message.toolCallId === toolCallId);
  return answered ? undefined : { toolCallId, args: isObject(call.args) ? call.args : DELETE_ARGS };
}

/** What the fake tool "did" with these arguments: its result, and the same in the agent's words. */
export function deleted({ path, recursive }) {
  return recursive
    ? { result: `Deleted 3 files under ${path}.`, said: `I deleted 3 files under \`${path}\`.` }
    : { result: `Deleted 2 files in ${path} (not its subfolders).`, said: `I deleted 2 files in \`${path}\`, not its subfolders.` };
}

/** The steps for one resume entry, or a sentence saying why it is invalid. */
export function resumeSteps(entry, approval) {
  const { toolCallId } = approval;
  if (entry.status === 'cancelled') {
    return [
      { kind: 'result', toolCallId, result: 'Not deleted: the approval was cancelled.' },
      { kind: 'text', text: `The approval was cancelled, so I did not delete anything in \`${approval.args.path}\`.` },
    ];
  }
  if (entry.status !== 'resolved') return `The resume entry for "${entry.interruptId}" has an unknown status ${JSON.stringify(entry.status)}.`;
  const payload = entry.payload;
  if (!isObject(payload) || typeof payload.approved !== 'boolean') {
    return `The answer to "${entry.interruptId}" must be an object with "approved" true or false.`;
  }
  const reason = typeof payload.reason === 'string' && payload.reason.trim() ? payload.reason.trim() : undefined;
  if (!payload.approved) {
    return [
      { kind: 'result', toolCallId, result: reason ? `Not deleted: ${reason}` : 'Not deleted.' },
      {
        kind: 'text',
        text: reason
          ? `Understood, I have not deleted anything in \`${approval.args.path}\`. Your reason: ${inline(reason)}.`
          : `Understood, I have not deleted anything in \`${approval.args.path}\`.`,
      },
    ];
  }
  let args = approval.args;
  let edited = false;
  if (payload.editedArgs !== undefined) {
    const { editedArgs } = payload;
    if (!isObject(editedArgs) || typeof editedArgs.path !== 'string' || !editedArgs.path.trim()) {
      return `The edited arguments of "${entry.interruptId}" need a "path".`;
    }
    if (editedArgs.recursive !== undefined && typeof editedArgs.recursive !== 'boolean') {
      return `The edited arguments of "${entry.interruptId}": "recursive" must be true or false.`;
    }
    args = { path: editedArgs.path.trim(), recursive: editedArgs.recursive ?? false };
    edited = true;
  }
  const { result, said } = deleted(args);
  return [
    { kind: 'result', toolCallId, result },
    {
      kind: 'text',
      text: `${edited ? 'Approved with your changes. ' : ''}Done: ${said}

${NOT_REAL}`,
    },
  ];
}

/** The reply of a run that carries `resume`: every entry must answer an open approval, once. @returns {Step[]} */
function resumeScript(resume, messages) {
  const seen = new Set();
  const steps = [];
  for (const entry of resume) {
    const id = entry?.interruptId;
    if (seen.has(id)) return invalidResume(`The resume answers the interrupt "${id}" twice.`);
    seen.add(id);
    const approval = approvalFor(id, messages);
    if (!approval) {
      return invalidResume(
        `No open interrupt has the id ${JSON.stringify(id ?? null)}: this thread has no delete_files call waiting for that approval, so the run cannot resume it.`,
        'UNKNOWN_INTERRUPT',
      );
    }
    const answer = resumeSteps(entry, approval);
    if (typeof answer === 'string') return invalidResume(answer);
    steps.push(...answer);
  }
  return steps;
}

// ---------------------------------------------------------------------------------------------
// Wiring

/**
 * The reply that continues after the person answered something the agent asked: a `resume`
 * for an interrupt, or the tool message answering an ask_user call. Undefined otherwise.
 * @param {RunAgentInput} input
 * @returns {Step[] | undefined}
 */
export function hitlFollowUp(input) {
  if (Array.isArray(input.resume) && input.resume.length > 0) return resumeScript(input.resume, input.messages);
  const asked = answeredAsk(input.messages);
  return asked ? askAnsweredScript(asked) : undefined;
}

/**
 * Keyword (matched at a word start, case-insensitive) → script, for `SCRIPTS_BY_KEYWORD`.
 * @type {Array<[RegExp, (text: string, input: RunAgentInput) => Step[]]>}
 */
export const HITL_SCRIPTS_BY_KEYWORD = [
  [/\b(delete|clean\s*-?\s*up)/i, () => deleteScript()],
  [/\b(plan|trip|ask|question)/i, (text, input) => planScript(text, input)],
];
