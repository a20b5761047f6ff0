import {describe, expect, it} from 'vitest';
import {answersAsFlags, createReducer, initialCreateState, type CreateAction, type CreateState} from '../../../src/ui/create/create-state.js';

const all = {title: true, description: true, assets: true, contactInfo: true};

/** Types `text` then Enter, one key action per character, as Ink delivers them. */
function type(state: CreateState, text: string): CreateState {
  const keys: CreateAction[] = [...text].map(ch => ({type: 'key', input: ch, key: {}}));
  keys.push({type: 'key', input: '\r', key: {return: true}});
  return keys.reduce(createReducer, state);
}
const key = (state: CreateState, k: object, input = ''): CreateState => createReducer(state, {type: 'key', input, key: k});

describe('guided create state', () => {
  it('asks only for what the flags left out, in order', () => {
    expect(initialCreateState(all).step).toBe('title');
    expect(initialCreateState({title: false, description: true, assets: false, contactInfo: false}).step).toBe('description');
    const state = type(initialCreateState({title: false, description: true, assets: false, contactInfo: false}), 'Desc');
    expect(state.step).toBe('checking');
  });

  it('refuses a short title and keeps the prompt open with the text', () => {
    let state = type(initialCreateState(all), 'ab');
    expect(state).toMatchObject({step: 'title', inputError: 'title must be at least 3 characters'});
    expect(state.line.value).toBe('ab');
    state = type(key(key(state, {backspace: true}), {backspace: true}), 'Fake wallet');
    expect(state).toMatchObject({step: 'description', inputError: null, answers: {title: 'Fake wallet'}});
    expect(state.line.value).toBe('');
  });

  it('collects assets one at a time with a status each, then optional contact info', () => {
    let state = type(type(initialCreateState(all), 'Title'), 'Description');
    state = type(state, '');
    expect(state.inputError).toBe('at least one asset is required');
    state = type(state, 'eip155:1:0xabc');
    expect(state).toMatchObject({step: 'assetStatus', pendingContent: 'eip155:1:0xabc'});
    state = key(key(state, {downArrow: true}), {return: true}); // BLOCKED
    expect(state.step).toBe('assetContent');
    state = type(state, 'eip155:1:0xabc');
    expect(state.inputError).toContain('already in this report');
    state = key(key(state, {}, '\u0015'), {ctrl: true}, 'u');
    state = type(state, 'b.example');
    state = key(state, {return: true}); // server default
    state = type(state, '');
    expect(state.step).toBe('contactInfo');
    state = type(state, '');
    expect(state.step).toBe('checking');
    expect(state.answers).toEqual({title: 'Title', description: 'Description', assets: [{content: 'eip155:1:0xabc', status: 'BLOCKED'}, {content: 'b.example'}]});
    expect(answersAsFlags(state.answers)).toEqual({title: 'Title', description: 'Description', asset: ['eip155:1:0xabc:BLOCKED', 'b.example']});
  });

  it('confirms with y or enter, cancels with n or esc, and only at the review', () => {
    const plan = {body: {title: 'x', description: 'y', assets: [{content: 'a'}]}, warnings: []};
    const review = createReducer({...initialCreateState(all), step: 'checking'}, {type: 'checked', plan, duplicates: {error: 'down'}});
    expect(review.step).toBe('review');
    expect(key(review, {}, 'y').step).toBe('submitting');
    expect(key(review, {return: true}).step).toBe('submitting');
    expect(key(review, {}, 'n').step).toBe('cancelled');
    expect(key(review, {escape: true}).step).toBe('cancelled');
    expect(key(review, {}, 'x').step).toBe('review');
    expect(createReducer(initialCreateState(all), {type: 'confirm'}).step).toBe('title');
  });
});

