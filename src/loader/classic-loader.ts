/**
 * The classic-script build (`dist/agent-chat.iife.js`): a few lines that load the ES build
 * (`agent-chat.js` and the chunks it asks for) from the directory this script came from, with
 * `import()`, which classic scripts may use. A `<script src>` user thus downloads what a module user
 * does, plus this file. The ES build registers the element; loaded once more (the module, another
 * copy of this script), it warns once and keeps the first definition, as `define()` does.
 *
 * Once the module has loaded, its exports are `window.AgentChat` (as the standalone build's are).
 * Hosts that can serve only one file use `agent-chat.standalone.js` instead.
 */
const TAG = 'agent-chat';

function loadAgentChat(): void {
  // Nothing to do without a DOM (a script evaluated in Node, a worker).
  if (typeof document === 'undefined' || typeof customElements === 'undefined') return;
  if (customElements.get(TAG)) {
    console.warn(`<agent-chat>: the script was loaded more than once (<${TAG}> is defined already); the elements keep their first definition.`);
    return;
  }
  const script = document.currentScript as HTMLScriptElement | null;
  if (!script?.src) {
    console.error('<agent-chat>: agent-chat.iife.js must be loaded by a <script src> tag (it loads agent-chat.js from beside itself).');
    return;
  }
  const url = new URL('agent-chat.js', script.src).href;
  import(/* @vite-ignore */ url).then(
    (module: Record<string, unknown>) => {
      const global = window as unknown as { AgentChat?: unknown };
      global.AgentChat ??= module;
    },
    (error: unknown) => console.error(`<agent-chat>: ${url} could not be loaded; serve the files of dist/ together, or use agent-chat.standalone.js.`, error),
  );
}

loadAgentChat();
