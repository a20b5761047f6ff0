/** The name `npm run image` tags: vigil:<version>. */
export function imageTag(version: string): string;
