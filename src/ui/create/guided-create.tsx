import type {ContextFlags} from '../../cli/context.js';
import {uniqueContents} from '../../cmd/reports/shared/assets.js';
import {planReportCreate, type CreateFlags} from '../../cmd/reports/create/create.js';
import {answerPerAsset} from '../../cmd/reports/shared/answers.js';
import {checkBlocked} from '../../cmd/reports/shared/blocked.js';
import {formatError} from '../../output/error-banner.js';
import {sanitizeText} from '../../output/sanitize.js';
import {useInteractiveCommand} from '../hooks/use-interactive-command.js';
import {CreateFlow, type CreateFlowProps} from './create-flow.js';
import {editInEditor} from './editor.js';
import {among} from './revise.js';
import {answersAsFlags, type CreateNeeds, type DuplicateCheck} from './create-state.js';

export {createNeeds} from '../../cmd/reports/shared/create-needs.js';

/** Stand-ins for the prompted fields, so every flag that WAS given is checked up front. */
const PLACEHOLDERS = {title: 'placeholder', description: 'placeholder', asset: ['placeholder.example']};

/**
 * `vigil reports create` on a terminal with fields missing. The given flags are validated
 * by the static path's planner before the first prompt (a bad --attachment-url exits 3 at
 * once, as does a missing org; no key exits 2), then the answers go through the same planner.
 */
export function GuidedCreate({flags, needs}: {flags: CreateFlags & ContextFlags; needs: CreateNeeds}) {
  const session = useInteractiveCommand(flags, async ctx => {
    await planReportCreate({
      ...flags,
      ...(needs.title ? {title: PLACEHOLDERS.title} : {}),
      ...(needs.description ? {description: PLACEHOLDERS.description} : {}),
      ...(needs.assets ? {asset: PLACEHOLDERS.asset} : {}),
    }, ctx);
    const client = ctx.client();
    const check: CreateFlowProps['check'] = async (answers, signal) => {
      const planned = await planReportCreate({...flags, ...answersAsFlags(answers)}, ctx);
      // Assets the user dropped as already reported stay dropped, flag-given ones too.
      const plan = {...planned, body: {...planned.body, assets: planned.body.assets.filter(asset => !among(answers.dropped ?? [], asset.content))}};
      const slug = plan.body.organizationSlug;
      const contents = uniqueContents(plan.body.assets.map(asset => asset.content));
      let duplicates: DuplicateCheck;
      try {
        if (!slug) throw new Error('no organization slug to search in');
        const found = await client.searchReports({slug, assetContents: contents}, {signal: AbortSignal.any([signal, ctx.signal])});
        duplicates = answerPerAsset(contents, found.reports);
      } catch (error) {
        if (signal.aborted || ctx.signal.aborted) throw error;
        // The check helps; it must not block a report the user wants to send.
        duplicates = {error: sanitizeText(formatError(error).text.split('\n')[0]!.replace(/^error: /, ''))};
      }
      // Before anything is sent: which assets are already BLOCKED, and by whom.
      const blocked = await checkBlocked(client, contents, AbortSignal.any([signal, ctx.signal]));
      return {plan, duplicates, blocked};
    };
    const submit: CreateFlowProps['submit'] = (plan, signal) => client.createReport(plan.body, {signal: AbortSignal.any([signal, ctx.signal])});
    return {check, submit};
  });
  if (!session) return null;
  return <CreateFlow needs={needs} check={session.value.check} submit={session.value.submit} editText={initial => editInEditor(initial)} end={session.end} />;
}
