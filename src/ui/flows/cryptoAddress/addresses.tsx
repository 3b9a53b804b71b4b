/**
 * Saved crypto withdrawal addresses (user-centre.md §2 "Crypto list, add,
 * delete"): the list (/user/wallet/crypto), add (/user/wallet/addCrypto) with
 * the coin and network picker drawer, and delete
 * (/user/wallet/deleteCrypto?walletId=…) with its confirm drawer, all on
 * cryptoAddressMachine started on the route's part. Moving to another part
 * is a route change (each route is a screen); when the machine comes back to
 * its list after a save or a delete, the view goes to the list route.
 * Hidden when crypto withdraw is disabled (NO_WALLET_WITHDRAW, or a site
 * whose withdraw methods leave out crypto) and for the demo account.
 *
 * The add and delete parts are in add.tsx and delete.tsx; the
 * helpers shared with the other screens of this area (bank cards, loan) are
 * in src/ui/screens/user/cards-kit.tsx.
 */
import { Link } from 'wouter';
import type { SavedWallet } from '../../../machines/cryptoAddress/machine.ts';
import { Failed, Loading, ScreenHead, useCardsTexts } from '../../screens/user/cards-kit.tsx';
import {
  CoinLogo,
  CRYPTO_LIST,
  useCryptoAvailable,
  useCryptoBack,
  useCryptoMachine,
} from './kit.tsx';
import { AddCryptoBody } from './add.tsx';
import { DeleteCryptoBody } from './delete.tsx';
import '../../screens/user/cards.css';
import './cryptoAddress.css';

export { CRYPTO_LIST };

const ADD_CRYPTO = '/user/wallet/addCrypto';

/** The delete route with the query the spec names (§2 route table). */
const deleteHref = (w: SavedWallet) =>
  `/user/wallet/deleteCrypto?${new URLSearchParams({
    currencyId: w.currencyId,
    walletId: w.walletId,
    currencyName: w.currencyName,
    protocol: w.protocol,
    cryptocurrencyAddress: w.address,
  }).toString()}`;

function WalletRow({ w }: { w: SavedWallet }) {
  return (
    <li>
      <Link href={deleteHref(w)} className="cards-item">
        <CoinLogo src={w.logoUrl} />
        <span className="cards-item-body">
          <span className="cards-item-title">
            <b>{w.currencyName}</b> <span className="crypto-address-tag">{w.protocol}</span>
          </span>
          <span className="crypto-address-text">{w.address}</span>
        </span>
        <span className="crypto-address-chevron" aria-hidden="true">
          ›
        </span>
      </Link>
    </li>
  );
}

export function CryptoList() {
  const { t } = useCardsTexts();
  const ok = useCryptoAvailable();
  const back = useCryptoBack('list');
  return (
    <main className="screen cards-screen">
      <ScreenHead back={back} title={t('cards.crypto.title')} />
      {ok && <CryptoListBody />}
    </main>
  );
}

function CryptoListBody() {
  const { t } = useCardsTexts();
  const [state, send] = useCryptoMachine({ start: 'list' });
  const c = state.context;
  if (state.matches('failed'))
    return <Failed message={t('cards.loadFailed')} onRetry={() => send({ type: 'list.reload' })} />;
  if (state.hasTag('busy')) return <Loading />;
  if (c.wallets.length === 0)
    return (
      <div className="empty-state">
        <p>{t('cards.crypto.empty')}</p>
        <Link href={ADD_CRYPTO} className="btn primary">
          {t('add_crypto_wallet')}
        </Link>
      </div>
    );
  return (
    <>
      <ul className="cards-list" aria-label={t('cards.crypto.list')}>
        {c.wallets.map((w) => (
          <WalletRow key={w.walletId} w={w} />
        ))}
      </ul>
      <div className="form-actions">
        <Link href={ADD_CRYPTO} className="btn primary block">
          {t('add_crypto_wallet')}
        </Link>
      </div>
    </>
  );
}

export function AddCrypto() {
  const { t } = useCardsTexts();
  const ok = useCryptoAvailable();
  const back = useCryptoBack('add');
  return (
    <main className="screen cards-screen">
      <ScreenHead back={back} title={t('add_crypto_wallet')} />
      {ok && <AddCryptoBody />}
    </main>
  );
}

export function DeleteCrypto() {
  const { t } = useCardsTexts();
  const ok = useCryptoAvailable();
  const back = useCryptoBack('delete');
  return (
    <main className="screen cards-screen">
      <ScreenHead back={back} title={t('cards.crypto.deleteTitle')} />
      {ok && <DeleteCryptoBody />}
    </main>
  );
}
