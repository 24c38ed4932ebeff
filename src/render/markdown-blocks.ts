/**
 * Finds where finished markdown blocks end in a growing text, so that a streaming message only
 * re-renders its last, unfinished block. Pure and incremental: each call scans only the lines
 * that became complete since the previous call, so the cost per delta does not grow with the text.
 *
 * A block ends at a blank line outside a fenced code block, once the next line shows that it does
 * not continue the block (an indented line, or a list item after a list, continues it).
 */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;

export class MarkdownBlockSplitter {
  private text = '';
  /** Start of the first line not yet scanned. */
  private scanned = 0;
  /** Start of the block still open. */
  private blockStart = 0;
  /** End of the blank run that may close the open block, pending the next line. */
  private pendingEnd = -1;
  private fence: { char: string; length: number } | undefined;
  private blockIsList = false;
  private blockHasContent = false;

  /**
   * Takes the whole text so far (it must extend the previous text; call `reset` otherwise) and
   * returns the blocks that became finished, plus the unfinished tail. `restarted` says the text
   * did not extend the previous one, so blocks returned before no longer apply.
   */
  update(text: string): { finished: string[]; tail: string; restarted: boolean } {
    const restarted = !text.startsWith(this.text);
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
    return { finished, tail: text.slice(this.blockStart), restarted };
  }

  reset(): void {
    this.text = '';
    this.scanned = 0;
    this.blockStart = 0;
    this.pendingEnd = -1;
    this.fence = undefined;
    this.blockIsList = false;
    this.blockHasContent = false;
  }

  /**
   * A block waiting on its next line can often be closed as soon as that line begins: its first
   * characters already tell whether it continues the block. The line itself is scanned once complete.
   */
  private closeBeforePartialLine(partial: string): string | undefined {
    if (this.pendingEnd === -1 || this.fence || partial.trim() === '' || /^\s/.test(partial)) return undefined;
    if (this.blockIsList && (LIST_ITEM.test(partial) || (partial.length < 12 && /^\d*[-*+.)]?$/.test(partial)))) return undefined;
    const block = this.text.slice(this.blockStart, this.scanned);
    this.blockStart = this.scanned;
    this.blockHasContent = false;
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
    if (line.trim() === '') {
      if (this.pendingEnd === -1 && this.blockHasContent) this.pendingEnd = lineEnd;
      return undefined;
    }
    let block: string | undefined;
    if (this.pendingEnd !== -1) {
      const continues = /^\s/.test(line) || (this.blockIsList && LIST_ITEM.test(line));
      if (!continues) {
        block = this.text.slice(this.blockStart, lineStart);
        this.blockStart = lineStart;
        this.blockHasContent = false;
      }
      this.pendingEnd = -1;
    }
    if (!this.blockHasContent) {
      this.blockIsList = LIST_ITEM.test(line);
      this.blockHasContent = true;
    }
    const open = FENCE.exec(line);
    if (open) this.fence = { char: open[1][0], length: open[1].length };
    return block;
  }
}
