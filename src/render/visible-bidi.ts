/**
 * Labels the chat did not write (file names, source titles, suggested prompts, thread titles) may
 * carry invisible direction controls: `invoice` + RIGHT-TO-LEFT OVERRIDE + `fdp.exe` reads
 * "invoiceexe.pdf". Here each explicit control (embeddings, overrides, isolates and their ends)
 * becomes a visible marker (`invoice⟨RLO⟩fdp.exe`), so what the person reads — and what a screen
 * reader says — is the text as it is. The marks (LRM, RLM, ALM) stay: right-to-left writers type
 * them, they cannot turn letters around, and the label's `<bdi>` keeps them inside it. Pure, no DOM.
 */

/** Each direction control and the short name shown in its place. */
const CONTROL_NAMES: Record<string, string> = {
  '\u202A': 'LRE',
  '\u202B': 'RLE',
  '\u202C': 'PDF',
  '\u202D': 'LRO',
  '\u202E': 'RLO',
  '\u2066': 'LRI',
  '\u2067': 'RLI',
  '\u2068': 'FSI',
  '\u2069': 'PDI',
};

const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `text` with every direction control replaced by a visible marker such as `⟨RLO⟩` ('' when not text). */
export function visibleBidi(text: string): string {
  // A stored or imported record may hold anything where a name should be.
  if (typeof text !== 'string') return '';
  return text.replace(CONTROLS, (control) => `⟨${CONTROL_NAMES[control]}⟩`);
}
