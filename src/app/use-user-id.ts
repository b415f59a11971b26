import { useSelector } from '@xstate/react';
import { useAppActors } from './app-actors';

/** The signed-in user's id (protected routes only render with a session; 0 stands for none). */
export const useUserId = (): number => {
  const { session } = useAppActors();
  return useSelector(session, (s) => s.context.auth?.user.id ?? 0);
};
