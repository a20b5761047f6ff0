import {redact} from '../secrets.js';

/**
 * Neutralises untrusted text (titles, descriptions, error messages from the upstream)
 * before it reaches a terminal. A report title could otherwise clear the screen (ESC[2J),
 * retitle the window, plant a hyperlink to somewhere else (OSC 8), or reorder what the
 * reader sees with bidi overrides (the "Trojan Source" trick).
 *
 * Removed: whole escape sequences (CSI, OSC, DCS/SOS/PM/APC strings, two-byte ESC
 * sequences, their 8-bit C1 forms), every other C0/C1 control and DEL, and the bidi
 * embedding/override/isolate controls U+202A-U+202E and U+2066-U+2069. The visible text
 * between sequences stays (an OSC 8 link keeps its label, loses its target).
 *
 * Invisible characters go too: zero-width space/joiners and direction marks
 * (U+200B-U+200F), word joiner (U+2060), Arabic letter mark (U+061C), BOM (U+FEFF), soft
 * hyphen (U+00AD) and tag characters (U+E0000-U+E007F). Where their presence is the point,
 * an asset `pay\u200bpal.com` that reads as `paypal.com`, `revealInvisible` shows them
 * instead (`pay<U+200B>pal.com`).
 *
 * Newline and tab survive only with `multiline` (detail views); otherwise each becomes one
 * space so a value cannot break a table row. CR LF and lone CR count as newlines; U+2028
 * and U+2029 (line/paragraph separator) too.
 *
 * Registered secrets (the API key, Redis passwords: src/secrets.ts) are masked last.
 */
export interface SanitizeOptions {
  multiline?: boolean;
}

// A string sequence (OSC, DCS, SOS, PM, APC) runs until BEL or ST (ESC \ or 8-bit 0x9C).
// Unterminated ones keep their body as plain text: once the introducer is gone it is inert.
const STRING_SEQUENCE = /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)/g;
// CSI: ESC [ or 8-bit 0x9B, parameter bytes, intermediate bytes, one final byte.
const CSI_SEQUENCE = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]/g;
// Any other escape: ESC, intermediates, one final byte (ESC c resets the terminal, ESC 7 saves the cursor).
const ESC_SEQUENCE = /\u001b[\u0020-\u002f]*[\u0030-\u007e]/g;
const NEWLINES = /\r\n|[\r\n\u2028\u2029]/g;
// After the sequences are gone: remaining controls (lone ESC included), DEL, C1, bidi controls.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// Characters that change what a reader sees without showing themselves.
const INVISIBLE = /[\u00ad\u061c\u200b-\u200f\u2060\ufeff\u{e0000}-\u{e007f}]/gu;
// What revealInvisible names: the invisibles and the bidi controls (stripped elsewhere).
const REVEALED = /[\u00ad\u061c\u200b-\u200f\u2060\ufeff\u202a-\u202e\u2066-\u2069\u{e0000}-\u{e007f}]/gu;

export function sanitizeText(text: string, options: SanitizeOptions = {}): string {
  const stripped = text
    .replace(STRING_SEQUENCE, '')
    .replace(CSI_SEQUENCE, '')
    .replace(ESC_SEQUENCE, '')
    .replace(NEWLINES, '\n')
    .replace(CONTROLS, '')
    .replace(INVISIBLE, '');
  // Masked here, after the invisibles are gone (a zero-width space inside the key hid it
  // from a mask applied before) and before any table or screen cuts the text to a column: a
  // cut key is no longer the key, and the stream's mask (src/cli/io.ts) would miss its prefix.
  return redact(options.multiline ? stripped : stripped.replace(/[\n\t]/g, ' '));
}

/**
 * Asset content as a reviewer must see it: each invisible or bidi character written as
 * `<U+200B>`, so `pay\u200bpal.com` cannot pass for `paypal.com`. Apply it before
 * sanitizeText (which would drop them), to human output only: --json keeps the raw value.
 */
export function revealInvisible(text: string): string {
  return text.replace(REVEALED, char => `<U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);
}
