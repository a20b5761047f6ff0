// `npm run dashboard`: writes deploy/grafana/dashboard.json from deploy/grafana/dashboard.ts.
// `npm run dashboard -- --check`: exit 1 when the committed file differs (what the test checks).
import {readFileSync, writeFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {dashboardJson} from '../deploy/grafana/dashboard.js';

const file = fileURLToPath(new URL('../deploy/grafana/dashboard.json', import.meta.url));
const text = dashboardJson();
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== text) {
    console.error('deploy/grafana/dashboard.json is out of date: run `npm run dashboard` and commit it');
    process.exit(1);
  }
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
