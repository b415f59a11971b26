import { lazy, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { addEnglish, withEnglish } from '../i18n/i18n';
import { useAppActorsAccess, useAppActorsIfReady, type AppActors } from './app-actors';
import { AppLayout, Loading } from './layout';
import { withSignedInChrome } from './signed-in-chrome';
import { useOptionalSelector } from '../screens/use-optional-selector';

/** A public route's chunk carries the English only it shows (scripts/i18n-public-ids.ts), added before it renders. */
const withOwnEnglish = <T extends { english: { messages: unknown } }>(chunk: Promise<T>): Promise<T> =>
  chunk.then((module) => {
    addEnglish(module.english);
    return module;
  });

// Every page is its own bundle, fetched when first visited (the prerendered public pages fetch theirs beside the app's
// first script: src/app/main.tsx); beyond the public pages, each comes with the rest of English
// (src/i18n/english.ts), which the first route's bundle leaves out, and a protected page with the signed-in chrome.
const LandingRoute = lazy(() => withOwnEnglish(import('./routes/landing-route')));
const SignUpRoute = lazy(() => withOwnEnglish(import('./routes/sign-up-route')));
// With its machines (and xstate): the landing page's first script has neither.
const LogInRoute = lazy(() => withOwnEnglish(import('./routes/log-in-route')));
const passwordReset = () => withEnglish(import('./routes/password-reset-routes'));
const PasswordResetFlow = lazy(() => passwordReset().then((m) => ({ default: m.PasswordResetFlow })));
const OtpRoute = lazy(() => passwordReset().then((m) => ({ default: m.OtpRoute })));
const CreateNewPasswordRoute = lazy(() =>
  passwordReset().then((m) => ({ default: m.CreateNewPasswordRoute })),
);
const dashboard = () => withSignedInChrome(import('./routes/dashboard-routes'));
const DashboardRoute = lazy(() => dashboard().then((m) => ({ default: m.DashboardRoute })));
const WalletTopUpRoute = lazy(() => withSignedInChrome(import('./routes/wallet-top-up-route')));
const WithdrawalRoute = lazy(() => withSignedInChrome(import('./routes/withdrawal-route')));
const WalletHistoryRoute = lazy(() => withSignedInChrome(import('./routes/wallet-history-route')));
const IdentificationsRoute = lazy(() => withSignedInChrome(import('./routes/identification-routes')));
const UpgradeRoute = lazy(() => withSignedInChrome(import('./routes/upgrade-route')));
const BeneficiariesRoute = lazy(() => withSignedInChrome(import('./routes/beneficiaries-route')));
const SendMoneyRoute = lazy(() => withSignedInChrome(import('./routes/send-money-route')));
const CrossBorderRoute = lazy(() => withSignedInChrome(import('./routes/cross-border-route')));
const TransactionHistoryRoute = lazy(() => withSignedInChrome(import('./routes/transaction-history-route')));
const TermsScreen = lazy(() => withEnglish(import('../screens/terms-screen')));
const PayScreen = lazy(() => withSignedInChrome(import('../screens/pay-screen')));
const AccountRoute = lazy(() => dashboard().then((m) => ({ default: m.AccountRoute })));

const shop = () => withSignedInChrome(import('./routes/shop-routes'));
const TreasureShopRoute = lazy(() => shop().then((m) => ({ default: m.TreasureShopRoute })));
const PaymentGatewayRoute = lazy(() => shop().then((m) => ({ default: m.PaymentGatewayRoute })));
const GameRoute = lazy(() => shop().then((m) => ({ default: m.GameRoute })));
const betting = () => withSignedInChrome(import('./routes/betting-routes'));
const BettingRoute = lazy(() => betting().then((m) => ({ default: m.BettingRoute })));
const BettingLinkRoute = lazy(() => betting().then((m) => ({ default: m.BettingLinkRoute })));
const BettingHistoryRoute = lazy(() => betting().then((m) => ({ default: m.BettingHistoryRoute })));

const BillPaymentRoute = lazy(() => withSignedInChrome(import('./routes/bill-payment-route')));
const BillingHistoryRoute = lazy(() => withSignedInChrome(import('./routes/billing-history-route')));
const account = () => withSignedInChrome(import('./routes/account-routes'));
const security = () => withSignedInChrome(import('./routes/security-routes'));
const PasskeysRoute = lazy(() => security().then((m) => ({ default: m.PasskeysRoute })));
const DevicesRoute = lazy(() => security().then((m) => ({ default: m.DevicesRoute })));
const MobileWalletRoute = lazy(() => account().then((m) => ({ default: m.MobileWalletRoute })));
const VerifyIdentityRoute = lazy(() => account().then((m) => ({ default: m.VerifyIdentityRoute })));

/**
 * Protected routes: arriving without a session goes to /LogIn. A session that ends while the page is open is the
 * session machine's to route (logout goes to '/', an expired token to /LogIn): redirecting here as well would race it.
 * Reached from a public page before the app's actors exist, it asks for them and waits.
 */
function RequireSession({ children }: { children: ReactNode }) {
  const actors = useAppActorsIfReady();
  const { withAppActors } = useAppActorsAccess();
  useEffect(() => {
    if (!actors) withAppActors(() => undefined);
  }, [actors, withAppActors]);
  if (!actors) return <Loading />;
  return <RequireLiveSession session={actors.session}>{children}</RequireLiveSession>;
}

function RequireLiveSession({ session, children }: { session: AppActors['session']; children: ReactNode }) {
  const location = useLocation();
  const signedOut = useOptionalSelector(session, (s) => s.matches('loggedOut'), true);
  const [arrivedSignedIn] = useState(!signedOut);
  if (signedOut)
    return arrivedSignedIn ? null : <Navigate to="/LogIn" replace state={{ from: location.pathname }} />;
  return children;
}

/**
 * The route table of spec section 2. Matching is case-insensitive (react-router's default), so /LogIn and /login,
 * /Dashboard and /dashboard, /SendMoney and /sendmoney are the same route. Any other path goes to '/'.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<LandingRoute />} />
        <Route path="/SignUp" element={<SignUpRoute />} />
        <Route path="/LogIn" element={<LogInRoute />} />
        <Route element={<PasswordResetFlow />}>
          <Route path="/otp" element={<OtpRoute />} />
          <Route path="/createnewpassword" element={<CreateNewPasswordRoute />} />
        </Route>
        <Route
          path="/Dashboard"
          element={
            <RequireSession>
              <DashboardRoute />
            </RequireSession>
          }
        >
          <Route index element={<Navigate to="transactionHistory" replace />} />
          <Route path="transactionHistory" element={<TransactionHistoryRoute />} />
          <Route path="walletHistory" element={<WalletHistoryRoute />} />
          <Route path="walletTopUp" element={<WalletTopUpRoute />} />
          <Route path="myIdentifications" element={<IdentificationsRoute />} />
          <Route path="upgrade" element={<UpgradeRoute />} />
          <Route path="beneficiaries" element={<BeneficiariesRoute />} />
          <Route path="bettingHistory" element={<BettingHistoryRoute />} />
          <Route path="bettingDeposit" element={<BettingRoute />} />
          <Route path="billHistory" element={<BillingHistoryRoute />} />
          <Route path="mobileWallet" element={<MobileWalletRoute />} />
          <Route path="account" element={<AccountRoute />} />
          <Route path="passkeys" element={<PasskeysRoute />} />
          <Route path="devices" element={<DevicesRoute />} />
        </Route>
        <Route
          path="/WalletTopUp"
          element={
            <RequireSession>
              <WalletTopUpRoute />
            </RequireSession>
          }
        />
        <Route
          path="/Withdrawal"
          element={
            <RequireSession>
              <WithdrawalRoute />
            </RequireSession>
          }
        />
        <Route
          path="/SendMoney"
          element={
            <RequireSession>
              <SendMoneyRoute />
            </RequireSession>
          }
        />
        {(
          [
            ['/treasure-shop', <TreasureShopRoute key="shop" />],
            ['/PaymentGateway', <PaymentGatewayRoute key="gateway" />],
            ['/Game', <GameRoute key="game" />],
          ] as const
        ).map(([path, element]) => (
          <Route key={path} path={path} element={<RequireSession>{element}</RequireSession>} />
        ))}
        <Route
          path="/deposit"
          element={
            <RequireSession>
              <BettingRoute />
            </RequireSession>
          }
        />
        <Route
          path="/deposit/:token"
          element={
            <RequireSession>
              <BettingLinkRoute />
            </RequireSession>
          }
        />
        <Route
          path="/Pay"
          element={
            <RequireSession>
              <PayScreen />
            </RequireSession>
          }
        />
        <Route
          path="/BillPayment"
          element={
            <RequireSession>
              <BillPaymentRoute />
            </RequireSession>
          }
        />
        <Route
          path="/CrossBorderPayment"
          element={
            <RequireSession>
              <CrossBorderRoute />
            </RequireSession>
          }
        />
        {/* It shows the user's identity, so it is protected (the spec leaves its guard open). */}
        <Route
          path="/VerifyIdentity"
          element={
            <RequireSession>
              <VerifyIdentityRoute />
            </RequireSession>
          }
        />
        <Route path="/TermsAndConditions" element={<TermsScreen />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
