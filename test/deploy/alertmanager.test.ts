import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {requireProgram} from '../helpers/programs.js';

/* deploy/alertmanager as an operator checks it: amtool validates, routes and renders. */

const amtool = requireProgram('amtool');
const run = (args: string[]) => execFileSync(amtool.path!, args, {cwd: 'deploy/alertmanager', encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
const routeOf = (labels: string[]) => run(['config', 'routes', 'test', '--config.file=alertmanager.yml', ...labels]).trim();

describe.skipIf(amtool.skipReason !== undefined)('deploy/alertmanager with amtool', () => {
  it('passes amtool check-config, template included', () => {
    const out = run(['check-config', 'alertmanager.yml']);
    expect(out).toContain('SUCCESS');
    expect(out).toContain('1 templates');
    expect(out).not.toContain('FAILED');
  });

  it("the header's PagerDuty receiver, uncommented, passes amtool check-config and name the key by file, never inline", () => {
    const text = readFileSync('deploy/alertmanager/alertmanager.yml', 'utf8');
    const header = text.slice(0, text.indexOf('\nglobal:')).split('\n');
    const at = header.findIndex(line => line === '#   pagerduty_configs:');
    // The PagerDuty one (the email one would need a global SMTP server).
    const snippet = header.slice(at, header.indexOf('#   email_configs:')).map(line => line.replace(/^# {3}/, '')).join('\n');
    expect(snippet).toContain('routing_key_file: ');
    expect(snippet).not.toMatch(/routing_key:|service_key:/);
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-am-'));
    const receivers = snippet.replace('/etc/alertmanager/secrets/pagerduty-routing-key', path.join(dir, 'key'));
    writeFileSync(path.join(dir, 'key'), 'not-a-key\n', {mode: 0o600});
    writeFileSync(path.join(dir, 'am.yml'), `route: {receiver: page}\nreceivers:\n  - name: page\n${receivers.split('\n').map(line => `    ${line}`).join('\n')}\n`);
    expect(execFileSync(amtool.path!, ['check-config', path.join(dir, 'am.yml')], {encoding: 'utf8'})).toContain('SUCCESS');
  });

  it('pages for critical alerts, tickets warning and info, sends the Watchdog to the heartbeat', () => {
    expect(routeOf(['alertname=VigilWorkersDown', 'severity=critical', 'job=vigil'])).toBe('page');
    expect(routeOf(['alertname=VigilNoRecentRuns', 'severity=critical', 'job=vigil'])).toBe('page');
    expect(routeOf(['alertname=VigilCheckFailing', 'severity=warning', 'org=acme'])).toBe('ticket');
    expect(routeOf(['alertname=VigilCheckWarning', 'severity=info', 'org=acme'])).toBe('ticket');
    expect(routeOf(['alertname=VigilWatchdog', 'severity=none'])).toBe('heartbeat');
  });

  it('renders check, org, count, thresholds, runbook and dashboard from a webhook payload', () => {
    const text = run([
      'template',
      'render',
      '--template.glob=vigil.tmpl',
      '--template.text={{ template "vigil.title" . }}\n{{ template "vigil.text" . }}',
      '--template.data=../../test/deploy/fixtures/webhook-payload.json',
    ]);
    expect(text.split('\n')[0]).toBe('[FIRING:1] VigilCheckFailing for org acme');
    expect(text).toContain('FIRING: takedowns.cancelled-count is failing for org acme');
    expect(text).toMatch(/check: +takedowns\.cancelled-count\n/);
    expect(text).toMatch(/org: +acme\n/);
    expect(text).toMatch(/observed: +cancelledCount=12\n/);
    expect(text).toMatch(/thresholds: +warn 3, fail 10\n/);
    expect(text).toMatch(/runbook: +https:\/\/\S+\/docs\/runbooks\.md#vigilcheckfailing\n/);
    expect(text).toMatch(/dashboard: +https:\/\/grafana\.example\/d\/vigil-checker\//);
  });
});

/** The shipped payload with upstream chat markup in every field an alert carries. */
function markupPayload(): string {
  const payload = JSON.parse(readFileSync('test/deploy/fixtures/webhook-payload.json', 'utf8')) as {alerts: {labels: Record<string, string>; annotations: Record<string, string>}[]; commonLabels: Record<string, string>};
  const ping = '<!channel> <https://evil.example/login|Open runbook>';
  const link = '[click](https://evil.example)';
  const alert = payload.alerts[0]!;
  alert.labels.check = `takedowns.cancelled-count ${ping}`;
  payload.commonLabels.org = `acme ${link}`;
  alert.annotations.observed = `${ping}=1, ${link}=2, cancelledCount=12`;
  alert.annotations.summary = `${link} is failing`;
  alert.annotations.description = `observed ${ping}=1 and <!here> ${link}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-am-'));
  const file = path.join(dir, 'payload.json');
  writeFileSync(file, JSON.stringify(payload));
  return file;
}

describe.skipIf(amtool.skipReason !== undefined)('deploy/alertmanager/vigil.tmpl against upstream chat markup', () => {
  const render = (text: string, data: string) => run(['template', 'render', '--template.glob=vigil.tmpl', `--template.text=${text}`, `--template.data=${data}`]);

  it('renders a firing alert without <!, <http or [..](..) from the upstream, keeping the rest', () => {
    const data = markupPayload();
    // The payload does carry the markup: a template that prints it raw shows it.
    const raw = render('{{ range .Alerts }}{{ .Labels.check }} {{ .Annotations.observed }} {{ .Annotations.description }}{{ end }}', data);
    expect(raw).toContain('<!channel>');
    expect(raw).toContain('<https://evil.example/login|Open runbook>');
    expect(raw).toMatch(/\[[^\]]*\]\([^)]*\)/);

    const text = render('{{ template "vigil.title" . }}\n{{ template "vigil.text" . }}', data);
    expect(text).not.toContain('<!');
    expect(text).not.toContain('<http');
    expect(text).not.toMatch(/\[[^\]]*\]\([^)]*\)/);
    expect(text).not.toMatch(/[<>|]/);
    expect(text).toMatch(/observed: +.*cancelledCount=12\n/);
    expect(text).toMatch(/runbook: +https:\/\/\S+\/docs\/runbooks\.md#vigilcheckfailing\n/);
  });
});

describe('deploy/alertmanager/alertmanager.yml against the rules', () => {
  const config = parse(readFileSync('deploy/alertmanager/alertmanager.yml', 'utf8')) as {
    route: {group_by: string[]};
    inhibit_rules: {source_matchers: string[]; target_matchers: string[]; equal: string[]}[];
  };
  const rules = readFileSync('deploy/prometheus/alerts.yml', 'utf8');
  const alerts = new Set([...rules.matchAll(/- alert: (\S+)/g)].map(match => match[1]!));

  it('groups by org', () => {
    expect(config.route.group_by).toContain('org');
  });

  it('inhibits every per-check alert while the workers are down, on the same job', () => {
    const rule = config.inhibit_rules.find(candidate => candidate.source_matchers.includes('alertname="VigilWorkersDown"'))!;
    expect(rule.equal).toEqual(['job']);
    const target = new RegExp(`^(?:${/alertname=~"(.*)"/.exec(rule.target_matchers[0]!)![1]})$`);
    const perCheck = [...alerts].filter(name => name.startsWith('VigilCheck'));
    expect(perCheck.length).toBeGreaterThanOrEqual(4);
    for (const name of perCheck) expect(name).toMatch(target);
    expect('VigilWorkersDown').not.toMatch(target);
    expect('VigilWatchdog').not.toMatch(target);
  });

  it('names only alerts that the rules define', () => {
    const named = config.inhibit_rules.flatMap(rule => [...rule.source_matchers, ...rule.target_matchers]).flatMap(matcher => [...matcher.matchAll(/Vigil[A-Za-z]+(?![A-Za-z.])/g)].map(m => m[0]));
    for (const name of named) expect(alerts).toContain(name);
  });
});
