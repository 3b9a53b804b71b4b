/**
 * Static texts: the privacy policy (/user/privacy, flag user/privacy), the
 * marketing standards (/user/standards, flag standards), the deposit
 * service agreement (/user/agreement) and the copy-trade service agreement
 * (/user/copyTradeAgreement; user-centre.md §2 "Privacy policy and copy-trade
 * service agreement pages", opened from my account). The wording is a
 * generic template each site replaces with its own (the texts are i18n keys
 * under privacyPage, standardsPage, agreementPage and copyTradePage).
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { flagOn } from '../../../config/site.ts';
import { useServices } from '../../services-context.tsx';
import { ProfileHeader, useAvailable } from './profile-kit.tsx';
import { useFlags } from '../../hooks/use-flags.ts';

/** The spec's figures (user-centre.md §9), filled into the texts. */
const PRIVACY_EFFECTIVE = '2018-12-14';
const CONSENT_AGE = 16;
const CUSTOMER_AGE = 18;
const STANDARDS = {
  fee: '0.2%',
  min: '100',
  max: '10,000,000',
  deduct: '25',
  coin: 'USDT',
} as const;

const PRIVACY_SECTIONS = [
  'who',
  'collect',
  'use',
  'share',
  'keep',
  'rights',
  'children',
  'security',
  'changes',
  'contact',
] as const;
const STANDARDS_ROWS = ['fee', 'withdrawal', 'withdrawalFee', 'transfer', 'rate'] as const;
const AGREEMENT_SECTIONS = [
  'parties',
  'eligibility',
  'deposits',
  'review',
  'bank',
  'risk',
  'compliance',
  'changes',
] as const;

const COPY_TRADE_SECTIONS = ['parties', 'service', 'risk', 'control', 'changes'] as const;

function useValues() {
  const { config } = useServices();
  return {
    site: config.siteName,
    email: config.serviceEmail,
    date: PRIVACY_EFFECTIVE,
    consentAge: CONSENT_AGE,
    customerAge: CUSTOMER_AGE,
    ...STANDARDS,
  };
}

function Page({
  prefix,
  sections,
  back,
  children,
}: {
  prefix: string;
  sections: readonly string[];
  back?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const values = useValues();
  return (
    <main className="screen profile-screen">
      <ProfileHeader title={t(`${prefix}.title`)} {...(back ? { back } : {})} />
      <article className="static-page" aria-label={t(`${prefix}.title`)}>
        <p className="template-note">{t('profile.templateNote', values)}</p>
        <p className="muted small">{t(`${prefix}.effective`, values)}</p>
        <p>{t(`${prefix}.intro`, values)}</p>
        {children}
        {sections.map((s, i) => (
          <section key={s}>
            <h2>
              {i + 1}. {t(`${prefix}.sections.${s}.title`, values)}
            </h2>
            <p>{t(`${prefix}.sections.${s}.body`, values)}</p>
          </section>
        ))}
      </article>
    </main>
  );
}

export function Privacy() {
  const flags = useFlags();
  // On unless the site turns it off (§2).
  const available = useAvailable(flagOn(flags, 'user/privacy'));
  return available ? <Page prefix="privacyPage" sections={PRIVACY_SECTIONS} /> : null;
}

export function Standards() {
  const { t } = useTranslation();
  const flags = useFlags();
  const values = useValues();
  const available = useAvailable(flags.standards === true);
  if (!available) return null;
  return (
    <Page prefix="standardsPage" sections={['deposits', 'changes']}>
      <dl className="standards-table" aria-label={t('standardsPage.tableLabel')}>
        {STANDARDS_ROWS.map((r) => (
          <div key={r} className="kv-row">
            <dt>{t(`standardsPage.rows.${r}.label`)}</dt>
            <dd>{t(`standardsPage.rows.${r}.value`, values)}</dd>
          </div>
        ))}
      </dl>
    </Page>
  );
}

/** Opened from the deposit's step two: its back arrow returns there, where the kept form waits (§4). */
export function Agreement() {
  return <Page prefix="agreementPage" sections={AGREEMENT_SECTIONS} back="/user/deposit" />;
}

/** The copy-trade service agreement: static text, like the privacy policy it sits beside. */
export function CopyTradeAgreement() {
  return <Page prefix="copyTradePage" sections={COPY_TRADE_SECTIONS} back="/user/account" />;
}
