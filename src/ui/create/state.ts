import {ASSET_STATUSES, type AssetStatus} from '../../api/enums.js';
import {createReportRequestSchema, type CreateReportResponse} from '../../api/wire/index.js';
import {findDuplicateContents} from '../../cmd/reports/assets.js';
import type {CreatePlan} from '../../cmd/reports/create-body.js';
import type {AssetAnswer} from '../../cmd/reports/search-answers.js';
import {editLine, lineOf, splitKeys, type EditKey, type Line} from '../hooks/line-edit.js';

/*
 * The guided `reports create` as a pure reducer: which prompt is open, what was answered,
 * and the outcome of the duplicate check and of the submission. Answers are checked with
 * the wire module's own schema as they are typed, so the final plan rarely fails.
 * Keys are folded in here too (`{type: 'key'}`), in order, so answers typed or pasted
 * faster than the screen redraws land in the right prompt.
 */

/** Which fields the flags left out, so the flow asks for them. */
export interface CreateNeeds {
  title: boolean;
  description: boolean;
  assets: boolean;
  contactInfo: boolean;
}

export interface AssetAnswerInput {
  content: string;
  status?: AssetStatus;
}

export interface Answers {
  title?: string;
  description?: string;
  assets: AssetAnswerInput[];
  contactInfo?: string;
}

export type Step =
  | 'title'
  | 'description'
  | 'assetContent'
  | 'assetStatus'
  | 'contactInfo'
  | 'checking'
  | 'review'
  | 'submitting'
  | 'done'
  | 'failed'
  | 'cancelled';

export type DuplicateCheck = {answers: AssetAnswer[]; perAsset: boolean} | {error: string};

export interface CreateState {
  needs: CreateNeeds;
  step: Step;
  answers: Answers;
  /** The asset content typed, waiting for its status. */
  pendingContent: string | null;
  /** The answer being typed. */
  line: Line;
  /** The highlighted status choice (step 'assetStatus'). */
  choice: number;
  /** Why the last answer was refused; the prompt stays open. */
  inputError: string | null;
  plan: CreatePlan | null;
  duplicates: DuplicateCheck | null;
  result: CreateReportResponse | null;
  failure: {text: string; exitCode: number} | null;
}

export type CreateAction =
  | {type: 'key'; input: string; key: EditKey}
  | {type: 'answer'; value: string}
  | {type: 'chooseStatus'; status: AssetStatus | undefined}
  | {type: 'checked'; plan: CreatePlan; duplicates: DuplicateCheck}
  | {type: 'confirm'}
  | {type: 'cancel'}
  | {type: 'submitted'; result: CreateReportResponse}
  | {type: 'failed'; text: string; exitCode: number};

const PROMPT_ORDER = ['title', 'description', 'assetContent', 'contactInfo'] as const;
const NEED_OF = {title: 'title', description: 'description', assetContent: 'assets', contactInfo: 'contactInfo'} as const;

/** The first prompt after `after` that the flags left open, else the duplicate check. */
function nextPrompt(needs: CreateNeeds, after: Step | null): Step {
  const start = after === null ? 0 : PROMPT_ORDER.indexOf(after as (typeof PROMPT_ORDER)[number]) + 1;
  for (const step of PROMPT_ORDER.slice(start)) if (needs[NEED_OF[step]]) return step;
  return 'checking';
}

export function initialCreateState(needs: CreateNeeds): CreateState {
  return {
    needs,
    step: nextPrompt(needs, null),
    answers: {assets: []},
    pendingContent: null,
    line: lineOf(''),
    choice: 0,
    inputError: null,
    plan: null,
    duplicates: null,
    result: null,
    failure: null,
  };
}

function firstIssue(result: {success: boolean; error?: {issues: Array<{message: string}>}}): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'invalid');
}

