export const description = 'Show and change the saved base URL and org (keys: base-url, org)';
