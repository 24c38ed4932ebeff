import { onFirstNeed } from '../../internal/lazy.js';

/** The tool card and the activity block (`tool-views.ts`), loaded once, when a reply first needs them. */
export const loadToolViews = onFirstNeed(() => import('./tool-views.js'), 'the tool cards');

/** Whether the tool views are there (defined), so a reply draws its cards at once. */
export const toolViewsLoaded = (): boolean => customElements.get('agent-chat-tool-card') !== undefined;

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
