import {healthcheckRequestBody, type HealthcheckParamValue} from '../api/wire/index.js';
import type {CheckSpec} from './schema.js';

/**
 * The body a scheduled check is graded with: the worker's runs and the board's `r` send the
 * same, so a grade made by hand matches the next one the worker makes. Named settings last:
 * the file's own fields win over a `params:` key of the same name.
 */
export function specRequestBody(spec: Pick<CheckSpec, 'org' | 'lookbackHours' | 'warnThreshold' | 'failThreshold' | 'params'>): Record<string, HealthcheckParamValue> {
  return {...spec.params, ...healthcheckRequestBody(spec)};
}
