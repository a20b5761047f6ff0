import {ASSET_STATUSES, type AssetStatus} from '../../api/enums.js';
import {createReportRequestSchema} from '../../api/wire/index.js';
import {findDuplicateContents, misspeltStatus, parseAssetFlag} from '../../cmd/reports/shared/assets.js';
import type {CreatePlan} from '../../cmd/reports/create/body.js';
import type {AssetRejection} from '../../errors.js';
import {editLine, lineOf, splitKeys, type EditKey, type Line} from '../hooks/line-edit.js';
import {among, assetText, dropFromPlan, knownDuplicates, remainingAfter} from './revise.js';

/*
 * The guided `reports create` as a pure reducer: which prompt is open, what was answered,
 * and the outcome of the duplicate check and of the submission. Answers are checked with
 * the wire module's own schema as they are typed, so the final plan rarely fails.
 * Keys are folded in here too (`{type: 'key'}`), in order, so answers typed or pasted
 * faster than the screen redraws land in the right prompt.
 */

import type {Answers, AssetAnswerInput, CreateAction, CreateNeeds, CreateState, DuplicateCheck, Step} from './types.js';

export type {Answers, AssetAnswerInput, CreateAction, CreateNeeds, CreateState, DuplicateCheck, Step} from './types.js';

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
    submitDefault: true,
    revising: null,
    rejections: [],
    notice: null,
    editing: false,
  };
}

/** The line a prompt opens with: the earlier answer, so revising after a 422 keeps it. */
function prefill(state: CreateState, step: Step): Line {
  const {answers} = state;
  if (step === 'title' || step === 'description' || step === 'contactInfo') return lineOf(answers[step] ?? '');
  if (step === 'assetContent' && state.revising !== null) return lineOf(assetText(answers.assets[state.revising]!));
  return lineOf('');
}

function enter(state: CreateState, step: Step): CreateState {
  const next = {...state, step, inputError: null};
  return {...next, line: prefill(next, step)};
}

function firstIssue(result: {success: boolean; error?: {issues: Array<{message: string}>}}): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'invalid');
}

function answer(state: CreateState, raw: string): CreateState {
  const value = raw.trim();
  const refuse = (message: string): CreateState => ({...state, inputError: message});
  const advance = (answers: Answers): CreateState => enter({...state, answers}, nextPrompt(state.needs, state.step));
  switch (state.step) {
    case 'title': {
      const problem = firstIssue(createReportRequestSchema().shape.title.safeParse(value));
      return problem ? refuse(problem) : advance({...state.answers, title: value});
    }
    case 'description':
      return value === '' ? refuse('description is required') : advance({...state.answers, description: value});
    case 'assetContent':
      return answerAsset(state, value, refuse, advance);
    case 'contactInfo': {
      const {contactInfo: _, ...rest} = state.answers;
      return advance(value === '' ? rest : {...state.answers, contactInfo: value});
    }
    default:
      return state;
  }
}

/**
 * One asset, typed as `--asset` takes it (the flag's parser): `x.example:BLOCKED` sets the
 * status and skips the status question. While revising after a 422 the prompt walks the
 * typed assets, prefilled; an emptied line drops that asset, and no status is asked.
 */
function answerAsset(state: CreateState, value: string, refuse: (m: string) => CreateState, advance: (a: Answers) => CreateState): CreateState {
  const assets = state.answers.assets;
  const at = state.revising;
  if (value === '') {
    if (at !== null) {
      const rest = assets.filter((_, index) => index !== at);
      return enter({...state, answers: {...state.answers, assets: rest}, revising: at < rest.length ? at : null}, 'assetContent');
    }
    return assets.length === 0 ? refuse('at least one asset is required') : advance(state.answers);
  }
  const parsed = parseAssetFlag(value);
  if (parsed.content === '') return refuse('the asset content is empty');
  const meant = misspeltStatus(parsed);
  if (meant) return refuse(`${JSON.stringify(value)} ends in what looks like a misspelt status (did you mean :${meant}?); to send it as content, add a status: ${value}:UNKNOWN`);
  const others = assets.filter((_, index) => index !== at).map(asset => asset.content);
  const duplicate = findDuplicateContents([...others, parsed.content])[0];
  if (duplicate) return refuse(`${JSON.stringify(parsed.content)} is already in this report (as ${JSON.stringify(others[duplicate.indexes[0]!])})`);
  if (at !== null) {
    const revised = assets.map((asset, index) => (index === at ? parsed : asset));
    return enter({...state, answers: {...state.answers, assets: revised}, revising: at + 1 < revised.length ? at + 1 : null}, 'assetContent');
  }
  if (parsed.status) return enter({...state, answers: {...state.answers, assets: [...assets, parsed]}}, 'assetContent');
  return {...state, pendingContent: parsed.content, line: lineOf(''), choice: 0, inputError: null, step: 'assetStatus'};
}

