/**
 * The image policy applied (see image-policy.ts): images from other origins become placeholders,
 * images of the page's own origin load only when they do not redirect (same-origin-image.ts), every
 * image is bounded in size and never aligned. Part of the markdown chunk.
 */
import { defaultImagePolicy, type ImagePolicy } from './image-policy.js';
import { copyStillKept, fetchSameOrigin, knownOutcome, sameOriginAddress, type SameOriginOutcome } from './same-origin-image.js';

/** Images bounded so a reply cannot cover the chat with one (a 32,000 px SVG, a fake prompt). */
const MAX_HEIGHT = '24em';
/** On an image of the page's origin waiting for (or showing) its checked copy: its address as written. */
const GUARDED_SRC = 'data-guarded-src';

/** Whether an image at `src` is not from another origin: the page's own origin, `data:` or `blob:`. */
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

/** The address of an image shown through its checked copy (two renderings of it are the same image), else null. */
export function guardedImageKey(element: Element): string | null {
  return element.localName === 'img' ? element.getAttribute(GUARDED_SRC) : null;
}

/** Applies the policy to the images under `root` (not yet in the document). */
export function applyImagePolicy(root: ParentNode, policy: ImagePolicy = defaultImagePolicy): void {
  for (const image of root.querySelectorAll('img')) {
    image.removeAttribute('align');
    image.style.maxWidth = '100%';
    image.style.maxHeight = MAX_HEIGHT;
    const src = image.getAttribute('src') ?? '';
    if (!src || policy.mode === 'allow') continue;
    if (policy.mode === 'click' && policy.shown?.has(src)) continue;
    const address = sameOriginAddress(src);
    if (address) guard(image, src, address, policy);
    else if (!loadsWithoutAsking(src)) image.replaceWith(placeholder(image, src, policy, false));
  }
}

/**
 * An image of the page's own origin shows its checked copy: at once when the copy is known, else
 * once it is fetched (no `src` until then, so nothing loads by itself).
 */
function guard(image: HTMLImageElement, src: string, address: string, policy: ImagePolicy, retried = false): void {
  image.removeAttribute('src');
  image.setAttribute(GUARDED_SRC, src);
  const known = knownOutcome(address);
  if (known) show(image, src, address, known, policy, retried);
  else void fetchSameOrigin(address).then((outcome) => show(image, src, address, outcome, policy, retried));
}

function show(image: HTMLImageElement, src: string, address: string, outcome: SameOriginOutcome, policy: ImagePolicy, retried: boolean): void {
  // No longer waiting for this copy (its placeholder was pressed: it loads directly); an error status: its alt text stands in.
  if (image.getAttribute(GUARDED_SRC) !== src || outcome.kind === 'missing') return;
  if (outcome.kind !== 'image') {
    image.replaceWith(placeholder(image, src, policy, outcome.kind === 'redirect'));
    return;
  }
  image.addEventListener(
    'error',
    () => {
      if (image.getAttribute(GUARDED_SRC) !== src) return;
      // A copy dropped from the cache before this image loaded it (a lazy image scrolled to late): fetched again, once.
      if (!retried && !copyStillKept(address, outcome.src)) guard(image, src, address, policy, true);
      // Bytes that are no picture, or a page whose CSP allows no `blob:`/`data:` images: the person may load it directly.
      else image.replaceWith(placeholder(image, src, policy, false));
    },
    { once: true },
  );
  image.src = outcome.src;
}

/** `redirects`: an address of the page's origin that answered with a redirect. */
function placeholder(image: HTMLImageElement, src: string, policy: ImagePolicy, redirects: boolean): HTMLElement {
  const host = imageHost(src);
  const alt = image.getAttribute('alt')?.trim();
  const words = policy.mode !== 'click' ? policy.imageBlocked : redirects ? (policy.showRedirectedImage ?? policy.showImage) : policy.showImage;
  const text = words.replace('{host}', host) + (alt ? ` (${alt})` : '');
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
        policy.shown?.add(src);
        image.removeAttribute(GUARDED_SRC);
        image.setAttribute('src', src);
        element.replaceWith(image);
      },
      { once: true },
    );
  }
  return element;
}
