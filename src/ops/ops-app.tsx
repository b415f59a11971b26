/**
 * The console's shell (/ops): the staff session decides between the sign-in and the signed-in console; the
 * sections and the controls a role sees follow the permissions table (src/contract/ops.ts `mayCall`), and the server
 * still refuses (403, shown as such) whatever a role may not do. The session ends when the server says so (a 401 on
 * any call: 15 minutes idle, disabled, signed out elsewhere).
 */
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { BrowserRouter, Navigate, Route, Routes, useParams } from 'react-router-dom';
import type { StaffMember } from '../contract/ops';
import { mayCall, opsPaths } from '../contract/ops-access';
import { useI18n } from '../i18n/i18n';
import { onSessionEnded } from '../services/ops';
import { OpsAuditTrailScreen } from '../screens/ops/ops-audit-trail-screen';
import { OpsLayout, type OpsSection } from '../screens/ops/ops-layout';
import {
  OpsCouponsScreen,
  OpsLedgerCheckScreen,
  OpsMonitoringScreen,
  OpsPartnerKeysScreen,
  OpsRatesScreen,
  OpsReversalsScreen,
  OpsReviewQueueScreen,
} from '../screens/ops/ops-records-screens';
import { OpsSignInScreen } from '../screens/ops/ops-sign-in-screen';
import { OpsUserScreen } from '../screens/ops/ops-user-screen';
import { OpsUserSearchScreen } from '../screens/ops/ops-user-search-screen';
import {
  liveAuditTrail,
  liveCoupons,
  liveLedgerCheck,
  liveMonitoringRules,
  liveOpsSession,
  livePartnerKeys,
  liveRates,
  liveReversals,
  liveReviewQueue,
  liveUser,
  liveUserSearch,
} from './ops-actors';

/** Every section, with the read that opens it (a role sees the sections it may read). */
const SECTIONS: (OpsSection & { read: string })[] = [
  { path: '/users', label: 'ops.nav.users', read: opsPaths.users },
  { path: '/reviews', label: 'ops.nav.reviews', read: opsPaths.reviews },
  { path: '/reversals', label: 'ops.nav.reversals', read: opsPaths.reversals },
  { path: '/audit', label: 'ops.nav.audit', read: opsPaths.auditLog },
  { path: '/monitoring', label: 'ops.nav.monitoring', read: opsPaths.monitoringRules },
  { path: '/ledger', label: 'ops.nav.ledger', read: opsPaths.ledgerCheck },
  { path: '/rates', label: 'ops.nav.rates', read: opsPaths.rates },
  { path: '/coupons', label: 'ops.nav.coupons', read: opsPaths.coupons },
  { path: '/partner-keys', label: 'ops.nav.partnerKeys', read: opsPaths.partnerKeys },
];

export const sectionsFor = (staff: StaffMember): OpsSection[] =>
  SECTIONS.filter((section) => mayCall(staff.role, 'GET', section.read)).map(({ path, label }) => ({
    path,
    label,
  }));

export function OpsApp() {
  const { t } = useI18n();
  const session = useActorRef(liveOpsSession);
  const snapshot = useSelector(session, (s) => s);
  useEffect(() => onSessionEnded(() => session.send({ type: 'SESSION_ENDED' })), [session]);
  if (snapshot.matches('resuming')) {
    return (
      <main id="main" className="ops-sign-in">
        <p role="status">{t('ops.loading')}</p>
      </main>
    );
  }
  const staff = snapshot.context.session?.staff;
  if (!staff || snapshot.matches('signedOut') || snapshot.matches('signingIn')) {
    return (
      <OpsSignInScreen
        error={snapshot.context.error}
        busy={snapshot.matches('signingIn')}
        onSubmit={(form) => session.send({ type: 'SUBMIT', ...form })}
      />
    );
  }
  const sections = sectionsFor(staff);
  return (
    <BrowserRouter basename="/ops">
      <OpsLayout staff={staff} sections={sections} onLogOut={() => session.send({ type: 'LOG_OUT' })}>
        <OpsRoutes staff={staff} first={sections[0]?.path ?? '/users'} />
      </OpsLayout>
    </BrowserRouter>
  );
}

function OpsRoutes({ staff, first }: { staff: StaffMember; first: string }) {
  const may = (method: string, path: string) => mayCall(staff.role, method, path);
  return (
    <Routes>
      <Route path="/" element={<Navigate to={first} replace />} />
      <Route path="/users" element={<UserSearchPage />} />
      <Route path="/users/:userId" element={<UserPage mayFreeze={may('POST', opsPaths.freezeUser)} />} />
      <Route path="/reviews" element={<ReviewsPage mayAct={may('POST', opsPaths.decideReview)} />} />
      <Route
        path="/reversals"
        element={
          <ReversalsPage
            mayPropose={may('POST', opsPaths.proposeReversal)}
            mayApprove={may('POST', opsPaths.approveReversal)}
          />
        }
      />
      <Route path="/audit" element={<AuditPage />} />
      <Route path="/monitoring" element={<MonitoringPage mayAct={may('PUT', opsPaths.monitoringRules)} />} />
      <Route path="/ledger" element={<LedgerPage />} />
      <Route path="/rates" element={<RatesPage mayAct={may('POST', opsPaths.setRate)} />} />
      <Route path="/coupons" element={<CouponsPage mayAct={may('POST', opsPaths.createCoupon)} />} />
      <Route
        path="/partner-keys"
        element={<PartnerKeysPage mayAct={may('POST', opsPaths.createPartnerKey)} />}
      />
      <Route path="*" element={<Navigate to={first} replace />} />
    </Routes>
  );
}

function UserSearchPage() {
  return <OpsUserSearchScreen actor={useActorRef(liveUserSearch)} />;
}

function UserPage({ mayFreeze }: { mayFreeze: boolean }) {
  const userId = Number(useParams().userId);
  return <UserView key={userId} userId={userId} mayFreeze={mayFreeze} />;
}

function UserView({ userId, mayFreeze }: { userId: number; mayFreeze: boolean }) {
  return <OpsUserScreen actor={useActorRef(liveUser, { input: { userId } })} mayFreeze={mayFreeze} />;
}

function ReviewsPage({ mayAct }: { mayAct: boolean }) {
  return <OpsReviewQueueScreen actor={useActorRef(liveReviewQueue)} mayAct={mayAct} />;
}

function ReversalsPage({ mayPropose, mayApprove }: { mayPropose: boolean; mayApprove: boolean }) {
  return (
    <OpsReversalsScreen actor={useActorRef(liveReversals)} mayPropose={mayPropose} mayApprove={mayApprove} />
  );
}

function AuditPage() {
  return <OpsAuditTrailScreen actor={useActorRef(liveAuditTrail)} />;
}

function MonitoringPage({ mayAct }: { mayAct: boolean }) {
  return <OpsMonitoringScreen actor={useActorRef(liveMonitoringRules)} mayAct={mayAct} />;
}

function LedgerPage() {
  return <OpsLedgerCheckScreen actor={useActorRef(liveLedgerCheck)} />;
}

function RatesPage({ mayAct }: { mayAct: boolean }) {
  return <OpsRatesScreen actor={useActorRef(liveRates)} mayAct={mayAct} />;
}

function CouponsPage({ mayAct }: { mayAct: boolean }) {
  return <OpsCouponsScreen actor={useActorRef(liveCoupons)} mayAct={mayAct} />;
}

function PartnerKeysPage({ mayAct }: { mayAct: boolean }) {
  return <OpsPartnerKeysScreen actor={useActorRef(livePartnerKeys)} mayAct={mayAct} />;
}
