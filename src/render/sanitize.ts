/**
 * The one sanitizer for untrusted HTML (model output rendered from markdown).
 * Nothing reaches the DOM as HTML without passing through `sanitizeToFragment`.
 * Scripts, event handlers, `javascript:` URLs, forms and embedded frames are removed by the policy
 * below; links open in a new tab without an opener; remote images load lazily without a referrer.
 */
import DOMPurify from 'dompurify';

const purifier = DOMPurify(window);

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('referrerpolicy', 'no-referrer');
  }
});

const policy = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'dialog', 'template', 'slot', 'iframe', 'object', 'embed', 'link', 'meta', 'base'],
  // Inline styles could dress model output up as the widget's own controls.
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction'],
  ALLOW_DATA_ATTR: false,
};

/** Sanitized nodes, ready to insert (the HTML is parsed once, by the sanitizer). */
export function sanitizeToFragment(html: string): DocumentFragment {
  return purifier.sanitize(html, { ...policy, RETURN_DOM_FRAGMENT: true });
}