function answer(state: CreateState, raw: string): CreateState {
  const value = raw.trim();
  const refuse = (message: string): CreateState => ({...state, inputError: message});
  const advance = (answers: Answers): CreateState => ({...state, answers, line: lineOf(''), inputError: null, step: nextPrompt(state.needs, state.step)});
  switch (state.step) {
    case 'title': {
      const problem = firstIssue(createReportRequestSchema.shape.title.safeParse(value));
      return problem ? refuse(problem) : advance({...state.answers, title: value});
    }
    case 'description':
      return value === '' ? refuse('description is required') : advance({...state.answers, description: value});
    case 'assetContent': {
      if (value === '') {
        return state.answers.assets.length === 0 ? refuse('at least one asset is required') : advance(state.answers);
      }
      const contents = [...state.answers.assets.map(asset => asset.content), value];
      const duplicate = findDuplicateContents(contents)[0];
      if (duplicate) return refuse(`${JSON.stringify(value)} is already in this report (as ${JSON.stringify(contents[duplicate.indexes[0]!])})`);
      return {...state, pendingContent: value, line: lineOf(''), choice: 0, inputError: null, step: 'assetStatus'};
    }
    case 'contactInfo':
      return advance(value === '' ? state.answers : {...state.answers, contactInfo: value});
    default:
      return state;
  }
}

export function createReducer(state: CreateState, action: CreateAction): CreateState {
  switch (action.type) {
    case 'key':
      return splitKeys(action.input, action.key).reduce((s, k) => routeKey(s, k.input, k.key), state);
    case 'answer':
      return answer(state, action.value);
    case 'chooseStatus': {
      if (state.step !== 'assetStatus' || state.pendingContent === null) return state;
      const asset: AssetAnswerInput = action.status ? {content: state.pendingContent, status: action.status} : {content: state.pendingContent};
      return {...state, answers: {...state.answers, assets: [...state.answers.assets, asset]}, pendingContent: null, step: 'assetContent'};
    }
    case 'checked':
      return state.step === 'checking' ? {...state, plan: action.plan, duplicates: action.duplicates, step: 'review'} : state;
    case 'confirm':
      return state.step === 'review' ? {...state, step: 'submitting'} : state;
    case 'cancel':
      return state.step === 'review' ? {...state, step: 'cancelled'} : state;
    case 'submitted':
      return {...state, result: action.result, step: 'done'};
    case 'failed':
      return {...state, failure: {text: action.text, exitCode: action.exitCode}, step: 'failed'};
  }
}

const TEXT_STEPS: readonly Step[] = ['title', 'description', 'assetContent', 'contactInfo'];

function routeKey(state: CreateState, input: string, key: EditKey): CreateState {
  if (TEXT_STEPS.includes(state.step)) {
    if (key.return) return answer(state, state.line.value);
    return {...state, line: editLine(state.line, input, key)};
  }
  // Outside a text prompt, several characters in one chunk are several key presses.
  if (input.length > 1 && !key.ctrl && !key.meta) {
    return [...input].reduce((acc, char) => routeKey(acc, char, {}), state);
  }
  if (state.step === 'assetStatus') {
    const count = STATUS_CHOICES.length;
    if (key.upArrow || input === 'k') return {...state, choice: (state.choice + count - 1) % count};
    if (key.downArrow || input === 'j') return {...state, choice: (state.choice + 1) % count};
    if (key.return) return createReducer(state, {type: 'chooseStatus', status: statusFromChoice(STATUS_CHOICES[state.choice]!.value)});
    return state;
  }
  if (state.step === 'review') {
    if (key.return || input.toLowerCase() === 'y') return createReducer(state, {type: 'confirm'});
    if (key.escape || input.toLowerCase() === 'n') return createReducer(state, {type: 'cancel'});
  }
  return state;
}

/** The answers as `reports create` flags: the plan is built by the static path's builder. */
export function answersAsFlags(answers: Answers): {title?: string; description?: string; contactInfo?: string; asset?: string[]} {
  return {
    ...(answers.title === undefined ? {} : {title: answers.title}),
    ...(answers.description === undefined ? {} : {description: answers.description}),
    ...(answers.contactInfo === undefined ? {} : {contactInfo: answers.contactInfo}),
    // Only a trailing :STATUS is a status, so contents with colons survive the round trip.
    ...(answers.assets.length === 0 ? {} : {asset: answers.assets.map(a => (a.status ? `${a.content}:${a.status}` : a.content))}),
  };
}

export const STATUS_CHOICES: Array<{label: string; value: string}> = [
  {label: "server default (BLOCKED)", value: 'DEFAULT'},
  ...ASSET_STATUSES.map(status => ({label: status, value: status})),
];

export function statusFromChoice(value: string): AssetStatus | undefined {
  return (ASSET_STATUSES as readonly string[]).includes(value) ? (value as AssetStatus) : undefined;
}

export function isFinal(step: Step): boolean {
  return step === 'done' || step === 'failed' || step === 'cancelled';
}
