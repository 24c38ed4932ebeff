/** The app frame is loaded on first need: only cards with an MCP App show one. */
let loading: Promise<unknown> | undefined;

export function loadAppFrame(): Promise<unknown> {
  loading ??= import('./app-frame.js').catch((error: unknown) => {
    loading = undefined;
    console.error('<agent-chat>: the MCP App frame could not be loaded', error);
  });
  return loading;
}
