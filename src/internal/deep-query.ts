/** The first element matching `selector` in `root`'s shadow tree, looking into nested shadow roots. */
export function deepQuery<T extends HTMLElement = HTMLElement>(root: Element, selector: string): T | undefined {
  const visit = (node: Element | ShadowRoot): T | undefined => {
    const found = node.querySelector<T>(selector);
    if (found) return found;
    for (const child of node.querySelectorAll('*')) {
      const inner = child.shadowRoot && visit(child.shadowRoot);
      if (inner) return inner;
    }
    return undefined;
  };
  return root.shadowRoot ? visit(root.shadowRoot) : undefined;
}
