/**
 * Customer service (/user/service): online chat, Telegram, WhatsApp or an
 * embedded frame, per the service config. Only https links are shown; the
 * frame is sandboxed. A config with none (or none safe) shows
 * tips.template_unset.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { ServiceConfig } from '../../api/types/trading.ts';
import { useServices } from '../services-context.tsx';
import { BackLink } from '../components/back-link.tsx';
import './service.css';

export interface ServiceLink {
  kind: 'chat' | 'telegram' | 'whatsapp' | 'frame';
  url: string;
}

const KINDS: ServiceLink['kind'][] = ['chat', 'telegram', 'whatsapp', 'frame'];
const safe = (u: string | undefined): u is string => !!u && /^https:\/\//i.test(u.trim());

/** The service links of a config: url/telegram/whatsapp, or a type index with bar-separated links. */
export function serviceLinks(c: ServiceConfig): ServiceLink[] {
  if (c.type !== undefined && c.links) {
    const kind = KINDS[c.type] ?? 'chat';
    return c.links
      .split('|')
      .filter(safe)
      .map((url) => ({ kind, url: url.trim() }));
  }
  const out: ServiceLink[] = [];
  if (safe(c.url)) out.push({ kind: 'chat', url: c.url });
  if (safe(c.telegram)) out.push({ kind: 'telegram', url: c.telegram });
  if (safe(c.whatsapp)) out.push({ kind: 'whatsapp', url: c.whatsapp });
  return out;
}

export function CustomerService() {
  const { t } = useTranslation();
  const { api, config } = useServices();
  const [links, setLinks] = useState<ServiceLink[] | undefined>();
  useEffect(() => {
    const ctl = new AbortController();
    void api
      .call('customerLink', undefined, { signal: ctl.signal })
      .then((r) => setLinks(r.data ? serviceLinks(r.data) : []));
    return () => ctl.abort();
  }, [api]);
  return (
    <main className="screen">
      <header className="screen-header">
        <BackLink />
        <h1 className="screen-title">{t('service.title')}</h1>
        <span />
      </header>
      {!links ? (
        <div className="skeleton-row" role="status" aria-label={t('common.loading')} />
      ) : links.length === 0 ? (
        // No chat, Telegram, WhatsApp or frame configured: trading.md §8's "template unset".
        <p className="empty-state muted" role="status">
          {t('tips.template_unset')}
        </p>
      ) : (
        <ul className="service-cards">
          {links.map((l) =>
            l.kind === 'frame' ? (
              <li key={l.url} className="service-frame">
                <iframe
                  title={t('service.chat')}
                  src={l.url}
                  sandbox="allow-scripts allow-forms allow-popups"
                  referrerPolicy="no-referrer"
                />
              </li>
            ) : (
              <li key={l.url}>
                <a
                  className="card service-card"
                  href={l.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <span className="service-icon" aria-hidden="true">
                    {l.kind === 'telegram' ? '✈' : l.kind === 'whatsapp' ? '✆' : '💬'}
                  </span>
                  <span>{t(`service.${l.kind}`)}</span>
                </a>
              </li>
            ),
          )}
          <li>
            <a className="card service-card" href={`mailto:${config.serviceEmail}`}>
              <span className="service-icon" aria-hidden="true">
                ✉
              </span>
              <span>{config.serviceEmail}</span>
            </a>
          </li>
        </ul>
      )}
    </main>
  );
}
