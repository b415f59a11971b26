import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { gemBalanceMachine, gemPurchasesMachine } from '../../machines/game.machine';
import { paymentGatewayMachine } from '../../machines/payment-gateway.machine';
import { treasureShopMachine } from '../../machines/treasure-shop.machine';
import { GameScreen } from '../../screens/game-screen';
import { PaymentGatewayScreen } from '../../screens/payment-gateway-screen';
import { TreasureShopScreen } from '../../screens/treasure-shop-screen';
import { useLiveActors } from '../live-actors';
import { gemShopStore } from '../stores/gem-shop-store';

/** /treasure-shop: the packs; the chosen one is kept (persisted) and 'Pay with Wallet' opens /PaymentGateway. */
export function TreasureShopRoute() {
  const live = useLiveActors();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      treasureShopMachine.provide({
        ...live.treasureShop,
        actions: { ...live.treasureShop.actions, openGateway: () => void navigate('/PaymentGateway') },
      }),
    [live, navigate],
  );
  const actorRef = useActorRef(machine, { input: { selected: gemShopStore.packId } });
  return <TreasureShopScreen actorRef={actorRef} />;
}

/** /PaymentGateway: the chosen pack (read back from the persisted choice after a reload) paid from the wallet. */
export function PaymentGatewayRoute() {
  const actorRef = useActorRef(paymentGatewayMachine.provide(useLiveActors().paymentGateway), {
    input: { packId: gemShopStore.packId },
  });
  return <PaymentGatewayScreen actorRef={actorRef} />;
}

/** /Game: the gem balance and the gem purchases. */
export function GameRoute() {
  const live = useLiveActors();
  const balanceRef = useActorRef(gemBalanceMachine.provide(live.gemBalance));
  const purchasesRef = useActorRef(gemPurchasesMachine.provide(live.gemPurchases));
  return <GameScreen balanceRef={balanceRef} purchasesRef={purchasesRef} />;
}
