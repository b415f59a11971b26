import { Outlet, useNavigate, useOutletContext } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { forgotPasswordMachine, type ForgotPasswordMachine } from '../../machines/forgot-password.machine';
import { requestCode, resetPassword, verifyCode } from '../../services/password-reset';
import { OtpScreen } from '../../screens/otp-screen';
import { CreateNewPasswordScreen } from '../../screens/create-new-password-screen';

type FlowRef = ActorRefFrom<ForgotPasswordMachine>;

/** One forgot-password actor shared by /otp and /createnewpassword (a layout route around both). */
export function PasswordResetFlow() {
  const navigate = useNavigate();
  const actorRef = useActorRef(
    forgotPasswordMachine.provide({
      actors: {
        requestCode: fromPromise(({ input, signal }) => requestCode(input.email, { signal })),
        verifyCode: fromPromise(({ input, signal }) => verifyCode(input.email, input.code, { signal })),
        resetPassword: fromPromise(({ input, signal }) => resetPassword(input, { signal })),
      },
      actions: {
        navigate: (_, params) => {
          void navigate(params.to, { state: params.state });
        },
      },
    }),
  );
  return <Outlet context={actorRef} />;
}

export function OtpRoute() {
  return <OtpScreen actorRef={useOutletContext<FlowRef>()} />;
}

export function CreateNewPasswordRoute() {
  return <CreateNewPasswordScreen actorRef={useOutletContext<FlowRef>()} />;
}
