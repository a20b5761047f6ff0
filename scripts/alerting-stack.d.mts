// Types of alerting-stack.mjs (plain JavaScript so that `npm run demo` needs no build).
import type {ChildProcess, SpawnOptions} from 'node:child_process';

export const ROOT: string;
export const PROMETHEUS_NAMES: string[];
export const ALERTMANAGER_NAMES: string[];
export const GRAFANA_NAMES: string[];
export function whichBinary(names: string[]): string | undefined;
export function durationSeconds(text: string): number;
export function durationWords(seconds: number): string;
export function scaleRuleDurations(rulesText: string, factor: number, minSeconds?: number): string;
export function prometheusConfig(options: {targets: string[]; alertmanager: string; intervalSeconds: number}): string;

/** Route timings replacing the shipped ones, e.g. {group_wait: '1s'}. */
export type Timings = Partial<Record<'group_wait' | 'group_interval' | 'repeat_interval', string>>;
export function alertmanagerConfig(options: {receiverUrl: (receiver: string) => string; timings?: Timings}): string;

/** One Alertmanager webhook notification (the body Alertmanager POSTs; also amtool's template data). */
export interface Notification {
  receiver: string;
  status: 'firing' | 'resolved';
  alerts: {status: 'firing' | 'resolved'; labels: Record<string, string>; annotations: Record<string, string>; startsAt: string; endsAt: string; fingerprint: string}[];
  groupLabels: Record<string, string>;
  commonLabels: Record<string, string>;
  commonAnnotations: Record<string, string>;
  externalURL: string;
}
export function startWebhookReceiver(onNotification: (path: string, body: Notification) => void): Promise<{url: string; close(): Promise<void>}>;
/** `page` defaults to /-/ready (Prometheus, Alertmanager); Grafana's is /api/health. */
export function waitReady(url: string, child: ChildProcess, timeoutMs?: number, page?: string): Promise<boolean>;

export interface AlertingProcess {
  child: ChildProcess;
  url: string;
  /** The last 20 kB of its stdout and stderr, for a failure message. */
  log(): string;
}
export function spawnAlerting(options: {
  /** Folder for the config copies and the data dirs. */
  dir: string;
  prometheusBin: string;
  alertmanagerBin: string;
  prometheusPort: number;
  alertmanagerPort: number;
  /** host:port of each worker's metrics endpoint. */
  targets: string[];
  /** Scrape and rule evaluation interval. */
  intervalSeconds: number;
  /** Divides every rule `for` and `keep_firing_for` (1 = as shipped). */
  ruleSpeedup: number;
  receiverUrl: (receiver: string) => string;
  timings?: Timings;
  spawnOptions?: SpawnOptions;
}): {prometheus: AlertingProcess; alertmanager: AlertingProcess};

export function grafanaHome(binary: string): string | undefined;
/** Writes the provisioning copies into `dir`; returns the provisioning folder. */
export function provisionGrafana(options: {dir: string; prometheusUrl: string}): string;
export function dashboardUid(): string;
export function spawnGrafana(options: {dir: string; grafanaBin: string; port: number; prometheusUrl: string; spawnOptions?: SpawnOptions}): AlertingProcess;
export const MAX_WEBHOOK_BYTES: number;
