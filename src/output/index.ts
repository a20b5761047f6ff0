/** The output layer: pure formatters plus the small printing helpers static commands use. */
export {revealInvisible, sanitizeText, type SanitizeOptions} from './sanitize.js';
export {colorEnabled, painter, type Paint, type StyleName} from './color.js';
export {resolveOutputFormat, OUTPUT_FORMATS, type OutputFormat, type OutputFlags} from './format.js';
export {ABSENT, cellText, displayText, type CellValue, type Column} from './columns.js';
export type {TableOptions} from './table.js';
export {renderTsv, escapeTsvField} from './tsv.js';
export {renderMarkdown, escapeMarkdownCell} from './markdown.js';
export {renderCsv, escapeCsvField} from './csv.js';
export {renderJson} from './json.js';
export {printRows, formatRows, formatPageRows, printJson, terminalWidth, loadTableRenderer, tableMayBeDrawn, type PrintRowsOptions} from './print.js';
