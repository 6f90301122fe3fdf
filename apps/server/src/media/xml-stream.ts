/**
 * A streaming XML reader for the parts of Office files (issue 37): bytes go in as they are
 * inflated, elements and text come out as events. A thin adapter over saxes (the streaming XML
 * parser jsdom uses), which checks well-formedness and decodes the five predefined entities and
 * character references. No document type is accepted, so no entity is defined by the file.
 *
 * Memory: saxes keeps only what it has not finished (one text node, tag, comment, processing
 * instruction, CDATA section or document type: it hands each over whole at its end, a text node
 * included) and the start tags of the elements still open. That is bounded by the bytes written
 * in, which the callers cap (pptx-text.ts: 20 MB a part, 64 MB in all), but not tightly enough:
 * saxes builds what it keeps by concatenation, a piece at each entity or carriage return, at about
 * 30 bytes of heap a piece, so 20 MB of `&amp;` or `\r` in one text node outgrows the deck worker's
 * 128 MB heap. Hence the caps below, far above anything a real part has, which keep it to a few
 * MB. (A text node that long is refused as unreadable, not as too much text: pptx-text.ts counts
 * the text when it gets it, and refuses far less than that anyway.)
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export interface XmlEvents {
  /** An element starts; `attributes` gives them when asked. A self-closing one closes at once. */
  open?(name: string, attributes: () => Record<string, string>): void;
  close?(name: string): void;
  /** Character data, decoded: each text node (or CDATA section) whole, at its end. */
  text?(text: string): void;
}

/** Not well-formed, a document type, or a text, tag or nesting beyond anything real. */
export class XmlFormatError extends Error {
  override readonly name = 'XmlFormatError';
}

/**
 * The most characters of the document saxes may hold at once: what it has not finished (a text
 * node, tag, comment...) and the start tags of the open elements (it keeps their attributes).
 */
const MAX_HELD_CHARS = 256 * 1024;
/** Elements open at once (a real slide nests a few dozen deep). */
const MAX_DEPTH = 1024;
/** Characters written to saxes at a time, so that the cap above is checked often enough. */
const STEP_CHARS = 64 * 1024;

export class XmlStream {
  private readonly parser = new SaxesParser({ xmlns: false });
  private readonly decoder = new TextDecoder('utf-8');
  /** Characters written to the parser so far. */
  private written = 0;
  /** Where the last text or tag saxes handed over ended: what follows, it holds. */
  private handedOver = 0;
  /** The length of each open element's start tag, outermost first. */
  private readonly openTags: number[] = [];
  private openTagChars = 0;

  constructor(events: XmlEvents) {
    const { parser } = this;
    // Six handlers at most: with a seventh the parser object's properties go slow in V8, and saxes
    // with them, four times slower. Comments and processing instructions count as held until the
    // next text or tag, then.
    parser.on('error', (error) => {
      throw new XmlFormatError(`Malformed XML: ${error.message}`, { cause: error });
    });
    parser.on('doctype', () => {
      throw new XmlFormatError('Document types are not accepted');
    });
    parser.on('opentag', (tag: SaxesTagPlain) => {
      const length = this.handOver();
      if (!tag.isSelfClosing) {
        this.openTags.push(length);
        this.openTagChars += length;
        if (this.openTags.length > MAX_DEPTH) throw new XmlFormatError('Elements nested too deep');
      }
      events.open?.(tag.name, () => tag.attributes);
    });
    parser.on('closetag', (tag: SaxesTagPlain) => {
      this.handOver();
      if (!tag.isSelfClosing) this.openTagChars -= this.openTags.pop() ?? 0;
      events.close?.(tag.name);
    });
    // Handled even when not wanted, to know that saxes let go of it.
    const text = (chunk: string) => {
      this.handOver();
      events.text?.(chunk);
    };
    parser.on('text', text);
    parser.on('cdata', text);
  }

  /** Notes that saxes handed something over, up to here; answers how long it was. */
  private handOver(): number {
    const length = this.parser.position - this.handedOver;
    this.handedOver = this.parser.position;
    return length;
  }

  /** Bytes of the document (UTF-8), in order. */
  writeBytes(chunk: Uint8Array): void {
    this.write(this.decoder.decode(chunk, { stream: true }));
  }

  /** Text of the document, in order. */
  write(chunk: string): void {
    for (let at = 0; at < chunk.length; at += STEP_CHARS) {
      const piece = chunk.slice(at, at + STEP_CHARS);
      this.parser.write(piece);
      this.written += piece.length;
      if (this.written - this.handedOver + this.openTagChars > MAX_HELD_CHARS) {
        throw new XmlFormatError('A text, tag or nesting longer than anything real');
      }
    }
  }

  /** The document is complete: throws if it is not well-formed to the end. */
  end(): void {
    this.write(this.decoder.decode());
    this.parser.close();
  }
}
