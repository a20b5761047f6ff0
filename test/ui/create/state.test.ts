import {describe, expect, it} from 'vitest';
import {answersAsFlags, createReducer, initialCreateState, type CreateAction, type CreateState} from '../../../src/ui/create/state.js';

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
