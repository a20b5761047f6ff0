export const description = 'Create, list and search reports (SPEC.md 4.3)';
