/**
 * Upstream fields have no length limit; laying out a 200,000-character description (wrap,
 * measure each cell) pinned a core and starved Ctrl+C. Views that lay text out take at most
 * `max` characters of a field and say how much was left out; --json keeps everything.
 */
export const MAX_FIELD_CHARS = 2000;

export function boundText(text: string, max = MAX_FIELD_CHARS): string {
  if (text.length <= max) return text;
  // Never split a surrogate pair: a lone half would print as a replacement character.
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}... [${text.length - end} more characters cut; see --json]`;
}
