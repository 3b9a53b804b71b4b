/**
 * Every expectation of a manual QA plan can be observed by a person (issue 27):
 * what the screen shows only while a call is on its way (W.transient: a
 * spinner, grey bars, a button's “Loading…”) either comes with a reply delay
 * the step's set-up arms in the console, or is left out of the steps and
 * listed for the automated run. Every machine's paths, both languages.
 */
import { describe, expect, it } from 'vitest';
import { generatePaths } from '../paths/framework.ts';
import { HOLD_MS, pathRows } from '../paths/plan/render.ts';
import { makeW, plain, readTransient, type W, type Words } from '../paths/plan/words.ts';
import { WORDS } from '../paths/words/index.ts';
import { replay } from '../e2e/paths/choose.ts';
import { flowSpecs } from '../support/flow-specs.ts';
import { DEFAULT_FLAGS } from '../../src/simulator/core-state.ts';

const specsOf = flowSpecs;

const holdPhrase = (w: W) =>
  w.say(
    `while the reply is held back (${HOLD_MS / 1000} s)`,
    `応答が保留されている間（${HOLD_MS / 1000}秒）`,
  );

/** A W that notes every transient text it marks. */
function recording(lang: string): { w: W; marked: Set<string> } {
  const base = makeW(lang);
  const marked = new Set<string>();
  const w: W = Object.create(base) as W;
  w.transient = (text, call) => {
    marked.add(text);
    return base.transient(text, call);
  };
  return { w, marked };
}

describe('transient expectations', () => {
  it('reads, holds and leaves out marked parts', () => {
    const w = makeW('en');
    const s = `${w.transient('A spinner', 'userOrder')}; the list`;
    expect(readTransient(s).parts).toEqual([{ text: 'A spinner', call: 'userOrder' }]);
    expect(plain(s)).toBe('A spinner; the list');
    expect(readTransient(`A toast; ${w.transient('Grey bars')}`, () => '').text).toBe('A toast');
    expect(readTransient(`${w.transient('Grey bars')}; a list`, () => '').text).toBe('a list');
  });

  it('arms a delay before the step, or lists what no call can hold back', () => {
    const words: Words = {
      machine: 'x',
      title: () => 'X',
      open: () => 'Open X',
      before: () => [],
      events: { go: () => 'Press Go' },
      actors: { load: { done: () => '' } },
      delays: {},
      states: {
        loading: (w) => w.transient('Grey bars', 'userInfo'),
        reading: (w) => w.transient('A spinner on the avatar'),
        idle: () => 'The list',
      },
    };
    const path = {
      spec: 'x',
      start: 'loading',
      steps: [
        { event: { type: 'xstate.done.actor.load', output: { code: 0 } }, value: 'idle' },
        { event: { type: 'go' }, value: 'reading' },
      ],
      transitions: [],
      states: [],
    };
    for (const lang of ['en', 'ja']) {
      const w = makeW(lang);
      const rows = pathRows(words, w, path);
      expect(rows[0]?.action).toContain(w.delay('userInfo', HOLD_MS));
      expect(rows[0]?.expected).toContain(holdPhrase(w));
      expect(rows[0]?.held).toEqual(['userInfo']);
      expect(rows[1]?.expected).toBe('—');
      expect(rows[1]?.unseen).toEqual(['A spinner on the avatar']);
    }
    expect(makeW('ja').delay('userInfo', 3000)).toBe(
      'コンソールで 「障害」 ▸ 「次のリクエスト」 = 「アカウント情報 (userInfo)」 ▸ 「遅延（ミリ秒）」 = 3000 ▸ 「応答を遅延」',
    );
    // The option as the Faults pane shows it: label, then the API id.
    expect(makeW('en').fault('userInfo', 'code', 1066)).toBe(
      'In the console: “Faults” ▸ “Next call” = “Account details (userInfo)” ▸ “Reply code” = 1066 ▸ “Answer with this code”',
    );
  });

  // Every path a person follows, of every machine (not only those a plan picks), in both
  // languages: a step never expects, unaided, what only flashes.
  for (const [id, specs] of specsOf)
    it(`${id}: every transient expectation of a manual path is held back or left out`, () => {
      const words = WORDS[id] as Words;
      for (const spec of specs) {
        const input = typeof spec.input === 'function' ? undefined : spec.input;
        const { start } = replay(spec, []);
        // Marks and calls do not depend on the language: Japanese on the first paths keeps it quick.
        for (const [i, p] of generatePaths(spec, input).entries())
          for (const lang of i < 20 ? ['en', 'ja'] : ['en']) {
            const { w, marked } = recording(lang);
            const rows = pathRows(words, w, {
              ...p,
              spec: spec.name,
              start,
              transitions: [],
              states: [],
            });
            words.before(w, spec.name);
            if (w.automatedSteps > 0) continue;
            const hold = holdPhrase(w);
            rows.forEach((r, i) => {
              const where = `${id} (${lang}) ${spec.name}: ${p.title}, step ${i + 1}`;
              expect(`${r.action} ${r.expected}`, where).not.toMatch(/[\uE000-\uE002]/);
              for (const call of r.held ?? []) {
                expect(r.action, where).toContain(w.delay(call, HOLD_MS));
                expect(r.expected, where).toContain(hold);
              }
              // What is left once every held part is taken out names no transient text.
              let rest = r.expected;
              for (const t of marked)
                rest = rest.split(lang === 'ja' ? `${hold}、${t}` : `${t} ${hold}`).join('');
              for (const t of marked) expect(rest, where).not.toContain(t);
            });
          }
      }
    });
});

