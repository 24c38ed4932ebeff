/**
 * Finds where finished markdown blocks end in a growing text, so that a streaming message only
 * re-renders its last, unfinished block. Pure and incremental: each call scans only the lines
 * that became complete since the previous call.
 *
 * A block ends at a blank line outside a fenced code block, once the next line shows that it does
 * not continue the block: an indented line continues it, and so does a list item when the block
 * holds a list (a loose list stays one list). An HTML element opened on a line of its own (a
 * `<details>`, a `<div>`) keeps its block open, blank lines and all, until it is closed.
 */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A backtick fence's info string may not hold a backtick (CommonMark): such a line is not a fence. */
const BACKTICK_IN_INFO = /^ {0,3}`{3,}(?!`)[^`\n]*`/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
const HTML_CONTAINER = /^ {0,3}<(details|div|table|pre|blockquote|section|figure|aside|article|ul|ol|dl|center|p)(?=[\s>])/i;
/** A fenced code block still open at the end of the text: its info string and the code so far. */
export interface OpenFence {
  info: string;
  code: string;
}

/** Characters compared at each end of the previous text to tell an extension from a replacement. */
const PREFIX_SAMPLE = 64;

export class MarkdownBlockSplitter {
  private text = '';
  /** Start of the first line not yet scanned. */
  private scanned = 0;
  /** Start of the block still open. */
  private blockStart = 0;
  /** End of the blank run that may close the open block, pending the next line. */
  private pendingEnd = -1;
  private fence: { char: string; length: number; info: string; startsBlock: boolean } | undefined;
  private html: { tag: string; depth: number } | undefined;
  private blockHasList = false;
  private blockHasContent = false;

  /**
   * Takes the whole text so far and returns the blocks that became finished, plus the unfinished
   * tail. `restarted` says the text did not extend the previous one (it was replaced), so blocks
   * returned before no longer apply.
   */
  update(text: string): { finished: string[]; tail: string; restarted: boolean; openFence?: OpenFence } {
    const restarted = !extendsText(text, this.text);
    if (restarted) this.reset();
    this.text = text;
    const finished: string[] = [];
    let newline = text.indexOf('\n', this.scanned);
    while (newline !== -1) {
      const line = text.slice(this.scanned, newline);
      const lineEnd = newline + 1;
      const block = this.line(line, this.scanned, lineEnd);
      if (block) finished.push(block);
      this.scanned = lineEnd;
      newline = text.indexOf('\n', this.scanned);
    }
    const early = this.closeBeforePartialLine(text.slice(this.scanned));
    if (early) finished.push(early);
    const tail = text.slice(this.blockStart);
    if (this.fence?.startsBlock) {
      const firstBreak = tail.indexOf('\n');
      // A line still arriving that may yet close the fence (`` ` ``, ``` `` ```, ```` ``` ````) is not code.
      const partial = text.slice(this.scanned);
      const closing = this.mayCloseFence(partial) ? partial.length : 0;
      const code = firstBreak === -1 ? '' : tail.slice(firstBreak + 1, tail.length - closing);
      return { finished, tail, restarted, openFence: { info: this.fence.info, code } };
    }
    return { finished, tail, restarted };
  }

  /** Whether `line` (complete or still arriving) closes, or may grow into what closes, the open fence. */
  private mayCloseFence(line: string): boolean {
    const fence = this.fence;
    if (!fence || line === '') return false;
    const match = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
    return !!match && match[1][0] === fence.char;
  }

  reset(): void {
    this.text = '';
    this.scanned = 0;
    this.blockStart = 0;
    this.pendingEnd = -1;
    this.fence = undefined;
    this.html = undefined;
    this.blockHasList = false;
    this.blockHasContent = false;
  }

  /**
   * A block waiting on its next line can often be closed as soon as that line begins: its first
   * characters already tell whether it continues the block. The line itself is scanned once complete.
   */
  private closeBeforePartialLine(partial: string): string | undefined {
    if (this.pendingEnd === -1 || partial.trim() === '' || /^\s/.test(partial)) return undefined;
    if (this.blockHasList && (LIST_ITEM.test(partial) || (partial.length < 12 && /^\d*[-*+.)]?$/.test(partial)))) return undefined;
    return this.closeBlock(this.scanned);
  }

  private closeBlock(at: number): string {
    const block = this.text.slice(this.blockStart, at);
    this.blockStart = at;
    this.blockHasContent = false;
    this.blockHasList = false;
    this.pendingEnd = -1;
    return block;
  }

  /** Handles one complete line; returns a block when the line proves the previous one finished. */
  private line(line: string, lineStart: number, lineEnd: number): string | undefined {
    if (this.fence) {
      const close = FENCE.exec(line);
      if (close && close[1][0] === this.fence.char && close[1].length >= this.fence.length && line.slice(close[0].length).trim() === '') {
        this.fence = undefined;
        this.pendingEnd = lineEnd;
      }
      return undefined;
    }
    if (this.html) {
      this.html.depth += count(line, new RegExp(`<${this.html.tag}(?=[\\s>])`, 'gi')) - count(line, new RegExp(`</${this.html.tag}\\s*>`, 'gi'));
      if (this.html.depth <= 0) {
        this.html = undefined;
        this.pendingEnd = lineEnd;
      }
      return undefined;
    }
    if (line.trim() === '') {
      if (this.pendingEnd === -1 && this.blockHasContent) this.pendingEnd = lineEnd;
      return undefined;
    }
    let block: string | undefined;
    const open = BACKTICK_IN_INFO.test(line) ? null : FENCE.exec(line);
    if (this.pendingEnd !== -1) {
      const continues = /^\s/.test(line) || (this.blockHasList && LIST_ITEM.test(line));
      if (continues) this.pendingEnd = -1;
      else block = this.closeBlock(lineStart);
    } else if (open && this.blockHasContent && !this.blockHasList && !this.html) {
      // A fenced code block interrupts a paragraph: it starts a block of its own, which can then
      // be shown while it streams without parsing it again and again.
      block = this.closeBlock(lineStart);
    }
    const startsBlock = !this.blockHasContent;
    this.blockHasContent = true;
    if (LIST_ITEM.test(line)) this.blockHasList = true;
    if (open) this.fence = { char: open[1][0], length: open[1].length, info: line.slice(open[0].length).trim(), startsBlock };
    const container = HTML_CONTAINER.exec(line);
    if (container) {
      const tag = container[1].toLowerCase();
      const depth = count(line, new RegExp(`<${tag}(?=[\\s>])`, 'gi')) - count(line, new RegExp(`</${tag}\\s*>`, 'gi'));
      if (depth > 0) this.html = { tag, depth };
    }
    return block;
  }
}

function count(line: string, pattern: RegExp): number {
  return line.match(pattern)?.length ?? 0;
}

/**
 * Whether `text` extends `previous`. Streamed text only ever grows by appending, and a replacement
 * (a snapshot from the backend) differs at its start or around where the old text ended; comparing
 * those samples keeps this check from growing with the text, as a full comparison would.
 */
function extendsText(text: string, previous: string): boolean {
  if (text.length < previous.length) return false;
  if (previous.length <= PREFIX_SAMPLE * 2) return text.startsWith(previous);
  const head = previous.slice(0, PREFIX_SAMPLE);
  const tailStart = previous.length - PREFIX_SAMPLE;
  return text.startsWith(head) && text.startsWith(previous.slice(tailStart), tailStart);
}
