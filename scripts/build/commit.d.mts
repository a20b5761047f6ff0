/** The commit a build is made from: 40 hex digits, `-dirty` with tracked changes, or `unknown` outside git. */
export function buildCommit(root: string): string;
