/**
 * `pаypal.com` with a Cyrillic `а` reads as paypal.com. A domain whose letters come from more
 * than one script is the classic look-alike; browsers show such names as punycode. The
 * review browser flags them next to the asset. Digits, punctuation and marks count for no
 * script; only the scripts listed here are told apart (enough for the common confusables).
 */
const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Han', /\p{Script=Han}/u],
];

/**
 * The scripts mixed in one label of `text` (split at dots, slashes, colons and @: `例.jp`
 * is fine, `pаypal.com` is not), in order of first use; empty when no label mixes.
 */
export function mixedScripts(text: string): string[] {
  for (const label of text.split(/[./:@]/)) {
    const found: string[] = [];
    for (const char of label) {
      if (!/\p{L}/u.test(char)) continue;
      const script = SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'other';
      if (!found.includes(script)) found.push(script);
    }
    if (found.length > 1) return found;
  }
  return [];
}

/** The warning line for a look-alike asset, or undefined. */
export function homoglyphWarning(content: string): string | undefined {
  const scripts = mixedScripts(content);
  return scripts.length === 0 ? undefined : `! mixes ${scripts.join(' and ')} letters: possible look-alike of another domain`;
}
