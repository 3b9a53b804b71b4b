/**
 * The QA plans speak the app's language (issue 27): where the app names an
 * action one way and a plan could name it another ("Log out" or "Sign out",
 * ログイン or サインイン, "Mine" or "My page"), the plan's words must use the
 * app's. A term is refused when that language's locale never uses it while
 * it uses a synonym, so a new synonym pair needs one line here and a locale
 * change is followed on its own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FLAGS } from '../../src/simulator/core-state.ts';

const SYNONYMS: Record<string, string[][]> = {
  en: [
    ['Log out', 'Sign out'],
    ['Sign in', 'Log in'],
    ['Mine', 'My page'],
    ['Sign up', 'Register'],
  ],
  ja: [
    ['ログアウト', 'サインアウト'],
    ['ログイン', 'サインイン'],
    ['マイページ', 'マイメニュー'],
  ],
};

const localeText = (lang: string): string => {
  const out: string[] = [];
  const walk = (x: unknown) => {
    if (typeof x === 'string') out.push(x);
    else if (x && typeof x === 'object') Object.values(x).forEach(walk);
  };
  walk(JSON.parse(readFileSync(`src/i18n/locales/${lang}.json`, 'utf8')));
  return out.join('\n');
};

/** Terms a plan in this language must not use: absent from the app, a synonym present. */
export function refusedTerms(lang: string): string[] {
  const text = localeText(lang).toLowerCase();
  const has = (t: string) => text.includes(t.toLowerCase());
  return (SYNONYMS[lang] ?? []).flatMap((group) =>
    group.some(has) ? group.filter((t) => !has(t)) : [],
  );
}

/** A Latin term as whole words, any case; a Japanese one anywhere (no spaces between words). */
const termIn = (line: string, t: string): boolean =>
  /^[\x20-\x7e]+$/.test(t)
    ? new RegExp(`(^|[^\\p{L}])${t}(?![\\p{L}])`, 'iu').test(line)
    : line.includes(t);

/** The QA words' sources: tests/paths/words and each moved flow's words, screen and set-up. */
function wordsFiles(): string[] {
  const files = readdirSync('tests/paths/words').map((f) => path.join('tests/paths/words', f));
  for (const flow of readdirSync('tests/flows')) {
    const dir = path.join('tests/flows', flow);
    if (!statSync(dir).isDirectory()) continue;
    for (const f of readdirSync(dir))
      if (/^(words|screen|before|arrange)\.ts$/.test(f)) files.push(path.join(dir, f));
  }
  return files.filter((f) => f.endsWith('.ts'));
}

describe('QA plans use the app’s own terms', () => {
  it('each language refuses the synonyms its app does not use', () => {
    expect(refusedTerms('en')).toEqual(expect.arrayContaining(['Sign out', 'My page']));
    expect(refusedTerms('ja')).toEqual(expect.arrayContaining(['サインアウト', 'サインイン']));
    // A term the app does use is never refused.
    for (const lang of Object.keys(SYNONYMS))
      for (const t of refusedTerms(lang))
        expect(localeText(lang).toLowerCase()).not.toContain(t.toLowerCase());
  });

  it('no words file names an action the way the app does not', () => {
    const refused = Object.keys(SYNONYMS).flatMap(refusedTerms);
    const found: string[] = [];
    for (const file of wordsFiles())
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
          for (const t of refused) if (termIn(line, t)) found.push(`${file}:${i + 1}: ${t}`);
        });
    expect(found).toEqual([]);
  });

  it('a flag is a state to reach, never a click', () => {
    // "tick user/bankCard" turns a flag that is on by default off (issue 27): words use
    // flagState ("make sure … is ticked"), which also refuses a flag the app does not have.
    const found: string[] = [];
    for (const file of wordsFiles())
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const m of line.matchAll(
            /\b(?:un)?tick ([\w/-]+)|([\w/-]+) (?:に|の)チェック(?!が入って|が外れて)/g,
          )) {
            const flag = m[1] ?? m[2] ?? '';
            if (flag in DEFAULT_FLAGS) found.push(`${file}:${i + 1}: ${m[0]}`);
          }
        });
    expect(found).toEqual([]);
  });

  it('a code the simulator sends is where its notice is: at the foot of the page', () => {
    // Followed by hand: two plans sent the tester to the top of the page for the code.
    const css = readFileSync('src/ui/console/console-launcher.css', 'utf8');
    const rule = /\.outbox-notices\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/\bbottom:/);
    expect(rule).not.toMatch(/\btop:/);
    const found: string[] = [];
    for (const file of wordsFiles())
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (
            /\bcode\b.*\btop of the (page|screen)\b|\btop of the (page|screen)\b.*\bcode\b|コード.*ページ上部|ページ上部.*コード/.test(
              line,
            )
          )
            found.push(`${file}:${i + 1}`);
        });
    expect(found).toEqual([]);
  });

  it('a phone number is typed without its country code, which is chosen from its list', () => {
    const found: string[] = [];
    for (const file of wordsFiles())
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\btype “?\+\d|[「 ]\+\d[\d ]+」?\s?と入力/i.test(line))
            found.push(`${file}:${i + 1}`);
        });
    expect(found).toEqual([]);
  });
});
