/**
 * Commands vigil suggests (the "check with ..." hints, the fixes it names) are pasted into a
 * shell, so every value in them is quoted for POSIX shells (sh, bash, zsh): a value read
 * from a setting, a file or a server cannot run anything when pasted. One helper for all,
 * so each hint quotes the same way.
 */

// Characters no POSIX shell treats specially in a word (not at its start for "~" and "=").
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** `acme` as is; `acme;touch x` as `'acme;touch x'`; a `'` inside as `'\''`. */
export function shellQuote(value: string): string {
  if (PLAIN.test(value) && !value.startsWith('=')) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A command line to paste: each word quoted by shellQuote, joined by spaces. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
