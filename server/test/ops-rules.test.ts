/**
 * The operators' instruments stay true to the API: every alert rule in ops/alerts.yml is complete, every
 * dashboard panel in ops/grafana/rigshare.json has a title and a query, and every `rigshare_*` metric
 * either names is one the app registers (app.metrics.registry), so a renamed metric cannot leave an
 * alert that never fires or a panel that stays empty.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { testXpub } from '@rigshare/devchain';
import { parse } from 'yaml';
import { loadConfig } from '../src/config';
import { startApp, testDatabases, type TestContext } from './helpers';

const OPS = path.join(__dirname, '..', '..', 'ops');
const ALERTS_FILE = path.join(OPS, 'alerts.yml');

interface Rule {
  alert?: unknown;
  expr?: unknown;
  for?: unknown;
  labels?: { severity?: unknown };
  annotations?: { summary?: unknown; description?: unknown };
}
interface Target {
  expr?: unknown;
}
interface Panel {
  id?: number;
  type?: string;
  title?: unknown;
  datasource?: { uid?: string };
  targets?: Target[];
  panels?: Panel[];
}
interface Variable {
  name: string;
  definition?: string;
}
interface Dashboard {
  panels: Panel[];
  templating: { list: Variable[] };
}

const groups = (parse(fs.readFileSync(ALERTS_FILE, 'utf8')) as { groups: { name: string; rules: Rule[] }[] }).groups;
const rules = groups.flatMap((group) => group.rules);
const dashboard = JSON.parse(fs.readFileSync(path.join(OPS, 'grafana', 'rigshare.json'), 'utf8')) as Dashboard;
// Rows hold no query; a collapsed row keeps its panels inside it.
const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]).filter((panel) => panel.type !== 'row');

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
/** Prometheus durations: 30s, 5m, 1h30m. */
const DURATION = /^(\d+(ms|s|m|h|d|w|y))+$/;

/** Every rigshare_ metric name a PromQL expression (or a variable's label_values query) uses. */
const metricNames = (expr: string): string[] => [...expr.matchAll(/\brigshare_[a-z0-9_]+/g)].map((match) => match[0]);

describe('ops/alerts.yml', () => {
  it('every rule has an alert name, an expression, a duration, a severity, a summary and a description', () => {
    const problems = rules.flatMap((rule, index) => {
      const name = text(rule.alert) ? rule.alert : `rule ${index + 1}`;
      return [
        !text(rule.alert) && `${name}: no alert name`,
        !text(rule.expr) && `${name}: no expr`,
        !(typeof rule.for === 'string' && DURATION.test(rule.for)) && `${name}: for is not a duration (${String(rule.for)})`,
        !['critical', 'warning'].includes(rule.labels?.severity as string) && `${name}: severity is not critical or warning`,
        !text(rule.annotations?.summary) && `${name}: no summary`,
        !text(rule.annotations?.description) && `${name}: no description`,
      ].filter((problem): problem is string => typeof problem === 'string');
    });
    expect(problems).toEqual([]);
    expect(rules.length).toBeGreaterThan(10);
    const names = rules.map((rule) => rule.alert);
    expect(new Set(names).size).toBe(names.length);
  });

  // promtool parses every expression as Prometheus will; it comes with Debian's prometheus package.
  const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((file) => fs.existsSync(file));
  (promtool ? it : it.skip)('promtool accepts the rules (skipped without promtool)', () => {
    expect(execFileSync(promtool!, ['check', 'rules', ALERTS_FILE], { encoding: 'utf8' })).toMatch(/SUCCESS/);
  });
});

describe('ops/grafana/rigshare.json', () => {
  it('every panel has a title and a query on the chosen data source', () => {
    const problems = panels.flatMap((panel) => {
      const name = text(panel.title) ? panel.title : `panel ${panel.id}`;
      return [
        !text(panel.title) && `${name}: no title`,
        !(panel.targets?.length && panel.targets.every((target) => text(target.expr))) && `${name}: no target with an expression`,
        panel.datasource?.uid !== '${DS_PROMETHEUS}' && `${name}: data source is not \${DS_PROMETHEUS}`,
      ].filter((problem): problem is string => typeof problem === 'string');
    });
    expect(problems).toEqual([]);
    const ids = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]).map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(dashboard.templating.list.map((variable) => variable.name)).toEqual(expect.arrayContaining(['DS_PROMETHEUS', 'instance']));
  });
});

describe('the metrics the rules and the dashboard name', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A deployment with every part on: the chain watcher's metrics exist only where it is configured.
    // Nothing is asked of the chain (startApp runs no jobs), so the RPC address need not answer.
    ctx = await startApp(testDatabases()[0][1], { chain: { ...loadConfig({}).chain, rpcUrl: 'http://127.0.0.1:9', depositXpub: testXpub() } });
  });
  afterAll(async () => ctx?.close());

  it('are all exported by the API', async () => {
    const used = new Set([
      ...rules.flatMap((rule) => metricNames(String(rule.expr))),
      ...panels.flatMap((panel) => (panel.targets ?? []).flatMap((target) => metricNames(String(target.expr)))),
      ...dashboard.templating.list.flatMap((variable) => metricNames(variable.definition ?? '')),
    ]);
    expect(used.size).toBeGreaterThan(20);

    const types = new Map((await ctx.app.metrics.registry.getMetricsAsJSON()).map((metric) => [metric.name, String(metric.type)]));
    // A histogram's series are its name + _bucket, _sum and _count.
    const exported = (name: string) => {
      if (types.has(name)) return true;
      const base = name.replace(/_(bucket|sum|count)$/, '');
      return base !== name && types.get(base) === 'histogram';
    };
    expect([...used].filter((name) => !exported(name)).sort()).toEqual([]);
  });
});
