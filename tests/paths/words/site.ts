/**
 * A set-up that needs a site setting the shipped site file does not have
 * (responsible trading offered, the deposit tabs, a reality-check interval):
 * made in the console's Site tab, which a tester reaches in simulator mode,
 * instead of editing a deployment's file. Against `sim:server` (live mode)
 * the console has no Site tab: the step says so after {@link liveLead}, the
 * one place a set-up may send a tester to the site file
 * (tests/unit/plan-setups.test.ts).
 */
import { readFileSync } from 'node:fs';
import type { W } from '../plan/words.ts';
import { overSiteFile } from '../../../src/config/site-override.ts';
import { parseSiteConfig } from '../../../src/config/site.ts';
import { overrideOf, SITE_FIELDS, siteForm } from '../../../src/ui/console/site-form.ts';

const FILE = JSON.parse(readFileSync('public/config/site.json', 'utf8')) as unknown;

/** What starts a set-up's live-mode-only part: everything after it in a step is for `sim:server`. */
export const liveLead = (w: W): string =>
  w.say('against sim:server (live mode) only', 'sim:server（ライブモード）のときだけ');

/**
 * The Site tab's fields set as `fields` says (a field's name, as the tab
 * shows it, to its text; `true` to tick the check), then Apply and reload.
 * Refuses a field the tab lacks and a value its validator refuses, so a plan
 * never asks for what the button does not take.
 */
export function siteSteps(w: W, fields: Readonly<Record<string, string | true>>): string {
  const file = parseSiteConfig(FILE);
  const form = { ...siteForm(file) };
  const controls = Object.entries(fields).map(([name, value]) => {
    const field = SITE_FIELDS.find((f) => f.name === name);
    if (!field) throw new Error(`QA words name a site setting the console lacks: ${name}`);
    form[name] = value === true ? 'on' : value;
    return value === true
      ? w.say(
          `make sure ${w.quote(name)} is ticked`,
          `${w.quote(name)} にチェックが入っていることを確認`,
        )
      : `${w.quote(name)} = ${w.quote(value)}`;
  });
  const over = overrideOf(form, file);
  overSiteFile(FILE, over);
  const json = Object.entries(over)
    .map(([k, v]) => `"${k}": ${JSON.stringify(v).replaceAll(',', ', ')}`)
    .join(', ');
  return w.say(
    `${w.console('site', ...controls, w.q('console.siteApply'))} (the page reloads; ${w.q('console.siteMark', { keys: Object.keys(over).join(', ') })} shows at the top); ${liveLead(w)}: the console has no ${w.q('console.tab_site')} tab, so the site file that points the app at the server says ${json}`,
    `${w.console('site', ...controls, w.q('console.siteApply'))}（ページが再読み込みされ、上部に${w.q('console.siteMark', { keys: Object.keys(over).join(', ') })}と表示される）。${liveLead(w)}：コンソールに${w.q('console.tab_site')}タブはないので、アプリをサーバーに向けるサイトファイルに ${json} を書く`,
  );
}
