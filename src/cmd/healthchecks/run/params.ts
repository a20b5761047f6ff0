import {
  HEALTHCHECK_DEFAULTS,
  HEALTHCHECK_FLAG_PARAMS,
  HEALTHCHECK_SCOPE_FIELD,
  type HealthcheckFlagParam,
  type HealthcheckParamValue,
} from '../../../api/wire/index.js';
import {checkValue, flagName as keyFlag, wholeNumber} from '../../../cli/flag-values.js';
import type {Problems} from '../../../cli/problems.js';

/**
 * The body fields of `healthchecks run`: the documented parameters' own flags (each for the
 * checks that document it) and `--param name=value` for anything else, under the user's name.
 */

export type ParamFlags = Partial<Record<HealthcheckFlagParam, string>> & {param?: string[]};

/** `--lookback-hours` for `lookbackHours`. */
export function flagName(option: HealthcheckFlagParam): string {
  return keyFlag(option);
}

/** One documented parameter, parsed: which flag, which wire field, the value, the checks it is for. */
export interface FlagParam {
  flag: string;
  wire: string;
  value: number;
  checks: readonly string[];
}

/** The body fields the flags give, for every check; each flag parsed and checked once. */
export interface ParsedParams {
  flags: FlagParam[];
  /** `--param` fields, sent to every check run. */
  extra: Record<string, HealthcheckParamValue>;
}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A value that reads as a number or `true`/`false` is sent as such; anything else as text. */
export function typedValue(text: string): HealthcheckParamValue {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (JSON_NUMBER.test(text)) {
    const number = Number(text);
    if (Number.isFinite(number)) return number;
  }
  return text;
}

export function parseParams(flags: ParamFlags, problems: Problems): ParsedParams {
  const parsed: FlagParam[] = [];
  for (const [option, spec] of Object.entries(HEALTHCHECK_FLAG_PARAMS) as Array<[HealthcheckFlagParam, (typeof HEALTHCHECK_FLAG_PARAMS)[HealthcheckFlagParam]]>) {
    const flag = flagName(option);
    const value = flags[option] === undefined ? undefined : checkValue(wholeNumber({min: spec.min}), flags[option], flag, problems);
    if (value !== undefined) parsed.push({flag, wire: spec.wire, value, checks: spec.checks});
  }
  const extra: Record<string, HealthcheckParamValue> = {};
  for (const raw of flags.param ?? []) {
    const equals = raw.indexOf('=');
    const name = equals === -1 ? raw : raw.slice(0, equals);
    if (equals === -1 || equals === raw.length - 1) {
      problems.add('--param', `must be name=value (got ${JSON.stringify(raw)})`);
    } else if (!FIELD_NAME.test(name)) {
      problems.add('--param', `${JSON.stringify(name)} is not a field name (letters, digits and _, not starting with a digit)`);
    } else if (name === HEALTHCHECK_SCOPE_FIELD) {
      problems.add('--param', `${name} is the organization: give it with --org`);
    } else if (name in extra) {
      problems.add('--param', `${name} is given twice`);
    } else {
      extra[name] = typedValue(raw.slice(equals + 1));
    }
  }
  for (const param of parsed) {
    if (param.wire in extra) problems.add('--param', `${param.wire} is also given by ${param.flag}: give one`);
  }
  return {flags: parsed, extra};
}

/**
 * Refuses a flag given for a check that does not document it (`run <id>`): nothing is sent,
 * and the message says how to send the field anyway.
 */
export function checkFlagsApply(params: ParsedParams, checkId: string, problems: Problems): void {
  for (const param of params.flags) {
    if (!param.checks.includes(checkId)) {
      problems.add(param.flag, `applies to ${param.checks.join(' and ')}, not ${checkId}; to send it anyway: --param ${param.wire}=${param.value}`);
    }
  }
}

/**
 * cancelled-count's rule (docs/contract.md#grading): warn may not exceed fail, the
 * upstream's defaults counting for a threshold not given.
 */
export function checkThresholdOrder(flags: ParamFlags, params: ParsedParams, problems: Problems): void {
  const given = (wire: string) => params.flags.find(param => param.wire === wire)?.value;
  const warnGiven = given(HEALTHCHECK_FLAG_PARAMS.warnThreshold.wire);
  const failGiven = given(HEALTHCHECK_FLAG_PARAMS.failThreshold.wire);
  // A threshold that was given but did not parse already has its own problem.
  if ((flags.warnThreshold !== undefined && warnGiven === undefined) || (flags.failThreshold !== undefined && failGiven === undefined)) return;
  const warn = warnGiven ?? HEALTHCHECK_DEFAULTS.warnThreshold;
  const fail = failGiven ?? HEALTHCHECK_DEFAULTS.failThreshold;
  if (warn <= fail) return;
  const origin = (value: number | undefined) => (value === undefined ? ' (default)' : '');
  const field = warnGiven !== undefined ? flagName('warnThreshold') : flagName('failThreshold');
  problems.add(field, `warn threshold ${warn}${origin(warnGiven)} must not be above the fail threshold ${fail}${origin(failGiven)}`);
}

/** The fields one check is sent besides the scope: the flags it documents, then `--param`. */
export function fieldsFor(params: ParsedParams, checkId: string): Record<string, HealthcheckParamValue> {
  const fields: Record<string, HealthcheckParamValue> = {};
  for (const param of params.flags) if (param.checks.includes(checkId)) fields[param.wire] = param.value;
  return {...fields, ...params.extra};
}
