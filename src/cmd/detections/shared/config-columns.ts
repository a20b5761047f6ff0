import type {DetectionConfigRow} from '../../../api/wire/index.js';
import type {Column} from '../../../output/index.js';

/*
 * The columns of `detections configs list`: what vigil can read of an answer whose fields
 * the docs do not state (docs/contract.md#listing-detection-configs). One set for the
 * table, TSV, markdown and CSV.
 */
export const DETECTION_CONFIG_COLUMNS: ReadonlyArray<Column<DetectionConfigRow>> = [
  {header: 'SOURCE', value: c => c.source, maxWidth: 28},
  {header: 'ID', value: c => c.id, whole: true},
  {header: 'TITLE', value: c => c.title, minWidth: 16, maxWidth: 48},
  {header: 'STATUS', value: c => c.status, whole: true, style: c => (c.status === 'DISABLED' ? 'gray' : undefined)},
  {header: 'SCHEDULE', value: c => c.schedule, maxWidth: 20, dropOrder: 2, omitIfUniform: true},
  {header: 'DESCRIPTION', value: c => c.description, maxWidth: 48, dropOrder: 1, omitIfUniform: true},
];
