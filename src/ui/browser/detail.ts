import {textWidth as stringWidth} from '../../output/text-width.js';
import type {Report} from '../../api/wire/index.js';
import {boundText} from '../../output/bound.js';
import {homoglyphWarning} from '../../output/homoglyph.js';
import {revealInvisible, sanitizeText} from '../../output/sanitize.js';

/*
 * The detail view of one report as lines already wrapped to the terminal width, so the
 * view can scroll by whole lines. Ids are never truncated: a reviewer copies proposal and
 * asset ids from here into the review workflow.
 */

export interface DetailLine {
  text: string;
  style?: 'heading' | 'label' | 'dim';
}

const clean = (value: string | undefined | null): string => (value ? sanitizeText(boundText(value)) : '');

/** Hard-wraps one line at word boundaries (long words are cut), by display width. */
export function wrapLine(text: string, width: number): string[] {
  const max = Math.max(10, width);
  if (stringWidth(text) <= max) return [text];
  const out: string[] = [];
  let current = '';
  for (const word of text.split(/(\s+)/)) {
    if (stringWidth(current + word) <= max) {
      current += word;
      continue;
    }
    if (current.trim() !== '') out.push(current.trimEnd());
    current = word.trimStart();
    while (stringWidth(current) > max) {
      let cut = '';
      for (const char of current) {
        if (stringWidth(cut + char) > max) break;
        cut += char;
      }
      out.push(cut);
      current = current.slice(cut.length);
    }
  }
  if (current.trim() !== '' || out.length === 0) out.push(current.trimEnd());
  return out;
}

function field(label: string, value: string, width: number, indent = '  '): DetailLine[] {
  return wrapLine(`${label}: ${value}`, width - indent.length).map(text => ({text: indent + text}));
}

function reporterLine(report: Report): string {
  const parts: string[] = [];
  if (report.reporter) {
    const who = clean(report.reporter.fullName) || `user ${clean(report.reporter.id) || '?'}`;
    parts.push(report.reporter.role ? `${who} (${clean(report.reporter.role)})` : who);
  }
  if (report.externalReporter) {
    const ext = report.externalReporter;
    const who = clean(ext.displayName) || clean(ext.id) || 'unknown';
    parts.push(`external: ${who}${ext.platform ? ` on ${clean(ext.platform)}` : ''}`);
  }
  return parts.length > 0 ? parts.join('; ') : 'unknown';
}

/** `picked`: the proposal the review keys act on (the queue), marked with "›". */
export function detailLines(report: Report, width: number, picked?: number): DetailLine[] {
  const lines: DetailLine[] = [];
  const heading = (text: string) => lines.push({text: '', style: 'dim'}, {text, style: 'heading'});
  lines.push(...wrapLine(`Report ${clean(report.id)} · ${clean(report.status)}`, width).map(text => ({text, style: 'heading' as const})));
  lines.push(...wrapLine(clean(report.title), width).map(text => ({text})));
  lines.push({text: ''});
  lines.push(...field('Status', clean(report.status), width));
  lines.push(...field('Latest review', clean(report.latestReviewDecision) || 'none', width));
  lines.push(...field('Reporter', reporterLine(report), width));
  lines.push(...field('Created', clean(report.createdAt), width));
  if (report.updatedAt) lines.push(...field('Updated', clean(report.updatedAt), width));
  if (report.externalSubmissionLink) lines.push(...field('Submission link', clean(report.externalSubmissionLink), width));

  heading('Description');
  const description = report.description ? sanitizeText(boundText(report.description), {multiline: true}).replace(/\t/g, '  ') : '';
  if (description.trim() === '') lines.push({text: '  (none)', style: 'dim'});
  for (const paragraph of description.split('\n')) {
    if (description.trim() === '') break;
    lines.push(...wrapLine(paragraph, width - 2).map(text => ({text: `  ${text}`})));
  }

  const proposals = report.proposals ?? [];
  heading(`Assets and proposals (${proposals.length})`);
  if (proposals.length === 0) lines.push({text: '  (none)', style: 'dim'});
  proposals.forEach((proposal, index) => {
    const asset = proposal.asset;
    const marker = index === picked ? '› ' : '  ';
    lines.push(...wrapLine(`${index + 1}. ${clean(revealInvisible(asset?.content ?? '')) || '(no content)'}`, width - 2).map((text, line) => ({text: `${line === 0 ? marker : '  '}${text}`, ...(index === picked ? {style: 'heading' as const} : {})})));
    const lookAlike = homoglyphWarning(asset?.content ?? '');
    if (lookAlike) lines.push({text: `     ${lookAlike}`, style: 'label'});
    lines.push(...field('proposal', `${clean(proposal.id)}  review: ${clean(proposal.reviewStatus) || 'none'}`, width, '     '));
    const assetFacts = asset
      ? `${clean(asset.id)}  type: ${clean(asset.type) || 'unknown'}  status: ${clean(asset.status) || 'unknown'}`
      : '(none)';
    lines.push(...field('asset', assetFacts, width, '     '));
  });

  const attachments = report.attachments ?? [];
  heading(`Attachments (${attachments.length})`);
  if (attachments.length === 0) lines.push({text: '  (none)', style: 'dim'});
  for (const attachment of attachments) {
    const label = attachment.id ? `${clean(attachment.id)}  ${clean(attachment.url)}` : clean(attachment.url);
    lines.push(...wrapLine(label, width - 2).map(text => ({text: `  ${text}`})));
  }
  return lines;
}
