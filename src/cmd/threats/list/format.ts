import type {Threat} from '../../../api/wire/index.js';
import {revealInvisible, type Column} from '../../../output/index.js';

/** The columns of `threats list`, one set for the table, TSV, markdown and CSV. */
export const THREAT_COLUMNS: ReadonlyArray<Column<Threat>> = [
  {header: 'ID', value: t => t.id, whole: true},
  {header: 'CONTENT', value: t => (t.content === undefined ? undefined : revealInvisible(t.content)), minWidth: 20, maxWidth: 70},
  {header: 'TYPE', value: t => t.type, whole: true, omitIfUniform: true, dropOrder: 1},
  {header: 'BLOCKED', value: t => t.blockedAt, whole: true},
];
