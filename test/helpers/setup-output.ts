import {loadTableRenderer} from '../../src/output/print.js';

// runWork loads the table renderer before a command that may draw a table runs; tests that
// call a command's work directly with a terminal IO get it loaded here.
await loadTableRenderer();
