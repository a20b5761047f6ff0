import {describe, expect, it} from 'vitest';
import {keyToAction} from '../../../src/ui/browser/keys.js';
import {applyDraft, describeFilters, filterEditorKey, initialFilterEditor, type FilterEditorState} from '../../../src/ui/browser/filter-state.js';

const ok = {hasError: false, pageRows: 10};

describe('key bindings', () => {
  it('maps the table keys', () => {
    expect(keyToAction('table', '', {downArrow: true}, ok)).toEqual({type: 'move', delta: 1});
    expect(keyToAction('table', 'j', {}, ok)).toEqual({type: 'move', delta: 1});
    expect(keyToAction('table', 'k', {}, ok)).toEqual({type: 'move', delta: -1});
    expect(keyToAction('table', '', {upArrow: true}, ok)).toEqual({type: 'move', delta: -1});
    expect(keyToAction('table', '', {return: true}, ok)).toEqual({type: 'open'});
    expect(keyToAction('table', 'n', {}, ok)).toEqual({type: 'nextPage'});
    expect(keyToAction('table', 'p', {}, ok)).toEqual({type: 'prevPage'});
    expect(keyToAction('table', '/', {}, ok)).toEqual({type: 'editSearch'});
    expect(keyToAction('table', 'f', {}, ok)).toEqual({type: 'editFilters'});
    expect(keyToAction('table', 'r', {}, ok)).toEqual({type: 'refresh'});
    expect(keyToAction('table', 'q', {}, ok)).toEqual({type: 'quit'});
    expect(keyToAction('table', 'z', {}, ok)).toBeNull();
  });

  it('on an error, r retries and moving is off', () => {
    const error = {hasError: true, pageRows: 10};
    expect(keyToAction('table', 'r', {}, error)).toEqual({type: 'retry'});
    expect(keyToAction('table', 'j', {}, error)).toBeNull();
    expect(keyToAction('table', 'p', {}, error)).toEqual({type: 'prevPage'});
  });

  it('maps the detail keys and leaves Ctrl+C and the editors alone', () => {
    expect(keyToAction('detail', '', {escape: true}, ok)).toEqual({type: 'back'});
    expect(keyToAction('detail', 'j', {}, ok)).toEqual({type: 'scroll', delta: 1});
    expect(keyToAction('detail', '', {pageDown: true}, ok)).toEqual({type: 'scroll', delta: 10});
    expect(keyToAction('detail', 'n', {}, ok)).toBeNull();
    expect(keyToAction('table', 'c', {ctrl: true}, ok)).toBeNull();
    expect(keyToAction('search', 'q', {}, ok)).toBeNull();
    expect(keyToAction('filters', 'j', {}, ok)).toBeNull();
  });
});

function keys(state: FilterEditorState, ...presses: Array<[string, object?]>): FilterEditorState {
  return presses.reduce((s, [input, key]) => filterEditorKey(s, input, key ?? {}), state);
}

describe('filter editor', () => {
  it('cycles single choices with left/right and space, through "any"', () => {
    let state = initialFilterEditor({slug: 'acme'});
    state = keys(state, ['', {rightArrow: true}]);
    expect(state.draft.status).toBe('TODO');
    state = keys(state, ['', {leftArrow: true}], ['', {leftArrow: true}]);
    expect(state.draft.status).toBe('CLOSED');
    state = keys(state, ['j'], ['j'], [' ']);
    expect(state.draft.needsCustomerReview).toBe(true);
    state = keys(state, [' ']);
    expect(state.draft.needsCustomerReview).toBe(false);
    state = keys(state, ['', {downArrow: true}], ['l'], ['l']);
    expect(state.draft.reporterKind).toBe('automation');
  });

  it('toggles review statuses with space, kept in the documented order', () => {
    let state = initialFilterEditor({slug: 'acme', reviewStatus: ['REJECT']});
    state = keys(state, ['j'], [' ']);
    expect(state.draft.reviewStatus).toEqual(['APPROVE', 'REJECT']);
    state = keys(state, ['l'], [' ']);
    expect(state.draft.reviewStatus).toEqual(['APPROVE']);
  });

  it('applies with enter, cancels with esc, x clears', () => {
    expect(keys(initialFilterEditor({slug: 'a'}), ['', {return: true}]).outcome).toBe('applied');
    expect(keys(initialFilterEditor({slug: 'a'}), ['', {escape: true}]).outcome).toBe('cancelled');
    const cleared = keys(initialFilterEditor({slug: 'a', status: 'TODO', reviewStatus: ['SKIP']}), ['x']);
    expect(cleared.draft).toEqual({status: undefined, reviewStatus: [], needsCustomerReview: undefined, reporterKind: undefined});
  });

  it('replaces only the four edited filters and keeps the rest of the command line', () => {
    const filters = {slug: 'acme', limit: 5, status: 'TODO' as const, countryCodes: ['FR'], needsCustomerReview: true};
    const applied = applyDraft(filters, {status: undefined, reviewStatus: ['APPROVE'], needsCustomerReview: false, reporterKind: 'human'});
    expect(applied).toEqual({slug: 'acme', limit: 5, countryCodes: ['FR'], reviewStatus: ['APPROVE'], needsCustomerReview: false, reporterKind: 'human'});
  });

  it('describes filters as the flags that set them', () => {
    expect(describeFilters({slug: 'acme'})).toBe('no filters');
    expect(describeFilters({slug: 'acme', status: 'TODO', needsCustomerReview: true, reportedByCustomer: false, reviewStatus: ['APPROVE', 'REJECT'], search: 'two words', onlyRejected: false}))
      .toBe("--status TODO --search 'two words' --no-reported-by-customer --needs-customer-review --review-status APPROVE,REJECT");
  });
});
