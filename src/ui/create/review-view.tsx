import {Box, Text} from 'ink';
import type {CreatePlan} from '../../cmd/reports/create/body.js';
import {sanitizeText} from '../../output/sanitize.js';
import type {DuplicateCheck} from './create-state.js';
import {blockedLines, type BlockedCheck} from '../../cmd/reports/shared/blocked.js';

/** The exact body that will be sent, as JSON (a person checks it before confirming). */
export function PayloadView({plan}: {plan: CreatePlan}) {
  return (
    <Box flexDirection="column">
      <Text bold>Payload (POST report/create):</Text>
      <Text>{sanitizeText(JSON.stringify(plan.body, null, 2), {multiline: true})}</Text>
      {plan.warnings.map(warning => (
        <Text key={warning} color="yellow">{`warning: ${sanitizeText(warning)}`}</Text>
      ))}
    </Box>
  );
}

/** Per asset: already reported (with report ids and statuses), not yet, or unknown. */
export function DuplicatesView({check}: {check: DuplicateCheck}) {
  if ('error' in check) {
    return (
      <Box flexDirection="column" marginTop={1}>
        <Text bold>Existing reports:</Text>
        <Text color="yellow">{`  could not check (${check.error}); you can still submit`}</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>Existing reports:</Text>
      {check.answers.map(answer => {
        const refs = answer.reports.map(report => `${sanitizeText(report.id)} (${sanitizeText(report.status ?? '-')})`).join(', ');
        const content = sanitizeText(answer.content);
        if (answer.reported === true) return <Text key={answer.content} color="yellow">{`  ! ${content}: already reported in ${refs}`}</Text>;
        if (answer.reported === null) return <Text key={answer.content}>{`  ? ${content}: reports ${refs} match the query, maybe not this asset`}</Text>;
        return <Text key={answer.content} color="green">{`  ✔ ${content}: no report yet`}</Text>;
      })}
    </Box>
  );
}

/** Which assets the blocklist already holds, and by whom (POST /asset/check before sending). */
export function BlockedView({check}: {check: BlockedCheck}) {
  const lines = blockedLines(check);
  if (lines.length === 0) return null;
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>Blocklist:</Text>
      {lines.map(line => (
        <Text key={line} color="yellow">{`  ! ${sanitizeText(line)}`}</Text>
      ))}
    </Box>
  );
}
