/** Markdown shown as its text, lines kept, until it is parsed. */
export function plainText(source: string): HTMLDivElement {
  const element = document.createElement('div');
  element.className = 'md-plain';
  element.style.whiteSpace = 'pre-wrap';
  element.append(source);
  return element;
}
