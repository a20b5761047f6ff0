/** Problems, one line each, of `rel` (a path from the repository root) with `text`. */
export function layerProblems(rel: string, text: string): string[];
