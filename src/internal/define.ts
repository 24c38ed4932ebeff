/**
 * Registers a custom element once. Loading the script a second time (the module twice, or the
 * module and the classic build) finds the name taken: it warns once and keeps the first
 * definition instead of throwing. Where there is no DOM (no custom element registry, or one
 * without `HTMLElement`: Node, SSR) it does nothing.
 */
let warned = false;

export function define(name: string, element: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined') return;
  const existing = customElements.get(name);
  if (!existing) {
    customElements.define(name, element);
    return;
  }
  if (existing !== element && !warned) {
    warned = true;
    console.warn(`<agent-chat>: the script was loaded more than once (<${name}> is defined already); the elements keep their first definition.`);
  }
}
