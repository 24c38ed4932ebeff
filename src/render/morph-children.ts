/**
 * Brings drawn DOM in line with a fresh rendering of it (the streaming last block of a reply,
 * drawn again as it grows), keeping each node that is still there: what was shown before is not
 * styled or laid out again, and a formula already drawn stays as it is (matched by what it shows,
 * `formulaKey`), instead of being drawn anew on every delta.
 */
import { guardedImageKey } from './image-placeholders.js';
import { formulaKey } from './math-loader.js';

/** Makes `target`'s children look like `source`'s, moving in what is new; `source` is emptied. */
export function morphChildren(target: Node, source: Node): void {
  patchChildren(target, source);
  // What was not moved in is dropped (formulas in it are then not drawn: see math-render.ts).
  source.textContent = '';
}

function patchChildren(target: Node, source: Node): void {
  let old = target.firstChild;
  let next = source.firstChild;
  while (next) {
    const following = next.nextSibling;
    if (!old) target.appendChild(next);
    else if (sameKind(old, next)) {
      morphNode(old, next);
      old = old.nextSibling;
    } else {
      const after = old.nextSibling;
      target.replaceChild(next, old);
      old = after;
    }
    next = following;
  }
  while (old) {
    const after: ChildNode | null = old.nextSibling;
    target.removeChild(old);
    old = after;
  }
}

function sameKind(old: Node, next: Node): boolean {
  if (old.nodeType !== next.nodeType) return false;
  if (!(old instanceof Element) || !(next instanceof Element)) return old.nodeType === Node.TEXT_NODE;
  // An image placeholder's button carries its own click handler: it is replaced, not patched.
  if (old.classList.contains('image-placeholder')) return false;
  return old.localName === next.localName && old.namespaceURI === next.namespaceURI && formulaKey(old) === formulaKey(next) && guardedImageKey(old) === guardedImageKey(next);
}

function morphNode(old: Node, next: Node): void {
  if (!(old instanceof Element) || !(next instanceof Element)) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return;
  }
  // The same formula: the one drawn (or about to be) stays.
  if (formulaKey(old) !== undefined) return;
  // The same image of the page's origin: it shows (or will show) its checked copy.
  if (guardedImageKey(old) !== null) return;
  for (const name of old.getAttributeNames()) if (!next.hasAttribute(name)) old.removeAttribute(name);
  for (const name of next.getAttributeNames()) {
    const value = next.getAttribute(name)!;
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  patchChildren(old, next);
}
