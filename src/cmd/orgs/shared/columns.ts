import {fieldColumn, isObjectRow, scalarAt, type Row} from '../../../cli/passthrough.js';
import type {Column} from '../../../output/index.js';

/** The services of an organization whose `active` flag is true, comma-joined (the docs name the groups only in prose). */
function activeServices(row: Row): string | undefined {
  const services = row.services;
  if (!isObjectRow(services)) return undefined;
  return Object.keys(services).filter(name => scalarAt(services, `${name}.active`) === true).join(',');
}

/** One organization of POST /user/orgs (or GET /user/orgs/{slug}), as a row. */
export const ORG_COLUMNS: ReadonlyArray<Column<Row>> = [
  fieldColumn('SLUG', 'slug', {whole: true}),
  fieldColumn('NAME', 'name', {maxWidth: 40}),
  fieldColumn('ID', 'id', {whole: true, dropOrder: 2}),
  fieldColumn('SUBSCRIPTION', 'subscriptionStatus', {shortHeader: 'SUB', whole: true}),
  {header: 'ACTIVE SERVICES', shortHeader: 'SERVICES', value: activeServices, dropOrder: 1},
];
