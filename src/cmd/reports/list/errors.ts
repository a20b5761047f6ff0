import {LIST_QUERY_PARAMS, type ListReportsFilters} from '../../../api/wire/index.js';
import {ApiError} from '../../../errors.js';
import {FILTER_FLAGS} from '../shared/filters.js';

/** Query parameter name -> the flag a person typed, e.g. brandIds -> --brand. */
const FLAG_OF_PARAM = new Map(
  (Object.entries(LIST_QUERY_PARAMS) as Array<[keyof ListReportsFilters, string]>).map(([key, param]) => [param, FILTER_FLAGS[key]]),
);

// A camelCase name (brandIds) is never an ordinary word, so it is renamed wherever it stands;
// a plain one (status, limit) only where it is plainly a parameter: indexed or before a colon.
const camel = [...FLAG_OF_PARAM.keys()].filter(name => /[A-Z]/.test(name));
const plain = [...FLAG_OF_PARAM.keys()].filter(name => !/[A-Z]/.test(name));
const PARAM_PATTERN = new RegExp(`\\b(?:(${camel.join('|')})(?:\\[(\\d+)\\])?|(${plain.join('|')})(?:\\[(\\d+)\\](?=\\s*:)|(?=\\s*:)))`, 'g');

function inFlagWords(text: string): string {
  return text.replace(PARAM_PATTERN, (_match, camelName?: string, camelIndex?: string, plainName?: string, plainIndex?: string) => {
    const flag = FLAG_OF_PARAM.get((camelName ?? plainName)!)!;
    const index = camelIndex ?? plainIndex;
    return index === undefined ? flag : `${flag} item ${Number(index) + 1}`;
  });
}

/**
 * The listing's 400 names query parameters (`brandIds[1]: must be a brand ID`), but the
 * person typed flags: say `--brand item 2` instead. Other errors pass through unchanged.
 */
export function listErrorInFlagWords(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  return new ApiError(
    {
      status: error.status,
      code: error.code,
      message: inFlagWords(error.message),
      issues: error.issues.map(issue => ({...issue, message: inFlagWords(issue.message)})),
      details: error.details,
    },
    error.hint,
    error.exitCode,
  );
}