/**
 * A tester follows the steps in order (issue 27, followed by hand): a step's
 * own set-up ("First: …") must not sign in, log out or reload, since that
 * empties the form the steps before it filled in (such an arrangement goes
 * before the path's first step: `atStart`); and a set-up list signs a second
 * user in only after logging the first out (a signed-in user cannot reach
 * the sign-up form).
 */
describe('set-ups a tester can follow in order', () => {
  // Signed out: the before list signs nobody in, or logs out last.
  const SESSION = /\b(sign in as|log out|reload the page|register a new user)\b/i;
  it('the English words name a session change the way this check reads it', () => {
    expect(SESSION.test('sign in as ann@example.com; log out and come back')).toBe(true);
  });
  for (const [id, specs] of specsOf)
    it(`${id}: no step after the first changes the session; set-up lists log out between users and sign a phone up where the flags let it; a phone is typed without its country code`, () => {
      const words = WORDS[id] as Words;
      const w = makeW('en');
      for (const spec of specs) {
        let signedIn = false;
        // Flags as the app has them (set in the console, read at the next reload).
        const flags: Record<string, unknown> = { ...DEFAULT_FLAGS };
        const pending: Record<string, boolean> = {};
        for (const line of words.before(w, spec.name)) {
          const signs = /^(Register a new user .* and sign in|Sign in (as|with) )/.test(line);
          expect(signs && signedIn, `${id} ${spec.name}: "${line}" while signed in`).toBe(false);
          if (signs) signedIn = true;
          if (/\blog out\b/i.test(line)) signedIn = false;
          const flag = /make sure (\w+) is (ticked|unticked)/.exec(line);
          if (flag) pending[flag[1] as string] = flag[2] === 'ticked';
          if (/^Reload the page/.test(line)) Object.assign(flags, pending);
          // A phone user signs up by SMS code: phone sign-up on, the image check off, when done.
          if (/^Register a new user with the phone/.test(line))
            expect(
              flags.PHONE_REGISTER === true && flags.phoneCaptcha !== true,
              `${id} ${spec.name}: "${line}" with PHONE_REGISTER ${String(flags.PHONE_REGISTER)}, phoneCaptcha ${String(flags.phoneCaptcha)}`,
            ).toBe(true);
        }
        const input = typeof spec.input === 'function' ? undefined : spec.input;
        const { start } = replay(spec, []);
        for (const p of generatePaths(spec, input)) {
          const rows = pathRows(words, w, {
            ...p,
            spec: spec.name,
            start,
            transitions: [],
            states: [],
          });
          // Signed out, the header shows no account name to open a menu from.
          const opening = rows[0]?.action.replace(/^Before you start: .*\. Then: /, '') ?? '';
          if (!signedIn)
            expect(opening, `${id} ${spec.name}: opened signed out`).not.toMatch(/account name/);
          rows.forEach((r, i) => {
            expect(r.action, `${id} ${spec.name}: ${p.title}`).not.toMatch(/\uE003/);
            // The phone field refuses a number typed with its country code (a list of its own).
            expect(r.action, `${id} ${spec.name}: ${p.title}`).not.toMatch(/\bType “\+\d/);
            // A resend countdown runs on the page's clock: the console's Skip does not end it.
            expect(r.action, `${id} ${spec.name}: ${p.title}`).not.toMatch(
              /countdown[^.]*Skip \d+ min|Skip \d+ min[^.]*countdown/,
            );
            // A value to type is quoted, as the app's own texts are (“type 10 in …” read as a step).
            expect(r.action, `${id} ${spec.name}: ${p.title}`).not.toMatch(
              /\btype (?!“)[^“”(]*[\d@][^“”]* in “/i,
            );
            const pre = i > 0 ? /^First: (.*)\. Then: /.exec(r.action)?.[1] : undefined;
            if (pre)
              expect(pre, `${id} ${spec.name}: ${p.title}, step ${i + 1}`).not.toMatch(SESSION);
          });
        }
      }
    });
});
