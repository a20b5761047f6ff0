export const description = 'Run upstream healthchecks (e.g. takedowns.cancelled-count) once';
