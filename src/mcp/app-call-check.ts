/**
 * The checks on tool calls an app's page makes (`onAppCall`): the source server's own
 * check and the chat's, both when both exist. `true` lets a call through; `false` or a string
 * refuses it (the string is the app's error text); a promise is waited for while the chat goes on.
 * Throwing, rejecting or any other value refuses, with a console warning.
 * `askPerson(message)` (`app-call-prompt.ts`) is such a promise. These checks load with the MCP host.
 */
import type { AppCall, AppCallCheck } from './mcp-types.js';
import { withPrompt, type PersonPrompt } from './app-call-prompt.js';

export type Verdict = { allowed: true } | { allowed: false; error: string };

export const REFUSED = 'The chat refused this call.';

export interface NamedCheck {
  /** For warnings: where the check came from ("the chat", "server budget"). */
  owner: string;
  check: AppCallCheck;
}

/** Runs the checks in order; the first refusal wins and later checks are not asked. */
export async function checkAppCall(checks: NamedCheck[], call: AppCall, prompt?: PersonPrompt): Promise<Verdict> {
  for (const { owner, check } of checks) {
    const verdict = await runOne(owner, check, call, prompt);
    if (!verdict.allowed) return verdict;
  }
  return { allowed: true };
}

async function runOne(owner: string, check: AppCallCheck, call: AppCall, prompt: PersonPrompt | undefined): Promise<Verdict> {
  // Each check gets its own copy, so one check cannot change what the next one sees.
  const copy: AppCall = { ...call, arguments: structuredClone(call.arguments) };
  let value: unknown;
  try {
    value = withPrompt(copy, prompt, () => check(copy));
  } catch (error) {
    return warnAndRefuse(owner, `threw: ${describe(error)}`);
  }
  if (isThenable(value)) {
    try {
      value = await value;
    } catch (error) {
      return warnAndRefuse(owner, `rejected: ${describe(error)}`);
    }
  }
  if (value === true) return { allowed: true };
  if (value === false) return { allowed: false, error: REFUSED };
  if (typeof value === 'string') return { allowed: false, error: value || REFUSED };
  return warnAndRefuse(owner, `returned ${describe(value)}, which is not true, false or a string`);
}

function warnAndRefuse(owner: string, what: string): Verdict {
  console.warn(`<agent-chat>: the onAppCall check of ${owner} ${what}; the call is refused.`);
  return { allowed: false, error: REFUSED };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
