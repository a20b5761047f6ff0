export const RULE_FILE: string;
export function shippedGroups(): {name: string; rules: Record<string, unknown>[]}[];
export function prometheusRule(): string;
