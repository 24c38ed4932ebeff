/**
 * `askPerson(message)`, which an `onAppCall` check returns to ask the person in the card that made
 * the call, and the record of which card that is. The checks themselves (`app-call-check.ts`)
 * load with the MCP host; this is on the first load because the page imports `askPerson`.
 */
import type { AppCall } from './mcp-types.js';

/** Shows Allow / Refuse in a card; resolves to the person's choice. */
export type PersonPrompt = (message: string) => Promise<boolean>;

export const PERSON_REFUSED = 'The person refused this call.';

const prompts = new WeakMap<AppCall, PersonPrompt>();
/** The prompt of the call whose check is running synchronously right now. */
let currentPrompt: PersonPrompt | undefined;

/**
 * Asks the person, in the card of the call being checked, whether to let it through. Call it from
 * an `onAppCall` check — synchronously, or later with the call object as the second argument — and
 * return its promise: it resolves to `true` (Allow) or a refusal text (Refuse).
 */
export function askPerson(message: string, call?: AppCall): Promise<true | string> {
  const prompt = (call && prompts.get(call)) ?? currentPrompt;
  if (!prompt) return Promise.reject(new Error('askPerson() was called outside an onAppCall check.'));
  return prompt(message).then((allowed) => (allowed ? true : PERSON_REFUSED));
}

/** Runs `check` with `prompt` as the one `askPerson` uses, during the call and later for `call`. */
export function withPrompt<T>(call: AppCall, prompt: PersonPrompt | undefined, check: () => T): T {
  if (prompt) prompts.set(call, prompt);
  const outer = currentPrompt;
  currentPrompt = prompt;
  try {
    return check();
  } finally {
    currentPrompt = outer;
  }
}
