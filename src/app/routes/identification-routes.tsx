import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { todayIso } from '../../domain/calendar';
import { identificationsMachine } from '../../machines/identifications.machine';
import { identificationFormMachine } from '../../machines/identification-form.machine';
import {
  addIdentification,
  getIdentificationImage,
  uploadIdentificationImage,
} from '../../services/identification';
import { getIdentificationTypes } from '../../services/reference';
import { IdentificationsPanel } from '../../screens/identifications-panel';
import { AddIdentificationScreen } from '../../screens/add-identification-screen';
import type { ImageLoader } from '../../screens/ghana-card';
import { useAppActors } from '../app-actors';
import { useLiveActors } from '../live-actors';
import { returnPathOf } from '../return-path';

const loadImage: ImageLoader = (imageId, call) => getIdentificationImage(imageId, call);

function IdentificationsList({ onAdd }: { onAdd: () => void }) {
  const actorRef = useActorRef(identificationsMachine.provide(useLiveActors().identifications));
  return <IdentificationsPanel actorRef={actorRef} loadImage={loadImage} onAdd={onAdd} />;
}

function AddIdentification({ onCancel, returnTo }: { onCancel: () => void; returnTo: string | null }) {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const actorRef = useActorRef(
    identificationFormMachine.provide({
      actors: {
        loadTypes: fromPromise(({ signal }) => getIdentificationTypes({ signal })),
        // The XHR upload's own progress events drive the machine's progress bar (UPLOAD_PROGRESS).
        uploadImage: fromPromise(({ input, signal }) =>
          uploadIdentificationImage(input.file, { signal, onProgress: input.onProgress }),
        ),
        addIdentification: fromPromise(({ input, signal }) => addIdentification(input, { signal })),
      },
      actions: {
        identificationAdded: () => session.send({ type: 'IDENTIFICATION_ADDED' }),
        navigate: (_, params) => {
          void navigate(params.to);
        },
      },
    }),
    { input: { today: todayIso(), ...(returnTo ? { returnTo } : {}) } },
  );
  return <AddIdentificationScreen actorRef={actorRef} onCancel={onCancel} />;
}

/**
 * /Dashboard/myIdentifications: the cards, and the Add Identification form in their place when asked for. A money
 * page that needs an ID sends the user here with { from } (IdentityGate): the form opens at once, and once the ID is
 * added the user is back on that page (issue 23).
 */
export default function IdentificationsRoute() {
  const returnTo = returnPathOf(useLocation().state);
  const [adding, setAdding] = useState(returnTo !== null);
  return adding ? (
    <AddIdentification onCancel={() => setAdding(false)} returnTo={returnTo} />
  ) : (
    <IdentificationsList onAdd={() => setAdding(true)} />
  );
}
