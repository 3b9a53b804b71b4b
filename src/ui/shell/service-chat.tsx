/**
 * The desktop shell's floating customer-service chat (trading.md §2 "Desktop
 * shell"): a round button at the bottom right opens a panel with the site's
 * online chat (the service config's chat or frame link) in a sandboxed frame,
 * the other channels (Telegram, WhatsApp) and the contact e-mail. Only https
 * links are used. The panel is not modal (the user can trade while chatting)
 * and stays mounted once opened, so closing it does not end the conversation;
 * Escape and the close button close it and focus returns to the button.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { ServiceConfig } from '../../api/types/trading.ts';
import { useServices } from '../services-context.tsx';
import { serviceLinks, type ServiceLink } from '../screens/service.tsx';
import { IconClose, IconService } from '../components/icons.tsx';
import { useLayer } from '../hooks/use-layer.ts';

/**
 * Frame sandbox: scripts and forms for the chat widget; its own origin's
 * storage only when that origin is not ours (a same-origin frame with both
 * could lift its own sandbox).
 */
export function chatSandbox(url: string, here: string): string {
  const own = new URL(url).origin === new URL(here).origin;
  return `allow-scripts allow-forms allow-popups${own ? '' : ' allow-same-origin'}`;
}

/** The link shown in the frame: the chat (or frame) link; the others are listed beside it. */
export const chatLink = (links: ServiceLink[]) =>
  links.find((l) => l.kind === 'chat' || l.kind === 'frame');

export function ServiceChat() {
  const { t } = useTranslation();
  const { api, config } = useServices();
  const [open, setOpen] = useState(false);
  const [links, setLinks] = useState<ServiceLink[]>();
  const panel = useRef<HTMLDivElement>(null);
  useLayer(open, () => setOpen(false), panel, { focusFirst: true });
  // The service config is read on first opening only.
  const wanted = open || links !== undefined;
  useEffect(() => {
    if (!wanted || links) return;
    const ctl = new AbortController();
    void api.call('customerLink', undefined, { quiet: true, signal: ctl.signal }).then((r) => {
      if (!ctl.signal.aborted) setLinks(r.data ? serviceLinks(r.data as ServiceConfig) : []);
    });
    return () => ctl.abort();
  }, [api, wanted, links]);

  const chat = links && chatLink(links);
  const others = links?.filter((l) => l !== chat) ?? [];
  return (
    <div className="service-chat">
      {wanted && (
        <div
          ref={panel}
          className="service-chat-panel"
          role="dialog"
          aria-label={t('service.title')}
          hidden={!open}
        >
          <header className="service-chat-head">
            <h2>{t('service.title')}</h2>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('common.close')}
              onClick={() => setOpen(false)}
            >
              <IconClose />
            </button>
          </header>
          {!links ? (
            <div className="skeleton-row" role="status" aria-label={t('common.loading')} />
          ) : chat ? (
            <iframe
              className="service-chat-frame"
              title={t(`service.${chat.kind}`)}
              src={chat.url}
              sandbox={chatSandbox(chat.url, location.href)}
              referrerPolicy="no-referrer"
            />
          ) : (
            <p className="muted">{t('shell.chat_unavailable')}</p>
          )}
          <footer className="service-chat-links">
            {others.map((l) => (
              <a key={l.url} href={l.url} target="_blank" rel="noopener noreferrer">
                {t(`service.${l.kind}`)}
              </a>
            ))}
            <a href={`mailto:${config.serviceEmail}`}>{config.serviceEmail}</a>
          </footer>
        </div>
      )}
      <button
        type="button"
        className="service-chat-button"
        aria-label={t('shell.chat_open')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <IconService size={24} />
      </button>
    </div>
  );
}
