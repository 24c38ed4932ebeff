/**
 * Finds where finished markdown blocks end in a growing text, so that a streaming message only
 * re-renders its last, unfinished block. Pure and incremental: each call scans only the lines
 * that became complete since the previous call.
 *
 * A block ends at a blank line outside a fenced code block, once the next line shows that it does
 * not continue the block: an indented line continues it, and so does a list item when the block
 * holds a list (a loose list stays one list). An HTML element opened on a line of its own (a
 * `<details>`, a `<div>`) keeps its block open, blank lines and all, until it is closed.
 *
 * A block that grows past `maxBlock` characters without ending (a 1 MB paragraph, list or table
 * with no blank line) would be parsed again, whole, on every frame. It is cut into pieces at the
 * first line past the limit that can start a piece of its own without changing what it shows: a
 * list item of a list, a `>` line of a quote, a row of a table (the piece gets the table's header
 * again), any unindented line of a paragraph — never inside a fence or an HTML element. Each piece
 * is parsed alone (`sources`). An open block still too long (no such line came) is `plain`: the
 * view shows it as text until it ends. Displayed math (`$$` or `\[` opening a line, closed on a later
 * one, no blank line between) is never cut: it parses as one formula.
 */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A backtick fence's info string may not hold a backtick (CommonMark): such a line is not a fence. */
