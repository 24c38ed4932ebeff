/**
 * The views of what the agent asks of the person (the question form, approvals and generated
 * forms with their JSON Schema validator) are loaded on first need: most replies ask nothing.
 */
let loading: Promise<unknown> | undefined;

export function loadRequestViews(): Promise<unknown> {
  loading ??= import('./interrupt.js').catch((error: unknown) => {
    loading = undefined;
    console.error('<agent-chat>: the view for requests from the agent could not be loaded', error);
  });
  return loading;
}
