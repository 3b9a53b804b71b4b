/**
 * A tester following a QA plan by hand cannot edit a deployment's files: a
 * set-up that needs a site setting the shipped file lacks (responsible
 * trading offered, the deposit tabs, a one-minute reality check) is made in
 * the console's Site tab (tests/paths/words/site.ts). Only its live-mode part
 * (after `liveLead`: sim:server's console has no Site tab) may send the
 * tester to the site file. The start-up plan is the one exception, named
 * below: it is about the served files themselves.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeW, type Words } from '../paths/plan/words.ts';
import { WORDS } from '../paths/words/index.ts';
import { liveLead, siteSteps } from '../paths/words/site.ts';
import { flowSpecs } from '../support/flow-specs.ts';

/** A step that sends a tester to a file: the site file, a served or source folder, a JSON file. */
const FILE_EDIT =
  /site file|site\.json|\bdist\/|\bpublic\/|\.json\b|サイトファイル|サイト設定に|ファイルを(編集|書き換え)/i;

/**
 * Plans whose set-ups are the deployment's files by nature, and why: nothing
 * the console does can stand in for them.
 */
const DEPLOYMENT_FILES: Record<string, string> = {
  startup:
    'a missing site file, a live back end with no server, a version file: read before the app and its console run',
};

const specsOf = new Map(
  [...flowSpecs].map(([id, specs]) => [id, specs.map((x) => x.name)] as const),
);

/** The part of a step a tester in simulator mode follows: before the live-mode-only part. */
const simulatorPart = (line: string, lang: string) => line.split(liveLead(makeW(lang)))[0] ?? '';

describe('set-ups made in the console, not in a file', () => {
  it('the check sees a file edit, and lets a live-mode-only part name the file', () => {
    const w = makeW('en');
    expect(FILE_EDIT.test('Site file config/site.json: "depositTypes": ["crypto"]')).toBe(true);
    expect(FILE_EDIT.test('サイト設定に "responsibleTrading": true があるサイトを使う')).toBe(true);
    const step = siteSteps(w, { responsibleTrading: true });
    expect(step).toContain('In the console: “Site” ▸ make sure “responsibleTrading” is ticked');
    expect(step).toContain('“Apply and reload”');
    expect(step).toMatch(/site file .* "responsibleTrading": true$/);
    expect(FILE_EDIT.test(simulatorPart(step, 'en'))).toBe(false);
    expect(() => siteSteps(w, { bannerCount: '0' })).toThrow('"bannerCount" must be');
    expect(() => siteSteps(w, { walletOnly: 'x' })).toThrow('a site setting the console lacks');
  });

  it('names the plans that needed a file edit: responsible trading, deposit, reality check', () => {
    for (const [id, spec] of [
      ['responsible', 'responsible (offered)'],
      ['deposit', 'deposit (banned)'],
      ['realityCheck', 'realityCheck'],
    ] as const) {
      const names = specsOf.get(id) ?? [];
      const name = names.find((n) => n === spec) ?? names[0] ?? '';
      const lines = (WORDS[id] as Words).before(makeW('en'), name);
      expect(
        lines.some((l) => l.startsWith('In the console: “Site”')),
        `${id} ${name}`,
      ).toBe(true);
    }
  });

  for (const [id, specs] of specsOf)
    it(`${id}: no set-up sends a tester to a file, unless for live mode only`, () => {
      const words = WORDS[id] as Words;
      for (const lang of ['en', 'ja'])
        for (const spec of specs)
          for (const line of words.before(makeW(lang), spec))
            if (!(id in DEPLOYMENT_FILES))
              expect(simulatorPart(line, lang), `${id} (${lang}) ${spec}`).not.toMatch(FILE_EDIT);
    });

  it('no words file spells a file edit of its own (set-ups, arrangements, screens)', () => {
    const files = readdirSync('tests/paths/words')
      .filter((f) => f.endsWith('.ts') && f !== 'site.ts')
      .map((f) => path.join('tests/paths/words', f));
    for (const flow of readdirSync('tests/flows')) {
      const dir = path.join('tests/flows', flow);
      if (!statSync(dir).isDirectory() || flow in DEPLOYMENT_FILES) continue;
      for (const f of readdirSync(dir))
        if (/^(words|screen|before|arrange)\.ts$/.test(f)) files.push(path.join(dir, f));
    }
    const found: string[] = [];
    for (const file of files)
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // Comments and imports name files for the reader, not the tester.
          if (/^\s*(\/\/|\*|\/\*|import\b|} from\b)/.test(line)) return;
          if (FILE_EDIT.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    expect(found).toEqual([]);
  });
});
