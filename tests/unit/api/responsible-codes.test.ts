/**
 * Responsible trading's reply codes (api/types/responsible.ts) through the
 * client: a refusal by a limit says which limit, the figures and when it
 * resets (the reply's `data`, ui/responsible-values.ts), even where the
 * caller shows the message itself; without the figures the message falls
 * back; 1124 ends the session with its own message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client.ts';
import type { Transport, WireResponse } from '../../../src/api/wire.ts';
import { site } from '../../../src/state/site.ts';
import { DEFAULT_SITE } from '../../../src/config/site.ts';
import { responsibleValues } from '../../../src/ui/responsible-values.ts';
import { t } from '../../support/i18n.ts';

const reply = (code: number, data: unknown, msg = 'Loss limit reached'): WireResponse => ({
  status: 200,
  body: JSON.stringify({ code, msg, data }),
});

function setup(replies: WireResponse[]) {
  const toasts: string[] = [];
  const expired: string[] = [];
  let token: string | undefined = 'TOKEN';
  const transport: Transport = {
    send: () => Promise.resolve(replies.shift() ?? reply(0, null)),
  };
  const api = createApiClient({
    transport,
    token: () => token,
    t,
    toast: (m) => toasts.push(m),
    sessionExpired: (r) => {
      expired.push(r);
      token = undefined;
    },
    values: (code, data) => responsibleValues(code, data, t),
  });
  return { api, toasts, expired };
}

// 2026-03-11 04:00 UTC is midnight in New York (EDT from 8 March).
const RESETS = Date.UTC(2026, 2, 11, 4, 0, 0);

afterEach(() => {
  site.config = undefined;
});

describe('responsible trading codes', () => {
  it('a refusal by a limit names the limit and period, the figures and the reset, in the site zone', async () => {
    site.config = { ...DEFAULT_SITE, timezone: 'America/New_York' };
    const { api, toasts } = setup([
      reply(1121, { limit: 'loss', period: 'day', amount: 500, used: 480.5, resetsAt: RESETS }),
    ]);
    const r = await api.call('userInfo');
    expect(r.code).toBe(1121);
    expect(r.message).toBe(
      'Trade refused (Loss limit per day: 500.00 USD, 480.50 USD already counted). It resets at 2026-03-11 00:00:00. (code 1121)',
    );
    expect(toasts).toEqual([r.message]);
  });

  it('a quiet caller gets the same figures in the message, and no toast', async () => {
    const { api, toasts } = setup([
      reply(1120, { limit: 'deposit', period: 'week', amount: 1000, used: 900, resetsAt: RESETS }),
    ]);
    const r = await api.call('userInfo', undefined, { quiet: true });
    expect(r.message).toContain('Deposit limit per week: 1000.00 USD, 900.00 USD already counted');
    expect(toasts).toEqual([]);
  });

  it('without the figures the message is not shown with holes: the server sentence stands in', async () => {
    const { api } = setup([reply(1122, null, 'Turnover limit reached')]);
    const r = await api.call('userInfo');
    expect(r.message).toBe('Turnover limit reached (code 1122)');
    expect(r.message).not.toContain('{{');
  });

  it('1124 ends the session with its own message, even for a quiet poll', async () => {
    const { api, toasts, expired } = setup([reply(1124, { minutes: 90 }, 'Session time limit')]);
    const r = await api.call('userInfo', undefined, { quiet: true });
    expect(expired).toEqual(['1124']);
    expect(r.message).toBe(
      'Your session time limit of 90 minutes is reached. The session has ended. (code 1124)',
    );
    expect(toasts).toEqual([r.message]);
  });

  it('1123 says until when', () => {
    site.config = { ...DEFAULT_SITE, timezone: 'America/New_York' };
    expect(responsibleValues(1123, { until: RESETS }, t)).toEqual({
      until: '2026-03-11 00:00:00',
    });
  });
});
