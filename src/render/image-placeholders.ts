/**
 * The image policy applied (see image-policy.ts): images from other origins become placeholders,
 * every image is bounded in size and never aligned. Part of the markdown chunk.
 */
import { defaultImagePolicy, type ImagePolicy } from './image-policy.js';

/** Images bounded so a reply cannot cover the chat with one (a 32,000 px SVG, a fake prompt). */
const MAX_HEIGHT = '24em';

/** Whether an image at `src` loads without asking: the page's own origin, `data:` or `blob:`. */
export function loadsWithoutAsking(src: string, page: string = location.href): boolean {
  try {
    const url = new URL(src, page);
    return url.protocol === 'data:' || url.protocol === 'blob:' || url.origin === new URL(page).origin;
  } catch {
    return false;
  }
}

/** The host an image would be fetched from, as the person should read it. */
export function imageHost(src: string, page: string = location.href): string {
  try {
    return new URL(src, page).host || src.slice(0, 60);
  } catch {
    return src.slice(0, 60);
  }
}

/** Applies the policy to the images under `root` (not yet in the document). */
export function applyImagePolicy(root: ParentNode, policy: ImagePolicy = defaultImagePolicy): void {
  for (const image of root.querySelectorAll('img')) {
    image.removeAttribute('align');
    image.style.maxWidth = '100%';
    image.style.maxHeight = MAX_HEIGHT;
    const src = image.getAttribute('src') ?? '';
    if (!src || policy.mode === 'allow' || loadsWithoutAsking(src)) continue;
    if (policy.mode === 'click' && policy.shown?.has(src)) continue;
    image.replaceWith(placeholder(image, policy));
  }
}

function placeholder(image: HTMLImageElement, policy: ImagePolicy): HTMLElement {
  const host = imageHost(image.getAttribute('src') ?? '');
  const alt = image.getAttribute('alt')?.trim();
  const text = (policy.mode === 'click' ? policy.showImage : policy.imageBlocked).replace('{host}', host) + (alt ? ` (${alt})` : '');
  const element = document.createElement(policy.mode === 'click' ? 'button' : 'span');
  element.className = 'image-placeholder';
  element.textContent = text;
  element.style.border = '1px dashed currentColor';
  element.style.borderRadius = '6px';
  element.style.padding = '4px 8px';
  element.style.font = 'inherit';
  element.style.background = 'transparent';
  element.style.color = 'inherit';
  element.style.opacity = '0.8';
  if (element instanceof HTMLButtonElement) {
    element.type = 'button';
    element.addEventListener(
      'click',
      () => {
        policy.shown?.add(image.getAttribute('src') ?? '');
        element.replaceWith(image);
      },
      { once: true },
    );
  }
  return element;
}
