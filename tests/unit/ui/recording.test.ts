/**
 * Issue 29 item 3: a recording (src/ui/console/record/model.ts) keeps no
 * secret and stays bounded; the generator (generate.ts) says each step in a
 * person's words and writes a replay that finds elements by role and name,
 * fills secrets from the scenario, acts at the recorded market times and
 * checks the end with figures that may move; and the committed replays in
 * tests/e2e/recorded are exactly what it makes of their recordings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import {
  addEvent,
  addStep,
  checkRecording,
  eventData,
  MAX_STEPS,
  newRecording,
  redactArgs,
  sameText,
  SECRET,
  textPattern,
  type Recording,
  type Step,
  withoutCodes,
} from '../../../src/ui/console/record/model.ts';
import { planMarkdown, replaySpec, stepWords } from '../../../src/ui/console/record/generate.ts';
import { isKeptOp } from '../../../src/ui/console/record/ops.ts';
import type { ScenarioDoc } from '../../../src/simulator/scenario-file.ts';

const T0 = 1_795_014_000_000;
const scenario = { kind: 'trader-simulator-scenario', now: T0, description: 'Gap' } as ScenarioDoc;
const fresh = (): Recording =>
  newRecording({
    mode: 'simulator',
    startedAt: T0,
    clockOffset: 0,
    viewport: { width: 390, height: 844 },
    path: '/login',
    scenario,
  });
const button = (name: string, nth = 0) => ({ role: 'button', name, nth });

describe('a recording', () => {
  it('keeps one step per field typed into, and counts what does not fit past the cap', () => {
    const r = fresh();
    addStep(r, {
      kind: 'fill',
      at: T0,
      target: { role: 'textbox', name: 'Volume', nth: 0 },
      value: '0',
    });
    addStep(r, {
      kind: 'fill',
      at: T0 + 5,
      target: { role: 'textbox', name: 'Volume', nth: 0 },
      value: '0.01',
    });
    expect(r.steps).toEqual([
      {
        kind: 'fill',
        at: T0 + 5,
        target: { role: 'textbox', name: 'Volume', nth: 0 },
        value: '0.01',
      },
    ]);
    for (let i = 0; i < MAX_STEPS + 5; i++)
      addStep(r, { kind: 'click', at: T0, target: button('Buy') });
    expect(r.steps).toHaveLength(MAX_STEPS);
    expect(r.dropped).toBe(6);
  });

  it('never keeps a password or a code: arguments, event fields and an event naming the field', () => {
    expect(redactArgs([{ email: 'a@b.c', password: 'secret123', deposit: 5 }])).toEqual([
      { email: 'a@b.c', password: SECRET.password, deposit: 5 },
    ]);
    expect(redactArgs(['x', { code: '123456' }])).toEqual(['x', { code: SECRET.code }]);
    expect(eventData({ type: 'field.change', field: 'password', value: 'secret123' })).toEqual({
      field: 'password',
    });
    expect(eventData({ type: 'code.submit', code: '123456', twoFactorCode: '1' })).toBeUndefined();
    expect(eventData({ type: 'field.change', field: 'volume', value: '0.01' })).toEqual({
      field: 'volume',
      value: '0.01',
    });
  });

  it('starts from a scenario without the codes it held in clear', () => {
    const doc = {
      ...scenario,
      state: {
        identity: {
          codes: { '1:a@b.c': [{ code: '482913', expiresAt: 1, issuedAt: 0, tries: {} }] },
          lastSent: { '1:a@b.c': 0 },
          captchas: { x: { text: 'K7P2', expiresAt: 1, attempts: 0 } },
          outbox: [
            {
              id: '1',
              to: 'a@b.c',
              code: '482913',
              subject: 'Code 482913',
              text: 'Your code is 482913.',
            },
            { id: '2', to: 'a@b.c', subject: 'Welcome', text: 'Hello' },
          ],
        },
        users: { '1': { email: 'a@b.c' } },
      },
    } as unknown as ScenarioDoc;
    const out = withoutCodes(doc);
    expect(JSON.stringify(out)).not.toMatch(/482913|K7P2/);
    expect(out.state).toMatchObject({
      identity: {
        codes: {},
        lastSent: {},
        outbox: [
          { id: '1', to: 'a@b.c', subject: 'Code ······', text: 'Your code is ······.' },
          { id: '2', text: 'Hello' },
        ],
      },
      users: { '1': { email: 'a@b.c' } },
    });
    // The document saved is left as it was.
    expect(JSON.stringify(doc)).toContain('482913');
  });

  it('keeps a few distinct machine events per step', () => {
    const s: Step = { kind: 'click', at: T0, target: button('Sign in') };
    addEvent(s, { machine: 'login', type: 'field.change', data: { value: 'a' } });
    addEvent(s, { machine: 'login', type: 'field.change', data: { value: 'ab' } });
    addEvent(s, { machine: 'login', type: 'form.submit' });
    expect(s.events).toEqual([
      { machine: 'login', type: 'field.change', data: { value: 'ab' } },
      { machine: 'login', type: 'form.submit' },
    ]);
  });

  it('keeps the back-office operations that change the world, not the reads', () => {
    expect(isKeptOp('marketGap')).toBe(true);
    expect(isKeptOp('approveWithdrawal')).toBe(true);
    expect(isKeptOp('reviews')).toBe(false);
    expect(isKeptOp('saveScenario')).toBe(false);
    expect(isKeptOp('__proto__')).toBe(false);
  });

  it('is refused with a reason when it is not one this version replays', () => {
    expect(checkRecording(fresh())).toBeUndefined();
    expect(checkRecording({ kind: 'x' })).toBe('not a recording');
    expect(checkRecording({ ...fresh(), version: 9 })).toBe('recording version 9 unknown');
  });
});

describe('texts compared after the market moved', () => {
  it('figures within 5 %, counts and words exactly, dates and times any', () => {
    const rec =
      'BTCUSDT Closed -13.95 Close price 68,711.02 Stop loss 2026-11-18 10:00:01 Positions (0)';
    expect(
      sameText(
        'BTCUSDT\n Closed -14.09 Close price 68,697.11 Stop loss 2026-11-19 11:02:03 Positions (0)',
        rec,
      ),
    ).toBe(true);
    expect(sameText(rec.replace('Positions (0)', 'Positions (1)'), rec)).toBe(false);
    expect(sameText(rec.replace('Stop loss', 'Take profit'), rec)).toBe(false);
    expect(sameText(rec.replace('-13.95', '-14.60'), rec)).toBe(true);
    expect(sameText(rec.replace('-13.95', '-15.95'), rec)).toBe(false);
    // A long text kept as its beginning.
    expect(sameText(`${rec} and more rows`, rec, true)).toBe(true);
    expect(sameText(`${rec} and more rows`, rec)).toBe(false);
    expect(textPattern('Closed at 1.5: P&L -2.00 USD').test('Closed at 1.75: P&L 3.10 USD')).toBe(
      true,
    );
  });
});

describe('the QA plan and the replay', () => {
  const r = fresh();
  r.user = 'gap.trader@example.com';
  r.path = '/position';
  r.steps = [
    {
      kind: 'fill',
      at: T0 + 1000,
      target: { role: 'label', name: 'Password', nth: 0 },
      value: SECRET.password,
    },
    {
      kind: 'click',
      at: T0 + 1500,
      target: {
        role: 'button',
        name: 'Confirm',
        nth: 1,
        dialog: 'Close position',
        dialogRole: 'alertdialog',
      },
      events: [{ machine: 'closeOrder', type: 'confirm.accept' }],
    },
    { kind: 'op', at: T0 + 2250, op: 'marketGap', args: [['EURUSD'], -5], seen: ['Positions (1)'] },
    { kind: 'toast', at: T0 + 2400, text: 'Stop loss hit: EURUSD closed at 1.0345' },
    {
      kind: 'select',
      at: T0 + 3000,
      target: { role: 'combobox', name: 'Country code', nth: 0 },
      value: '44',
      text: '+44',
    },
    { kind: 'go', at: T0 + 3500, path: '/history' },
  ];
  r.end = {
    at: T0 + 4000,
    path: '/history',
    regions: [{ by: 'label', name: 'Summary', text: 'Balance 9,929.12' }],
  };

  it('says each step as a person would', () => {
    expect(r.steps.map(stepWords)).toEqual([
      "Type the scenario's password in “Password”",
      'Tap “Confirm” (number 2 of that name) in “Close position”',
      'In the back office: fire a gap of -5 % on EURUSD',
      'Expect the notice “Stop loss hit: EURUSD closed at 1.0345”',
      'Choose “+44” in “Country code”',
      'Open /history',
    ]);
    const plan = planMarkdown(r, 'gap');
    expect(plan).toContain('2. Sign in as gap.trader@example.com');
    expect(plan).toContain('_(closeOrder: confirm.accept)_');
    expect(plan).toContain('- “Summary” shows: “Balance 9,929.12”');
  });

  it('replays by role and label, with the password filled in and at the recorded times', () => {
    const spec = replaySpec(r, 'gap');
    expect(spec).toContain(
      "readFileSync(new URL('./gap.recording.json', import.meta.url), 'utf8')",
    );
    expect(spec).toContain('await page.getByLabel("Password", { exact: true }).fill(PASSWORD);');
    expect(spec).toContain(
      'await page.getByRole("alertdialog", { name: "Close position", exact: true }).getByRole("button", { name: "Confirm", exact: true }).nth(1).click();',
    );
    expect(spec).toContain('await at(page, 2.25);');
    expect(spec).toContain(
      'await expect(page.getByRole(\'tab\', { name: "Positions (1)", exact: true, selected: true })).toBeVisible();',
    );
    expect(spec).toContain('await backOffice(page, "marketGap", ["EURUSD"], -5);');
    expect(spec).toContain(
      'toHaveShownToast(textPattern("Stop loss hit: EURUSD closed at 1.0345"))',
    );
    expect(spec).toContain('.selectOption("44");');
    expect(spec).toContain('await go(page, "/history");');
    expect(spec).toContain(
      'await expectText(page.locator("[aria-label=\\"Summary\\"]").first(), "Balance 9,929.12");',
    );
    expect(spec).not.toContain('secret');
  });
});

describe('the kept sessions (tests/e2e/recorded)', () => {
  const dir = path.resolve(import.meta.dirname, '../../e2e/recorded');
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.recording.json'))
    .map((f) => f.slice(0, -'.recording.json'.length));

  it('are three or more', () => expect(names.length).toBeGreaterThanOrEqual(3));

  const formatted = async (file: string, text: string) =>
    format(text, { ...(await resolveConfig(file)), filepath: file });

  for (const name of names)
    it(`${name}: its spec and plan are what the generator makes of its recording, with no password in it`, async () => {
      const raw = readFileSync(path.join(dir, `${name}.recording.json`), 'utf8');
      expect(raw).not.toContain('demo1234');
      const rec = JSON.parse(raw) as Recording;
      expect(checkRecording(rec)).toBeUndefined();
      const spec = path.join(dir, `${name}.spec.ts`);
      const plan = path.join(dir, `${name}.plan.md`);
      expect(readFileSync(spec, 'utf8')).toBe(await formatted(spec, replaySpec(rec, name)));
      expect(readFileSync(plan, 'utf8')).toBe(await formatted(plan, planMarkdown(rec, name)));
    });
});
