import { whenIdle } from '../../internal/idle.js';
import { onFirstNeed } from '../../internal/lazy.js';

/** The tool card and the activity block (`tool-views.ts`), loaded once, when a reply first needs them. */
export const loadToolViews = onFirstNeed(() => import('./tool-views.js'), 'the tool cards');

/** Whether the tool views are there (defined), so a reply draws its cards at once. */
export const toolViewsLoaded = (): boolean => customElements.get('agent-chat-tool-card') !== undefined;

/** How long a preload waits for an idle moment at most (ms). */
const PRELOAD_WAIT_MS = 1_000;
let preloadAsked = false;

/** Fetches the tool views ahead, in the page's next idle moment (a card drawn before then loads them at once). */
export function preloadToolViews(): void {
  if (preloadAsked || toolViewsLoaded()) return;
  preloadAsked = true;
  whenIdle(() => void loadToolViews(), PRELOAD_WAIT_MS);
}

/**
 * Settles once every element drawn under `root`, and under their shadow roots in turn, has
 * finished drawing: views defined late (after their tags were in place) draw after the message did.
 */
export async function drawnInside(root: ParentNode): Promise<void> {
  for (const element of root.querySelectorAll('*')) {
    const view = element as Element & { updateComplete?: Promise<unknown> };
    if (!view.updateComplete) continue;
    await view.updateComplete;
    if (view.shadowRoot) await drawnInside(view.shadowRoot);
  }
}
