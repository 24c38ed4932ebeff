/**
 * Whether a tool result string is HTML (a table, an SVG plot) rather than markdown or text: it
 * starts with a tag and closes one (or is a self-closed svg or img). Tiny and pure, so the first
 * load can decide without the sanitizer.
 */
export function looksLikeHtml(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('<')) return false;
  return /<\/[a-z][\w-]*\s*>/i.test(trimmed) || /^<(svg|img)\b[^>]*\/>$/i.test(trimmed);
}
