import stringWidth from 'string-width';

// One cell, combining with nothing: printable ASCII, Latin-1 and Latin extended, IPA,
// Greek, Cyrillic (bar its combining marks).
const ONE_CELL = /[\u0020-\u007e\u00a0-\u02ff\u0370-\u0482\u048a-\u052f]/;
// Two cells: CJK ideographs, kana, Hangul syllables, full-width forms.
const TWO_CELLS = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff01-\uff60]/;

const ALL_ONE_CELL = new RegExp(`^${ONE_CELL.source}*$`);
const ALL_TWO_CELLS = new RegExp(`^${TWO_CELLS.source}*$`);

/**
 * Display width in terminal cells. string-width segments graphemes with Intl.Segmenter,
 * about 0.2 ms per call even for one character; laying out a long field measured per
 * character took seconds. Text made only of the common one- and two-cell characters is
 * counted directly; anything else (emoji, combining marks) goes to string-width.
 */
export function textWidth(text: string): number {
  if (ALL_ONE_CELL.test(text)) return text.length;
  if (ALL_TWO_CELLS.test(text)) return 2 * text.length;
  let width = 0;
  for (const char of text) {
    if (ONE_CELL.test(char)) width += 1;
    else if (TWO_CELLS.test(char)) width += 2;
    else return stringWidth(text);
  }
  return width;
}
