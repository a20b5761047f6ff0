import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';

/* README's "Grafana" section is what a newcomer follows: every path and name in it must be the shipped files'. */

const readme = readFileSync('README.md', 'utf8');
const section = readme.slice(readme.indexOf('## Grafana'), readme.indexOf('\n## ', readme.indexOf('## Grafana') + 3));
const provider = (parse(readFileSync('deploy/grafana/provisioning/dashboards/vigil.yml', 'utf8')) as {providers: {folder: string; options: {path: string}}[]}).providers[0]!;
const source = (parse(readFileSync('deploy/grafana/provisioning/datasources/prometheus.yml', 'utf8')) as {datasources: {url: string}[]}).datasources[0]!;
const dashboard = JSON.parse(readFileSync('deploy/grafana/dashboard.json', 'utf8')) as {uid: string; panels: {title: string}[]};

describe('README: loading the Grafana dashboard', () => {
  it('copies each provisioning file where its own comment says it goes, and the dashboard where the provider looks', () => {
    const copies = [...section.matchAll(/^sudo cp (\S+) (\S+)$/gm)].map(m => ({from: m[1]!, to: m[2]!}));
    expect(copies.map(copy => copy.from)).toEqual(['deploy/grafana/provisioning/datasources/prometheus.yml', 'deploy/grafana/provisioning/dashboards/vigil.yml', 'deploy/grafana/dashboard.json']);
    for (const copy of copies.slice(0, 2)) {
      const said = /copy to (\/\S+?)\/?[.\s]/.exec(readFileSync(copy.from, 'utf8'))![1]!;
      expect(copy.to.startsWith(`${said.replace(/\/$/, '')}/`), `${copy.from} -> ${copy.to}`).toBe(true);
    }
    expect(copies[2]!.to.replace(/\/$/, '')).toBe(provider.options.path);
    expect(section).toContain(`sudo mkdir -p ${provider.options.path}`);
  });

  it('names the dashboard\'s uid, folder and data source URL as shipped, and how to import it by hand', () => {
    expect(section).toContain(`uid \`${dashboard.uid}\``);
    expect(section).toContain(`/d/${dashboard.uid}`);
    expect(section).toContain(`in a folder \`${provider.folder}\``);
    expect(section).toContain(`(\`${source.url}\`)`);
    expect(section).toContain('Dashboards > New > Import');
  });

  it('says what the dashboard shows: a phrase for each panel', () => {
    const said: Record<string, RegExp> = {
      'Checks failing': /how many checks fail/,
      'Checks warning': /and warn/,
      'Workers up': /workers\s+up/,
      'Result store up': /result store up/,
      'Scheduled checks': /scheduled checks/,
      'Jobs waiting': /jobs waiting/,
      'Severity per org': /each org's severity over time/,
      'Count against thresholds': /each count against its warn and fail thresholds/,
      'Age of last success': /age of each check's last success/,
      Workers: /each worker's version, Node\.js and uptime/,
      'Queue jobs by state': /queue jobs by\s+state/,
      'Event loop lag p99 per worker': /event loop lag/,
      'Runs per second by outcome': /runs and errors per second/,
      'Errors per second by kind': /runs and errors per second/,
      'Run duration': /run duration/,
      'Severity matrix: org by check': /a severity matrix of org\s+by check/,
      'Check: $check': /a row per selected check \(`\$check`\)/,
      '$check: severity per org': /with that check's severity per org/,
      '$check: observed against thresholds': /its observed values against their thresholds/,
      '$check: runs per second by outcome': /its\s+runs and errors per second/,
      '$check: errors per second by kind': /its\s+runs and errors per second/,
    };
    expect(Object.keys(said).sort()).toEqual(dashboard.panels.map(panel => panel.title).sort());
    for (const [title, phrase] of Object.entries(said)) expect(section, title).toMatch(phrase);
  });
});
