/** Tool arguments and results as display text: JSON pretty-printed, content parts as their text. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        return JSON.stringify(JSON.parse(trimmed), null, 2);
      } catch {
        return value;
      }
    }
    return value;
  }
  if (Array.isArray(value) && value.every((part) => part && typeof part === 'object' && 'type' in part)) {
    return value.map((part) => (part.type === 'text' ? String(part.text ?? '') : `[${part.type}]`)).join('\n');
  }
  return JSON.stringify(value, null, 2);
}
