import { useAppActors } from '../app-actors';
import { MobileWalletScreen } from '../../screens/mobile-wallet-screen';
import { VerifyIdentityScreen } from '../../screens/verify-identity-screen';
import { usePhoneVerificationActor } from './phone-verification-actor';

/** /Dashboard/mobileWallet: the wallet's ways in and out of mobile money, and the number money arrives on. */
export function MobileWalletRoute() {
  const { session } = useAppActors();
  return <MobileWalletScreen session={session} phoneVerification={usePhoneVerificationActor()} />;
}

/** /VerifyIdentity: where the account stands on the checks that guard money (phone, identification). */
export function VerifyIdentityRoute() {
  const { session } = useAppActors();
  return <VerifyIdentityScreen session={session} phoneVerification={usePhoneVerificationActor()} />;
}