describe('guided create state: keeping work', () => {
  const plan = (contents: string[]) => ({body: {title: 'T', description: 'D', assets: contents.map(content => ({content}))}, warnings: []});
  const check = (dups: string[], contents: string[]) => ({perAsset: true, answers: contents.map(content => ({content, reported: dups.includes(content), reports: dups.includes(content) ? [{id: '1'}] : []}))});
  const checking = (contents: string[]): CreateState => ({...initialCreateState(all), step: 'checking', answers: {title: 'T', description: 'D', assets: contents.map(content => ({content}))}});

  it('offers to drop known duplicates; Enter drops them and the review then defaults to yes', () => {
    const offered = createReducer(checking(['a.example', 'B.example']), {type: 'checked', plan: plan(['a.example', 'B.example']), duplicates: check(['B.example'], ['a.example', 'B.example'])});
    expect(offered).toMatchObject({step: 'dropDuplicates', submitDefault: false});
    const dropped = key(offered, {return: true});
    expect(dropped).toMatchObject({step: 'review', submitDefault: true, answers: {assets: [{content: 'a.example'}], dropped: ['B.example']}});
    expect(dropped.plan!.body.assets).toEqual([{content: 'a.example'}]);
    expect(key(dropped, {return: true}).step).toBe('submitting');
  });

  it('keeping the duplicates makes Enter at the review cancel; y still sends', () => {
    const offered = createReducer(checking(['a.example', 'b.example']), {type: 'checked', plan: plan(['a.example', 'b.example']), duplicates: check(['b.example'], ['a.example', 'b.example'])});
    const kept = key(offered, {}, 'n');
    expect(kept).toMatchObject({step: 'review', submitDefault: false});
    expect(kept.plan!.body.assets).toHaveLength(2);
    expect(key(kept, {return: true}).step).toBe('cancelled');
    expect(key(kept, {}, 'y').step).toBe('submitting');
  });

  it('a maybe (reported: null) is not a known duplicate: no offer, default yes', () => {
    const maybe = {perAsset: false, answers: [{content: 'a.example', reported: null, reports: [{id: '1'}]}]};
    expect(createReducer(checking(['a.example']), {type: 'checked', plan: plan(['a.example']), duplicates: maybe})).toMatchObject({step: 'review', submitDefault: true});
  });

  it('content:STATUS sets the status through the --asset parser; a misspelt status is refused', () => {
    let state = type(type(initialCreateState(all), 'Title'), 'Description');
    state = type(state, 'https://x.example:8443/a:allowed');
    expect(state).toMatchObject({step: 'assetContent', answers: {assets: [{content: 'https://x.example:8443/a', status: 'ALLOWED'}]}});
    state = type(state, 'y.example:ALOWED');
    expect(state.inputError).toContain('did you mean :ALLOWED?');
    expect(state.line.value).toBe('y.example:ALOWED');
  });

  it('a 422 reopens the first prompt prefilled and walks the typed assets; an emptied one is dropped', () => {
    let state: CreateState = {...checking(['a.example', 'b.example']), answers: {title: 'Title', description: 'Desc', assets: [{content: 'a.example', status: 'BLOCKED'}, {content: 'b.example'}], contactInfo: 'me'}, step: 'submitting'};
    state = createReducer(state, {type: 'rejected', text: 'error: rejected (HTTP 422)', rejections: [{asset: 'a.example', errorType: 'INVALID_ASSET', message: 'no'}]});
    expect(state).toMatchObject({step: 'title', revising: 0, notice: 'error: rejected (HTTP 422)', line: {value: 'Title'}});
    state = type(type(state, ''), '');
    expect(state).toMatchObject({step: 'assetContent', revising: 0, line: {value: 'a.example:BLOCKED'}});
    state = type(key(state, {ctrl: true}, 'u'), '');
    expect(state).toMatchObject({step: 'assetContent', revising: 0, line: {value: 'b.example'}, answers: {assets: [{content: 'b.example'}]}});
    state = type(state, '');
    expect(state).toMatchObject({step: 'assetContent', revising: null, line: {value: ''}});
    state = type(type(state, ''), '');
    expect(state.step).toBe('checking');
    expect(state.answers).toEqual({title: 'Title', description: 'Desc', assets: [{content: 'b.example'}], contactInfo: 'me'});
  });

  it('the editor answers the description; an empty save or an error keeps the prompt open', () => {
    const open = key(type(initialCreateState(all), 'Title'), {ctrl: true}, 'x');
    expect(open.editing).toBe(true);
    expect(key(open, {}, 'z').line.value).toBe('');
    expect(createReducer(open, {type: 'edited', text: '  \n'})).toMatchObject({step: 'description', editing: false, inputError: expect.stringContaining('empty')});
    expect(createReducer(open, {type: 'edited', error: 'no editor'})).toMatchObject({step: 'description', inputError: 'no editor'});
    expect(createReducer(open, {type: 'edited', text: 'line 1\nline 2\n'})).toMatchObject({step: 'assetContent', answers: {description: 'line 1\nline 2'}});
  });
});

describe('guided create state: a 422 on flag-given assets', () => {
  it('leaves a rejected --asset out of the next plan and says so; typed assets stay for the user to fix', () => {
    const needs = {title: true, description: false, assets: false, contactInfo: false};
    const submitting: CreateState = {...initialCreateState(needs), step: 'submitting', answers: {title: 'Title', assets: []}};
    const state = createReducer(submitting, {type: 'rejected', text: 'error: rejected', rejections: [{asset: 'flag.example', errorType: 'REPORT_ALREADY_EXISTS', message: 'exists'}]});
    expect(state).toMatchObject({step: 'title', revising: null, answers: {title: 'Title', dropped: ['flag.example']}});
    expect(state.notice).toContain('Left out of the report (given with --asset): flag.example');
  });
});
