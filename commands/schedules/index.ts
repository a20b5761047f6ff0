export const description = 'Inspect the job schedulers the workers run';
