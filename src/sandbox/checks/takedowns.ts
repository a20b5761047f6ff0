import type {Store} from '../store.js';
import {CANCELLED_COUNT_ID, cancelledCountResult} from '../healthcheck.js';
import {takedownRecords, type TakedownRecord} from '../takedowns.js';
import {cancelledCountBodySchema} from '../schemas.js';
import {DAY, defineCheck, field, gradedBody, gradedResult, intField, plural} from './define.js';

/** A takedown's current state: the last transition of its event log, and when it was entered. */
type Current = TakedownRecord;

/** Every takedown of the org in its current state, oldest entry first: what `takedowns list` lists too. */
export function currentTakedowns(store: Store, slug: string): Current[] {
  return takedownRecords(store, slug);
}

const LISTED = 10;
const thresholdNames = {warn: 'warnThreshold', fail: 'failThreshold'};
const finding = (t: Current, now: number) => ({
  kind: `takedown_${t.state.toLowerCase()}`,
  ref: t.takedownId,
  message: `takedown ${t.takedownId} (${t.assetContent}) in ${t.state} for ${Math.floor((now - t.since) / DAY)} days`,
});

export const VOLUME_DEFAULTS = {warn: 20, fail: 50};

function volumeCheck(id: string, state: string, title: string, action: string) {
  return defineCheck({
    id,
    title,
    category: 'takedowns',
    summary: `Counts takedowns in ${state}, regardless of age`,
    body: gradedBody(thresholdNames, VOLUME_DEFAULTS),
    run(ctx, body) {
      const warn = field(body, thresholdNames.warn, VOLUME_DEFAULTS.warn);
      const fail = field(body, thresholdNames.fail, VOLUME_DEFAULTS.fail);
      const inState = currentTakedowns(ctx.store, body.slug).filter(t => t.state === state);
      return gradedResult(this, ctx, {
        slug: body.slug,
        value: inState.length,
        warn,
        fail,
        observed: {[`${state === 'TODO' ? 'todo' : 'inProgress'}Count`]: inState.length},
        threshold: {warnThreshold: warn, failThreshold: fail},
        findings: inState.slice(0, LISTED).map(t => finding(t, ctx.now)),
        action: `${plural(inState.length, 'takedown')} in ${state} (warn at ${warn}, fail at ${fail}). ${action}`,
        page: `takedowns?status=${state}`,
      });
    },
  });
}

export const todoVolume = volumeCheck('takedowns.todo-volume', 'TODO', 'Takedowns waiting to start', 'Start the oldest, or find what holds them back.');
export const inProgressVolume = volumeCheck('takedowns.in-progress-volume', 'IN_PROGRESS', 'Takedowns in progress', 'Check the providers are answering; chase the oldest.');

export const STALE_DEFAULTS = {staleDays: 7, warn: 1, fail: 5};

export const staleInProgress = defineCheck({
  id: 'takedowns.stale-in-progress',
  title: 'Stale takedowns in progress',
  category: 'takedowns',
  summary: 'Counts takedowns IN_PROGRESS for longer than staleDays (default 7) and lists the oldest',
  body: gradedBody(thresholdNames, STALE_DEFAULTS, {staleDays: intField('staleDays', 1)}),
  run(ctx, body) {
    const staleDays = field(body, 'staleDays', STALE_DEFAULTS.staleDays);
    const warn = field(body, thresholdNames.warn, STALE_DEFAULTS.warn);
    const fail = field(body, thresholdNames.fail, STALE_DEFAULTS.fail);
    const stale = currentTakedowns(ctx.store, body.slug).filter(t => t.state === 'IN_PROGRESS' && ctx.now - t.since >= staleDays * DAY);
    return gradedResult(this, ctx, {
      slug: body.slug,
      value: stale.length,
      warn,
      fail,
      observed: {staleCount: stale.length, staleDays},
      threshold: {warnThreshold: warn, failThreshold: fail},
      findings: stale.slice(0, LISTED).map(t => finding(t, ctx.now)),
      action: `${plural(stale.length, 'takedown')} IN_PROGRESS for ${staleDays} days or more. Chase the provider, or close them with the outcome they had.`,
      page: 'takedowns?status=IN_PROGRESS',
    });
  },
});

export const AUTOMATION_OFF_DEFAULTS = {warn: 30, fail: 60};
const dayNames = {warn: 'warnDays', fail: 'failDays'};

export const automationOff = defineCheck({
  id: 'takedowns.automation-off',
  title: 'Automated takedowns switched off',
  category: 'takedowns',
  summary: 'Takedown service enabled but automated takedowns off longer than warnDays/failDays (30/60); orgs without the service are excluded',
  body: gradedBody(dayNames, AUTOMATION_OFF_DEFAULTS),
  run(ctx, body) {
    const warn = field(body, dayNames.warn, AUTOMATION_OFF_DEFAULTS.warn);
    const fail = field(body, dayNames.fail, AUTOMATION_OFF_DEFAULTS.fail);
    const service = ctx.store.healthOf(body.slug).takedownService;
    const offSince = service?.automationOffSince ?? null;
    const daysOff = offSince === null ? 0 : Math.floor((ctx.now - offSince) / DAY);
    return gradedResult(this, ctx, {
      slug: body.slug,
      value: daysOff,
      warn,
      fail,
      observed: {takedownServiceEnabled: service !== null, automationEnabled: service !== null && offSince === null, daysOff},
      threshold: {warnDays: warn, failDays: fail},
      findings: [{kind: 'automation_off', ref: null, message: `automated takedowns off for ${daysOff} days`}],
      action: `Automated takedowns have been off for ${daysOff} days while the takedown service is on. Switch them back on, or record why they stay off.`,
      page: 'health',
    });
  },
});

/** docs/contract.md#the-cancelled-count-healthcheck, as the sandbox always served it. */
export const cancelledCount = defineCheck({
  id: CANCELLED_COUNT_ID,
  title: 'Excess CANCELLED takedowns',
  category: 'takedowns',
  summary: 'Excess CANCELLED takedowns over a rolling window',
  body: cancelledCountBodySchema,
  run: (ctx, body) => cancelledCountResult(ctx.store, body, ctx.now, ctx.origin),
});
