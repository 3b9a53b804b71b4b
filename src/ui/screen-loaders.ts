/**
 * The lazy screens' loaders by route name (home's and the chart's are the
 * router's own), in a chunk of their own loaded with the first of them: the
 * first route does not carry 40 loaders and their chunks' names (issue 31,
 * round 4). Routes without one say so.
 */
import type { ComponentType } from 'react';
import type { RouteName } from '../machines/routes.ts';
import type { ScreenProps } from './router.tsx';

export const SCREEN_LOADERS: Partial<Record<RouteName, () => Promise<ComponentType<ScreenProps>>>> =
  {
    quotation: () => import('./screens/quotation.tsx').then((m) => m.Quotation),
    search: () => import('./screens/search.tsx').then((m) => m.Search),
    explore: () => import('./screens/explore.tsx').then((m) => m.Explore),
    service: () => import('./screens/service.tsx').then((m) => m.CustomerService),
    login: () => import('./flows/login/login.tsx').then((m) => m.Login),
    place: () => import('./flows/marketOrder/place.tsx').then((m) => m.Place),
    placeOption: () => import('./flows/optionOrder/place.tsx').then((m) => m.PlaceOption),
    user: () => import('./screens/my-page.tsx').then((m) => m.MyPage),
    register: () => import('./flows/register/register.tsx').then((m) => m.Register),
    forgot: () => import('./flows/forgot/forgot.tsx').then((m) => m.Forgot),
    account: () => import('./flows/profile/account.tsx').then((m) => m.Account),
    changePassword: () => import('./flows/password/change.tsx').then((m) => m.ChangePassword),
    bindEmail: () => import('./flows/bindEmail/bind.tsx').then((m) => m.BindEmail),
    responsible: () => import('./flows/responsible/responsible.tsx').then((m) => m.Responsible),
    verified: () => import('./flows/verification/verified.tsx').then((m) => m.Verified),
    juniorVerified: () => import('./flows/verification/verified.tsx').then((m) => m.JuniorVerified),
    juniorVerfiy: () => import('./flows/verification/verified.tsx').then((m) => m.JuniorVerified),
    notification: () =>
      import('./flows/notifications/notifications.tsx').then((m) => m.Notifications),
    privacy: () => import('./screens/user/static-pages.tsx').then((m) => m.Privacy),
    standards: () => import('./screens/user/static-pages.tsx').then((m) => m.Standards),
    agreement: () => import('./screens/user/static-pages.tsx').then((m) => m.Agreement),
    copyTradeAgreement: () =>
      import('./screens/user/static-pages.tsx').then((m) => m.CopyTradeAgreement),
    myWallet: () => import('./screens/user/my-wallet.tsx').then((m) => m.MyWallet),
    deposit: () => import('./flows/deposit/deposit.tsx').then((m) => m.Deposit),
    withdraw: () => import('./flows/withdraw/withdraw.tsx').then((m) => m.Withdraw),
    transactionList: () => import('./screens/user/records.tsx').then((m) => m.TransactionList),
    depositList: () => import('./screens/user/records.tsx').then((m) => m.DepositList),
    crypto: () => import('./flows/cryptoAddress/addresses.tsx').then((m) => m.CryptoList),
    addCrypto: () => import('./flows/cryptoAddress/addresses.tsx').then((m) => m.AddCrypto),
    deleteCrypto: () => import('./flows/cryptoAddress/addresses.tsx').then((m) => m.DeleteCrypto),
    bankCard: () => import('./flows/bankCard/cards.tsx').then((m) => m.BankCards),
    bankCardAlt: () => import('./flows/bankCard/cards.tsx').then((m) => m.BankCards),
    addBankCard: () => import('./flows/bankCard/cards.tsx').then((m) => m.AddBankCard),
    editBankCard: () => import('./flows/bankCard/cards.tsx').then((m) => m.EditBankCard),
    loan: () => import('./flows/loan/loan.tsx').then((m) => m.Loan),
    position: () => import('./screens/positions.tsx').then((m) => m.Positions),
    history: () => import('./screens/positions.tsx').then((m) => m.History),
  };
