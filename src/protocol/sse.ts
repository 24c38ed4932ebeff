/**
 * A small Server-Sent Events reader (WHATWG "event stream" parsing rules) over a fetch body.
 * Copes with chunks split anywhere (inside a line, inside a CRLF pair, inside a UTF-8 sequence),
 * CR, LF and CRLF line ends, multi-line `data:`, comments and keep-alives.
 */

export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/** Line splitter that keeps state across chunks; pure, no I/O. */
export class SseParser {
  /** Text after the last line end, in the pieces it came in (joined once its line ends). */
  private pending: string[] = [];
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  private hasData = false;
  private skipLeadingLf = false;
  private started = false;

  /** Feeds decoded text; returns the messages it completed. */
  push(text: string): SseMessage[] {
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text === '') return [];
    // A CR ended the last piece: an LF starting this one belongs to it (one CRLF, not two line ends).
    if (this.skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
    this.skipLeadingLf = false;
    // A piece with no line end only waits: a long line costs one pass, not one per piece.
    if (text.indexOf('\n') === -1 && text.indexOf('\r') === -1) {
      if (text) this.pending.push(text);
      return [];
    }
    const input = this.pending.length ? this.pending.join('') + text : text;
    this.pending = [];
    const out: SseMessage[] = [];
    let start = 0;
    // Next CR and LF, each searched again only once passed: one linear scan however long the text.
    let cr = input.indexOf('\r');
    let lf = input.indexOf('\n');
    while (cr !== -1 || lf !== -1) {
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      this.line(input.slice(start, end), out);
      start = end + 1;
      if (end === cr) {
        if (start === input.length) this.skipLeadingLf = true;
        else if (input.charCodeAt(start) === 10) start++;
      }
      if (cr !== -1 && cr < start) cr = input.indexOf('\r', start);
      if (lf !== -1 && lf < start) lf = input.indexOf('\n', start);
    }
    if (start < input.length) this.pending.push(input.slice(start));
    return out;
  }

  /** The stream ended: an unterminated final event is discarded, as the spec says. */
  end(): void {
    this.pending = [];
    this.reset();
  }

  private line(line: string, out: SseMessage[]): void {
    if (line === '') {
      if (this.hasData) {
        const message: SseMessage = { event: this.event || 'message', data: this.data.join('\n') };
        if (this.id !== undefined) message.id = this.id;
        out.push(message);
      }
      this.reset();
      return;
    }
    if (line.charCodeAt(0) === 58 /* ':' comment or keep-alive */) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        this.hasData = true;
        break;
      case 'event':
        this.event = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      default:
        // `retry` and unknown fields do not matter to a one-shot POST stream.
        break;
    }
  }

  private reset(): void {
    this.data = [];
    this.event = '';
    this.hasData = false;
  }
}

const PIECE_BYTES = 16 * 1024;

/**
 * Reads a byte stream as SSE messages, those of each piece of a read together (one step of the
 * reader per network read rather than per message). Throws what the underlying read throws.
 */
export async function* readSseBatches(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      // A fast server's buffered body can arrive as one large chunk: parse it in pieces, so the
      // consumer can pause between them instead of waiting for the whole chunk to be parsed.
      for (let offset = 0; offset < value.length; offset += PIECE_BYTES) {
        const messages = parser.push(decoder.decode(value.subarray(offset, offset + PIECE_BYTES), { stream: true }));
        if (messages.length) yield messages;
      }
    }
    finished = true;
    const rest = decoder.decode();
    const last = rest ? parser.push(rest) : [];
    if (last.length) yield last;
    parser.end();
  } finally {
    // The consumer stopped early (or a read failed): let go of the connection.
    if (!finished) reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
