/**
 * Human-in-the-loop scenarios for the AG-UI test server: the model asks questions (the ask_user
 * client tool), and runs pause with interrupts that the next run's `resume` answers. Stateless:
 * each run decides from its input (the tool messages and `resume` it carries).
 */

const started = (input) => ({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
const finished = (input, extra = {}) => ({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId, ...extra });
const text = (messageId, delta, extra = {}) => [
  { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant', ...extra },
  { type: 'TEXT_MESSAGE_CONTENT', messageId, delta, ...extra },
  { type: 'TEXT_MESSAGE_END', messageId, ...extra },
];
const call = (toolCallId, toolCallName, args, extra = {}) => [
  { type: 'TOOL_CALL_START', toolCallId, toolCallName, ...extra },
  { type: 'TOOL_CALL_ARGS', toolCallId, delta: JSON.stringify(args), ...extra },
  { type: 'TOOL_CALL_END', toolCallId, ...extra },
];
const result = (toolCallId, content, extra = {}) => ({ type: 'TOOL_CALL_RESULT', messageId: `${toolCallId}-r`, toolCallId, content, ...extra });
const lastUserText = (input) => {
  const users = (input.messages ?? []).filter((m) => m.role === 'user');
  const last = users[users.length - 1];
  return typeof last?.content === 'string' ? last.content : '';
};

export const QUESTIONS = [
  {
    question: 'Which toppings do you want?',
    header: 'Toppings',
    multiSelect: true,
    options: [
      { label: 'Cheese', description: 'Mozzarella' },
      { label: 'Mushrooms', description: 'Fresh, sliced' },
      { label: 'Olives', description: 'Black olives' },
    ],
  },
  {
    question: 'Which size?',
    header: 'Size',
    options: [
      { label: 'Small', description: '25 cm' },
      { label: 'Large', description: '35 cm' },
    ],
  },
];

/**
 * `/agui/ask?questions=<json>`: the model calls ask_user; the next run says what it got back
 * (and what the person wrote, when their message came after it).
 */
function ask(input, _res, query) {
  const messages = input.messages ?? [];
  const answer = [...messages].reverse().find((m) => m.role === 'tool' && m.toolCallId === 'ask-1');
  if (!answer) {
    const questions = query.questions ? JSON.parse(query.questions) : QUESTIONS;
    return [
      started(input),
      ...text(`intro-${input.runId}`, 'Let me ask you first.'),
      ...call('ask-1', 'ask_user', { questions }),
      finished(input, { outcome: { type: 'success', pendingToolCallIds: ['ask-1'] } }),
    ];
  }
  const afterAnswer = messages.indexOf(answer) < messages.length - 1 ? ` You wrote: ${lastUserText(input)}` : '';
  return [started(input), ...text(`after-${input.runId}`, `The answers: ${answer.content}.${afterAnswer}`), finished(input)];
}

const APPROVAL_SCHEMA = {
  type: 'object',
  properties: {
    approved: { type: 'boolean' },
    reason: { type: 'string' },
    editedArgs: {
      type: 'object',
      properties: { path: { type: 'string', title: 'Path' }, recursive: { type: 'boolean', title: 'Recursive' } },
      required: ['path'],
    },
  },
  required: ['approved'],
};

/**
 * `/agui/approval`: the model wants to run `delete_files` and the run pauses for approval
 * (editing allowed). The run that resumes reports the decision as the tool's result.
 */
function approval(input, _res, query) {
  const entry = input.resume?.find((item) => item.interruptId === 'approve-1');
  if (!entry) {
    const interrupt = {
      id: 'approve-1',
      reason: 'tool_call',
      toolCallId: 'del-1',
      message: 'Delete everything under /tmp/old?',
      responseSchema: APPROVAL_SCHEMA,
      ...(query.expiresIn ? { expiresAt: new Date(Date.now() + Number(query.expiresIn)).toISOString() } : {}),
    };
    return [
      started(input),
      ...text('m1', 'I will clean up.'),
      ...call('del-1', 'delete_files', { path: '/tmp/old', recursive: true }),
      finished(input, { outcome: { type: 'interrupt', interrupts: [interrupt] } }),
    ];
  }
  const { payload } = entry;
  const outcome =
    entry.status === 'cancelled'
      ? 'Skipped.'
      : payload.approved
        ? `Deleted ${JSON.stringify(payload.editedArgs ?? { path: '/tmp/old', recursive: true })}.`
        : `Not deleted${payload.reason ? ` (${payload.reason})` : ''}.`;
  return [started(input), result('del-1', outcome), ...text(`done-${input.runId}`, `Done: ${outcome}`), finished(input)];
}

/**
 * `/agui/interrupts`: one run pauses for three things at once: an approval without edits, a form
 * built from a schema, and ask_user questions. The resuming run echoes the resume entries.
 */
function interrupts(input) {
  if (input.resume) {
    return [started(input), ...text(`echo-${input.runId}`, `Resumed with ${JSON.stringify(input.resume)}`), finished(input)];
  }
  return [
    started(input),
    ...call('send-1', 'send_email', { to: 'a@b.example', subject: 'Hi' }),
    finished(input, {
      outcome: {
        type: 'interrupt',
        interrupts: [
          {
            id: 'i-approve',
            reason: 'tool_call',
            toolCallId: 'send-1',
            message: 'Send the email to a@b.example?',
            responseSchema: { type: 'object', properties: { approved: { type: 'boolean' } }, required: ['approved'] },
          },
          {
            id: 'i-form',
            reason: 'input_required',
            message: 'Please provide the quarterly filing details.',
            responseSchema: {
              type: 'object',
              properties: {
                quarter: { type: 'string', enum: ['Q1', 'Q2', 'Q3', 'Q4'] },
                year: { type: 'integer', minimum: 2000 },
              },
              required: ['quarter', 'year'],
            },
          },
          {
            id: 'i-ask',
            reason: 'input_required',
            message: 'A few questions first.',
            metadata: { 'agent-chat': { kind: 'ask_user', questions: QUESTIONS.slice(1) } },
          },
        ],
      },
    }),
  ];
}

/**
 * `/agui/subagent-approval`: a subagent wants to send an email and pauses (suspended) for approval;
 * a second interrupt of the subagent is bound to no call. The resuming run lets it finish.
 */
function subagentApproval(input) {
  const sub = { subagentRunId: 'mailer-1' };
  if (input.resume) {
    const approved = input.resume.find((entry) => entry.interruptId === 'sub-approve')?.payload?.approved;
    return [
      started(input),
      { type: 'SUBAGENT_STARTED', subagentRunId: 'mailer-1', name: 'mailer', parentToolCallId: 'd1' },
      result('mail-1', approved ? 'Sent.' : 'Not sent.', sub),
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'mailer-1' },
      result('d1', approved ? 'The mailer sent it.' : 'The mailer did not send it.'),
      ...text(`end-${input.runId}`, `Resumed with ${JSON.stringify(input.resume)}`),
      finished(input),
    ];
  }
  return [
    started(input),
    ...call('d1', 'delegate', { agent: 'mailer' }),
    { type: 'SUBAGENT_STARTED', subagentRunId: 'mailer-1', name: 'mailer', parentToolCallId: 'd1' },
    ...call('mail-1', 'send_email', { to: 'team@b.example' }, sub),
    { type: 'SUBAGENT_FINISHED', subagentRunId: 'mailer-1', outcome: { type: 'suspended', interruptIds: ['sub-approve', 'sub-confirm'] } },
    finished(input, {
      outcome: {
        type: 'interrupt',
        interrupts: [
          { id: 'sub-approve', reason: 'tool_call', toolCallId: 'mail-1', subagentRunId: 'mailer-1', message: 'Let the mailer email the team?' },
          { id: 'sub-confirm', reason: 'confirmation', subagentRunId: 'mailer-1', message: 'Also copy you in?' },
        ],
      },
    }),
  ];
}

/**
 * `/agui/approval-schema?schema=<json>`: an approval whose `responseSchema` is given by the test
 * (e.g. one Approve / Deny cannot fill); the resuming run echoes the resume.
 */
function approvalSchema(input, _res, query) {
  if (input.resume) return [started(input), ...text(`echo-${input.runId}`, `Resumed with ${JSON.stringify(input.resume)}`), finished(input)];
  return [
    started(input),
    ...call('pay-1', 'pay_invoice', { amount: 120 }),
    finished(input, {
      outcome: {
        type: 'interrupt',
        interrupts: [{ id: 'pay', reason: 'tool_call', toolCallId: 'pay-1', message: 'Pay 120 EUR?', responseSchema: JSON.parse(query.schema) }],
      },
    }),
  ];
}

export const hitlScenarios = {
  'approval-schema': approvalSchema,
  ask,
  approval,
  interrupts,
  'subagent-approval': subagentApproval,
  'interrupt-empty': (input) => [started(input), finished(input, { outcome: { type: 'interrupt', interrupts: [] } })],
};
