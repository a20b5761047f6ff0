import {HEALTHCHECK_FLAG_PARAMS as FLAGS} from '../../api/wire/index.js';
import * as z from 'zod';
import {DAY, HOUR, defineCheck, field, gradedBody, gradedResult, intField, slugField, type CheckBody} from './define.js';

const thresholdNames = {warn: 'warnThreshold', fail: 'failThreshold'};

export const SILENT_DEFAULTS = {minResults: 1, lookbackHours: 168, warn: 1, fail: 3};

export const silentConfigs = defineCheck({
  id: 'detections.silent-configs',
  title: 'Silent detection configs',
  category: 'detection',
  summary: 'Each enabled detection config has produced at least minResults results within the last lookbackHours',
  body: gradedBody(thresholdNames, SILENT_DEFAULTS, {[FLAGS.minResults.wire]: intField(FLAGS.minResults.wire, 0), [FLAGS.lookbackHours.wire]: intField(FLAGS.lookbackHours.wire, 1)}),
  run(ctx, body) {
    const minResults = field(body, FLAGS.minResults.wire, SILENT_DEFAULTS.minResults);
    const lookbackHours = field(body, FLAGS.lookbackHours.wire, SILENT_DEFAULTS.lookbackHours);
    const warn = field(body, thresholdNames.warn, SILENT_DEFAULTS.warn);
    const fail = field(body, thresholdNames.fail, SILENT_DEFAULTS.fail);
    const since = ctx.now - lookbackHours * HOUR;
    const enabled = ctx.store.healthOf(body.slug).detectionConfigs.filter(config => config.enabled);
    const counted = enabled.map(config => ({name: config.name, results: config.resultTimes.filter(at => at > since && at <= ctx.now).length}));
    const silent = counted.filter(config => config.results < minResults);
    return gradedResult(this, ctx, {
      slug: body.slug,
      value: silent.length,
      warn,
      fail,
      observed: {enabledConfigs: enabled.length, silentConfigs: silent.length, minResults, lookbackHours},
      threshold: {warnThreshold: warn, failThreshold: fail},
      findings: silent.map(config => ({kind: 'silent_config', ref: config.name, message: `${config.name} produced ${config.results} results in ${lookbackHours} hours (at least ${minResults} expected)`})),
      action: `${silent.length} enabled detection config${silent.length === 1 ? ' has' : 's have'} gone quiet. Check their sources and keywords still match, or disable the ones no longer needed.`,
      page: 'health',
    });
  },
});

export const SPIKE_DEFAULTS = {baselineDays: 7, minSpikeCount: 5, spikeMultiplier: 3};
const WINDOW_HOURS = 24;

export const deadAssetSpike = defineCheck({
  id: 'assets.dead-asset-spike',
  title: 'Spike of dead assets',
  category: 'assets',
  summary: 'Assets detected dead in the last 24 hours against the daily rate of the prior baselineDays; warns when the count reaches minSpikeCount and exceeds spikeMultiplier times the baseline, fails at twice that',
  body: z.object({
    slug: slugField,
    [FLAGS.baselineDays.wire]: intField(FLAGS.baselineDays.wire, 1, 3650),
    [FLAGS.minSpikeCount.wire]: intField(FLAGS.minSpikeCount.wire, 0),
    spikeMultiplier: z.number().positive('spikeMultiplier must be greater than 0').max(1000, 'spikeMultiplier must be at most 1000').optional(),
  }) as unknown as z.ZodType<CheckBody>,
  run(ctx, body) {
    const baselineDays = field(body, FLAGS.baselineDays.wire, SPIKE_DEFAULTS.baselineDays);
    const minSpikeCount = field(body, FLAGS.minSpikeCount.wire, SPIKE_DEFAULTS.minSpikeCount);
    const multiplier = field(body, 'spikeMultiplier', SPIKE_DEFAULTS.spikeMultiplier);
    const windowStart = ctx.now - WINDOW_HOURS * HOUR;
    const baselineStart = windowStart - baselineDays * DAY;
    // docs/sandbox.md: the dead assets are takedowns' assets found DEAD, what `takedowns list --liveness-status DEAD` shows.
    const times = ctx.store.deadAssetTimes(body.slug);
    const current = times.filter(at => at > windowStart && at <= ctx.now).length;
    const baseline = times.filter(at => at > baselineStart && at <= windowStart).length;
    const perDay = baseline / baselineDays;
    // A spike must clear minSpikeCount and exceed multiplier x the baseline's daily rate.
    const warn = Math.max(minSpikeCount, Math.floor(multiplier * perDay) + 1);
    const fail = 2 * warn;
    return gradedResult(this, ctx, {
      slug: body.slug,
      value: current,
      warn,
      fail,
      observed: {deadLast24h: current, baselineCount: baseline, baselinePerDay: Math.round(perDay * 100) / 100, baselineDays},
      threshold: {minSpikeCount, spikeMultiplier: multiplier, warnAt: warn, failAt: fail},
      findings: [{kind: 'dead_asset_spike', ref: null, message: `${current} assets detected dead in 24 hours; the prior ${baselineDays} days averaged ${perDay.toFixed(1)} a day`}],
      action: `Dead assets spiked to ${current} in a day. A takedown wave or a hosting outage? Check which providers the assets shared.`,
      page: 'health',
    });
  },
});

export const missingContactUrl = defineCheck({
  id: 'organization.missing-contact-url',
  title: 'Organization without a contact URL',
  category: 'organization',
  summary: 'Flags an organization with no contactUrl',
  body: z.object({slug: slugField}),
  run(ctx, body) {
    const contactUrl = ctx.store.healthOf(body.slug).contactUrl;
    const missing = contactUrl === null ? 1 : 0;
    return gradedResult(this, ctx, {
      slug: body.slug,
      value: missing,
      warn: 1,
      fail: 1,
      observed: {hasContactUrl: missing === 0},
      threshold: {missingFails: true},
      findings: [{kind: 'missing_contact_url', ref: body.slug, message: `organization ${body.slug} has no contactUrl`}],
      action: 'Set a contact URL, so reporters and providers can reach the organization about its takedowns.',
      page: 'health',
    });
  },
});