/** After the duplicate check: offer to drop known duplicates, unless none would be left. */
function afterCheck(state: CreateState, plan: CreatePlan, duplicates: DuplicateCheck): CreateState {
  const known = knownDuplicates(duplicates);
  const step: Step = known.length > 0 && remainingAfter(plan, known) > 0 ? 'dropDuplicates' : 'review';
  return {...state, plan, duplicates, step, submitDefault: known.length === 0};
}

function drop(state: CreateState, yes: boolean): CreateState {
  if (state.step !== 'dropDuplicates' || !state.plan || !state.duplicates) return state;
  if (!yes) return {...state, step: 'review', submitDefault: false};
  const known = knownDuplicates(state.duplicates);
  const {plan, check} = dropFromPlan(state.plan, state.duplicates, known);
  const typed = state.answers.assets.filter(asset => !among(known, asset.content));
  const answers = {...state.answers, assets: typed, dropped: [...(state.answers.dropped ?? []), ...known]};
  return {...state, answers, plan, duplicates: check, step: 'review', submitDefault: true};
}

/**
 * A 422: back to the first prompt, every answer kept and prefilled, rejected assets marked.
 * A rejected asset that came from an --asset flag cannot be edited in the form, so it is
 * left out of the next plan (the review shows the body before anything is sent again).
 */
function reject(state: CreateState, text: string, rejections: AssetRejection[]): CreateState {
  const typed = state.answers.assets.map(asset => asset.content);
  const fromFlags = rejections.map(rejection => rejection.asset).filter(asset => !among(typed, asset));
  const answers = fromFlags.length === 0 ? state.answers : {...state.answers, dropped: [...(state.answers.dropped ?? []), ...fromFlags]};
  const notice = fromFlags.length === 0 ? text : `${text}\nLeft out of the report (given with --asset): ${fromFlags.join(', ')}`;
  const revising = state.needs.assets && answers.assets.length > 0 ? 0 : null;
  return enter({...state, answers, rejections, notice, revising, plan: null, duplicates: null}, nextPrompt(state.needs, null));
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
      return enter({...state, answers: {...state.answers, assets: [...state.answers.assets, asset]}, pendingContent: null}, 'assetContent');
    }
    case 'checked':
      return state.step === 'checking' ? afterCheck(state, action.plan, action.duplicates) : state;
    case 'drop':
      return drop(state, action.drop);
    case 'rejected':
      return state.step === 'submitting' ? reject(state, action.text, action.rejections) : state;
    case 'openEditor':
      return state.step === 'description' ? {...state, editing: true, inputError: null} : state;
    case 'edited': {
      if (!state.editing) return state;
      const closed = {...state, editing: false};
      if ('error' in action) return {...closed, inputError: action.error};
      return action.text.trim() === '' ? {...closed, inputError: 'the editor left the description empty; nothing changed'} : answer(closed, action.text);
    }
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
  if (state.editing) return state;
  if (state.step === 'description' && key.ctrl && input === 'x') return createReducer(state, {type: 'openEditor'});
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
  const yes = input.toLowerCase() === 'y' || (key.return === true && (state.step !== 'review' || state.submitDefault));
  const no = key.escape === true || input.toLowerCase() === 'n' || (key.return === true && !yes);
  if (state.step === 'dropDuplicates' && (yes || no)) return drop(state, yes);
  if (state.step === 'review') {
    if (yes) return createReducer(state, {type: 'confirm'});
    if (no) return createReducer(state, {type: 'cancel'});
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
    ...(answers.assets.length === 0 ? {} : {asset: answers.assets.map(assetText)}),
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
