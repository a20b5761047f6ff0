export const description = 'Log in, check and remove the stored API key';
