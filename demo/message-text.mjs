// The text of AG-UI message content, for the scripted agent's scripts.

/** Text of message content: a string, or the text parts of multimodal content joined by spaces. */
export function contentText(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part) => part?.type === 'text')
    .map((part) => part.text)
    .join(' ');
}
