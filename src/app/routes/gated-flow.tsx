import type { ComponentType } from 'react';
import type { MessageId } from '../../i18n/en';
import { IdentityGate } from '../../screens/identity-gate';
import { useAppActors } from '../app-actors';

/** A money flow's route (its default export): `Flow` behind the identity gate of the app's session, under `title`. */
export const gatedFlowRoute = (title: MessageId, Flow: ComponentType) =>
  function GatedFlowRoute() {
    const { session } = useAppActors();
    return (
      <IdentityGate session={session} title={title}>
        <Flow />
      </IdentityGate>
    );
  };