const BACKTICK_IN_INFO = /^ {0,3}`{3,}(?!`)[^`\n]*`/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
const HTML_CONTAINER = /^ {0,3}<(details|div|table|pre|blockquote|section|figure|aside|article|ul|ol|dl|center|p)(?=[\s>])/i;
/** A setext heading underline, a thematic break or a table's delimiter row: it belongs to the line before. */
const UNDERLINE = /^ {0,3}(?:=+|-+|\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?)\s*$/;
const DELIMITER_ROW = /^ {0,3}\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
/** A line that starts a block of another kind (and so ends a table or a quote's lazy lines). */
const BLOCK_START = /^ {0,3}(?:#{1,6}(?:\s|$)|>|[-*+](?:\s|$)|\d{1,9}[.)](?:\s|$)|`{3,}|~{3,}|<|(?:[-*_]\s*){3,}$)/;
/** A line opening displayed math (`$$`, `\[`) that it does not close itself: the closing delimiter to wait for. */
const MATH_OPEN = /^ {0,3}(\$\$|\\\[)/;
/** Characters an open block may reach before it is cut at a line start (see above). */
export const MAX_BLOCK = 8_000;
/** A fenced code block still open at the end of the text: its info string and the code so far. */
export interface OpenFence {
  info: string;
  code: string;
}

/** Characters compared at each end of the previous text to tell an extension from a replacement. */
const PREFIX_SAMPLE = 64;

/** What `update` found: blocks finished since the last call, and the block still open. */
export interface SplitStep {
  /** The text of each block finished since the last call; with `tail`, the whole text. */
  finished: string[];
  /** The open block's text. */
  tail: string;
  /** The text did not extend the previous one: blocks returned before no longer apply. */
  restarted: boolean;
  openFence?: OpenFence;
  /** The markdown to parse for `finished`, each on its own: whole blocks together, each piece of a cut block alone. */
  sources: string[];
  /** The markdown to parse for `tail` (a piece of a table with its header). */
  tailSource: string;
  /** The open block is too long to parse again on every frame: show it as text until it ends. */
  plain: boolean;
}

type BlockKind = 'text' | 'quote' | 'table';

interface Finished {
  text: string;
  source: string;
  /** A piece of a cut block: parsed alone, never with its neighbours. */
  piece: boolean;
}

export class MarkdownBlockSplitter {
  private readonly maxBlock: number;
  private text = '';
  /** Start of the first line not yet scanned. */
  private scanned = 0;
  /** Start of the block still open. */
  private blockStart = 0;
  /** End of the blank run that may close the open block, pending the next line. */
  private pendingEnd = -1;
  private fence: { char: string; length: number; info: string; startsBlock: boolean } | undefined;
  private html: { tag: string; depth: number } | undefined;
  /** Displayed math opened and not yet closed: its closing delimiter. */
  private mathClose: string | undefined;
  private blockHasList = false;
  private blockHasContent = false;
  private kind: BlockKind = 'text';
  /** The last non-blank line of the open block, outside fences and HTML, and where it started. */
  private previousLine = '';
  private previousStart = -1;
  /** The open table's header and delimiter rows, which each of its pieces gets again. */
  private tableHead: string | undefined;
  /** The open block continues a block that was cut (after the header of `carried`, for a table). */
  private continued = false;
  private carried = '';

  constructor({ maxBlock = MAX_BLOCK }: { maxBlock?: number } = {}) {
    this.maxBlock = maxBlock;
  }

  /**
   * Takes the whole text so far and returns the blocks that became finished, plus the unfinished
   * tail. `restarted` says the text did not extend the previous one (it was replaced), so blocks
   * returned before no longer apply.
   */
  update(text: string): SplitStep {
    const restarted = !extendsText(text, this.text);
    if (restarted) this.reset();
    this.text = text;
    const blocks: Finished[] = [];
    let newline = text.indexOf('\n', this.scanned);
    while (newline !== -1) {
      const line = text.slice(this.scanned, newline);
      const lineEnd = newline + 1;
      const block = this.line(line, this.scanned, lineEnd);
      if (block) blocks.push(block);
      this.scanned = lineEnd;
      newline = text.indexOf('\n', this.scanned);
    }
    const early = this.closeBeforePartialLine(text.slice(this.scanned));
    if (early) blocks.push(early);
    const tail = text.slice(this.blockStart);
    const step: SplitStep = {
      finished: blocks.map((block) => block.text),
      tail,
      restarted,
      sources: sourcesOf(blocks),
      tailSource: this.carried + tail,
      plain: tail.length > 2 * this.maxBlock,
    };
    if (this.fence?.startsBlock) {
      const firstBreak = tail.indexOf('\n');
      // A line still arriving that may yet close the fence (`` ` ``, ``` `` ```, ```` ``` ````) is not code.
      const partial = text.slice(this.scanned);
      const closing = this.mayCloseFence(partial) ? partial.length : 0;
      const code = firstBreak === -1 ? '' : tail.slice(firstBreak + 1, tail.length - closing);
      step.openFence = { info: this.fence.info, code };
      step.plain = false;
    }
    return step;
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
    this.mathClose = undefined;
    this.blockHasList = false;
    this.blockHasContent = false;
    this.resetKind();
  }

  private resetKind(): void {
    this.kind = 'text';
    this.previousLine = '';
    this.previousStart = -1;
    this.tableHead = undefined;
    this.continued = false;
    this.carried = '';
  }

  /**
   * A block waiting on its next line can often be closed as soon as that line begins: its first
   * characters already tell whether it continues the block. The line itself is scanned once complete.
   */
  private closeBeforePartialLine(partial: string): Finished | undefined {
    if (this.pendingEnd === -1 || partial.trim() === '' || /^\s/.test(partial)) return undefined;
    if (this.blockHasList && (LIST_ITEM.test(partial) || (partial.length < 12 && /^\d*[-*+.)]?$/.test(partial)))) return undefined;
    return this.closeBlock(this.scanned);
  }

  private closeBlock(at: number): Finished {
    const text = this.text.slice(this.blockStart, at);
    const block = { text, source: this.carried + text, piece: this.continued };
    this.blockStart = at;
    this.blockHasContent = false;
    this.blockHasList = false;
    this.pendingEnd = -1;
    this.resetKind();
    return block;
  }

  /** Ends the open block's piece at `at`; the block goes on in the next piece, of the same kind. */
  private cutBlock(at: number): Finished {
    const text = this.text.slice(this.blockStart, at);
    const block = { text, source: this.carried + text, piece: true };
    this.blockStart = at;
    this.continued = true;
    this.carried = this.kind === 'table' ? (this.tableHead ?? '') : '';
    return block;
  }

  /** Whether the open block, past its limit, may be cut before `line` without changing what it shows. */
  private mayCutBefore(line: string): boolean {
    if (this.mathClose || /^\s/.test(line) || UNDERLINE.test(line) || FENCE.test(line) || HTML_CONTAINER.test(line)) return false;
    if (this.kind === 'table') return line.includes('|') && !BLOCK_START.test(line);
    if (this.kind === 'quote') return /^>/.test(line) || BLOCK_START.test(line);
    if (this.blockHasList) return LIST_ITEM.test(line);
    return true;
  }

  /** Follows what kind of block the open one is, line by line: a table's header is kept for its pieces. */
  private trackKind(line: string, lineStart: number, lineEnd: number): void {
    const headerAbove = this.previousStart + this.previousLine.length + 1 === lineStart && this.previousLine.includes('|');
    if (this.kind !== 'table' && headerAbove && DELIMITER_ROW.test(line) && line.includes('-')) {
      this.kind = 'table';
      this.tableHead = this.text.slice(this.previousStart, lineEnd);
    } else if (!this.blockHasContent || (this.kind !== 'text' && BLOCK_START.test(line) && !(this.kind === 'quote' && /^ {0,3}>/.test(line)))) {
      this.kind = /^ {0,3}>/.test(line) ? 'quote' : 'text';
      this.tableHead = undefined;
    }
    this.previousLine = line;
    this.previousStart = lineStart;
  }

  /** Follows displayed math across lines: open from a line starting with `$$` or `\[` that does not close it, until a line that does. */
  private trackMath(line: string): void {
    if (this.mathClose) {
      if (line.includes(this.mathClose)) this.mathClose = undefined;
      return;
    }
    const open = MATH_OPEN.exec(line);
    if (!open) return;
    const close = open[1] === '$$' ? '$$' : '\\]';
    if (!line.slice(open[0].length).includes(close)) this.mathClose = close;
  }

  /** Handles one complete line; returns a block when the line proves the previous one finished (or cuts it). */
  private line(line: string, lineStart: number, lineEnd: number): Finished | undefined {
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
      this.mathClose = undefined;
      return undefined;
    }
    let block: Finished | undefined;
    const open = BACKTICK_IN_INFO.test(line) ? null : FENCE.exec(line);
    const overLimit = this.blockHasContent && lineStart - this.blockStart >= this.maxBlock;
    if (this.pendingEnd !== -1) {
      const continues = /^\s/.test(line) || (this.blockHasList && LIST_ITEM.test(line));
      if (!continues) block = this.closeBlock(lineStart);
      else {
        this.pendingEnd = -1;
        // A loose list (blank lines between its items) is cut at an item too.
        if (overLimit && this.mayCutBefore(line)) block = this.cutBlock(lineStart);
      }
    } else if (open && this.blockHasContent && !this.blockHasList && !this.html) {
      // A fenced code block interrupts a paragraph: it starts a block of its own, which can then
      // be shown while it streams without parsing it again and again.
      block = this.closeBlock(lineStart);
    } else if (overLimit && this.mayCutBefore(line)) {
      block = this.cutBlock(lineStart);
    }
    this.trackKind(line, lineStart, lineEnd);
    this.trackMath(line);
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

/** Whole blocks finished together parse together (as they did apart); each piece of a cut block parses alone. */
function sourcesOf(blocks: Finished[]): string[] {
  const sources: string[] = [];
  let joined = '';
  for (const block of blocks) {
    if (!block.piece) {
      joined += block.source;
      continue;
    }
    if (joined) sources.push(joined);
    joined = '';
    sources.push(block.source);
  }
  if (joined) sources.push(joined);
  return sources;
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
