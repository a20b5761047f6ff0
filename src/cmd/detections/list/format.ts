import type {Detection} from '../../../api/wire/index.js';
import {revealInvisible, type Column} from '../../../output/index.js';

/** The columns of `detections list`, one set for the table, TSV, markdown and CSV. */
export const DETECTION_COLUMNS: ReadonlyArray<Column<Detection>> = [
  {header: 'ID', value: d => d.id, whole: true},
  {header: 'CONTENT', value: d => (d.threatContent ?? d.asset?.content) === undefined ? undefined : revealInvisible((d.threatContent ?? d.asset?.content)!), minWidth: 20, maxWidth: 60},
  {header: 'SOURCE', value: d => d.source, whole: true, omitIfUniform: true, dropOrder: 3},
  {header: 'CONFIDENCE', shortHeader: 'CONF', value: d => d.confidence, whole: true, style: d => (d.confidence === 'high' ? 'red' : undefined)},
  {header: 'REPORTED', value: d => d.reportStatus, whole: true, dropOrder: 2},
  {header: 'ASSET', value: d => d.asset?.status, whole: true, dropOrder: 1},
  {header: 'CREATED', value: d => d.createdAt, whole: true},
];
