import type { preValidationAsyncHookHandler } from 'fastify';
import type { Queryable } from '../db/client';
import { HttpError } from '../http-error';
import { hasIdentification } from '../routes/identification/identifications-repository';
import { currentUser } from './auth';

/**
 * Money-moving routes answer 403 'identity.required' until the user has an identification on file.
 * Identifications are never removed, so a user once seen with one is remembered by the process (no query on the
 * hot path afterwards); a user without one is asked again each time.
 */
export const identityGate = (db: Queryable): preValidationAsyncHookHandler => {
  const identified = new Set<number>();
  return async (request) => {
    const { id } = currentUser(request);
    if (identified.has(id)) return;
    if (!(await hasIdentification(db, id))) throw new HttpError(403, 'identity.required');
    identified.add(id);
  };
};
