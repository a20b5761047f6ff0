import type {CommandInput} from '../../cli/define.js';
import type {ListFlags} from '../../cmd/reports/list/list.js';
import {ReportsBrowser} from '../browser/reports-browser.js';

/** `vigil reports list` for a person at a terminal: the keyboard browser. */
export function ReportsListScreen({input}: {input: CommandInput<ListFlags, unknown>}) {
  return <ReportsBrowser flags={input.options} />;
}
