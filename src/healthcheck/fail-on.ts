import {checkValue, oneOf} from '../cli/flag-values.js';
import type {Problems} from '../cli/problems.js';
import {textOption} from '../cli/options.js';

/**
 * `--fail-on`, one home for every command that exits 6 on a severity (`healthchecks run`,
 * `healthchecks board`): the values, the default, the flag's text and its parsing.
 */
export const FAIL_ON_VALUES = ['warn', 'fail'] as const;
export type FailOn = (typeof FAIL_ON_VALUES)[number];

export const failOnOption = () => textOption('Exit 6 when a severity reaches this: warn or fail (default: fail)', 'severity');

/** The flag's value, `fail` when not given; a bad value is recorded against `--fail-on` (exit 3). */
export function parseFailOn(value: string | undefined, problems: Problems): FailOn {
  return (value === undefined ? undefined : checkValue(oneOf(FAIL_ON_VALUES), value, '--fail-on', problems)) ?? 'fail';
}
