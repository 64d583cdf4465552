/**
 * Decodes base64 text that arrives in pieces, handing on the bytes as it goes, so a file sent as
 * base64 inside JSON is never held whole. It takes what the upload calls always took: an optional
 * `data:…;base64,` prefix, whitespace anywhere, padding only at the end; anything else is refused.
 */

export class Base64Error extends Error {
  constructor() {
    super('Not base64 text');
  }
}

/** 1: a base64 letter; 2: whitespace; 3: '='; 0: refused. */
const CLASS = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') CLASS[c.charCodeAt(0)] = 1;
for (const c of ' \t\n\r') CLASS[c.charCodeAt(0)] = 2;
CLASS['='.charCodeAt(0)] = 3;

/** The longest prefix looked for, as the upload schemas allowed it: `data:` + 200 + `;base64,`. */
const PREFIX_MAX = 5 + 200 + 8;
const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,$/;

export class Base64Decoder {
  /** Text held back until it is known whether it opens with a data-URL prefix. */
  private start: Buffer | null = Buffer.alloc(0);
  /** Letters not yet decoded (fewer than 4). */
  private carry = '';
  private padding = 0;

  constructor(private readonly emit: (bytes: Buffer) => Promise<void>) {}

  async write(text: Buffer): Promise<void> {
    if (this.start) {
      const held = Buffer.concat([this.start, text]);
      const rest = this.takePrefix(held);
      if (rest === null) {
        this.start = held;
        return;
      }
      this.start = null;
      text = rest;
    }
    const letters = Buffer.allocUnsafe(text.length);
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      const kind = CLASS[text[i]];
      if (kind === 1) {
        if (this.padding > 0) throw new Base64Error();
        letters[n++] = text[i];
      } else if (kind === 3) {
        if (++this.padding > 2) throw new Base64Error();
      } else if (kind !== 2) throw new Base64Error();
    }
    const all = this.carry + letters.toString('latin1', 0, n);
    const whole = all.length - (all.length % 4);
    this.carry = all.slice(whole);
    if (whole > 0) await this.emit(Buffer.from(all.slice(0, whole), 'base64'));
  }

  /** Decodes what is left; refuses a dangling letter. */
  async end(): Promise<void> {
    if (this.start) {
      const held = this.start;
      this.start = null;
      if (held.subarray(0, 5).toString('latin1') === 'data:') throw new Base64Error();
      await this.write(held);
    }
    if (this.carry.length === 1) throw new Base64Error();
    if (this.carry.length > 0) await this.emit(Buffer.from(this.carry, 'base64'));
    this.carry = '';
  }

  /**
   * The text after a data-URL prefix, the whole text when it has none, or null while too little
   * has arrived to tell.
   */
  private takePrefix(held: Buffer): Buffer | null {
    const lead = held.subarray(0, 5).toString('latin1');
    if (!'data:'.startsWith(lead.slice(0, Math.min(5, held.length)))) return held;
    if (held.length < 5) return null;
    const comma = held.indexOf(0x2c);
    if (comma === -1) {
      if (held.length > PREFIX_MAX) throw new Base64Error();
      return null;
    }
    if (!DATA_URL_PREFIX.test(held.subarray(0, comma + 1).toString('latin1'))) throw new Base64Error();
    return held.subarray(comma + 1);
  }
}
