/**
 * The PDF uses the PDF standard fonts (Helvetica), which every reader has and which cost no bytes in
 * the file, but which can only show the WinAnsi (Windows-1252) characters: all of Western Europe's
 * names ("Ødegård", "Müller", "François") are in it. Any other character is written without its
 * accents when it has a base letter in WinAnsi ("Łukasz" → "Lukasz" needs a table, "Dvořák" → "Dvorak"
 * by decomposition), else as "?". The CSV and HTML exports carry the exact UTF-8 text.
 */
const EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const EXTRA_SET = new Set(EXTRA);

/** Letters that do not decompose into a base letter plus marks. */
const FOLD: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't', ß: 'ss' };

export function inWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || EXTRA_SET.has(char);
}

export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    if (inWinAnsi(char)) out += char;
    else if (char === '\n' || char === '\r' || char === '\t') out += ' ';
    else if (FOLD[char]) out += FOLD[char];
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base.length > 0 && [...base].every(inWinAnsi) ? base : '?';
    }
  }
  return out;
}
