/** Types of markdown-doc.mjs, for tests that render the streaming bench's reply. */
export function markdownDocument(length?: number): string;
export function chunk(text: string, size?: number): string[];
export function plainFences(doc: string): string;
