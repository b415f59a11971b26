import { randomInt } from 'node:crypto';
import { COLLECTION_CODE_DIGITS } from '../../../domain/cross-border';

/** A cash pick-up's collection code: random digits (the recipient shows it with an ID to collect the cash). */
export const newCollectionCode = (): string =>
  randomInt(0, 10 ** COLLECTION_CODE_DIGITS)
    .toString()
    .padStart(COLLECTION_CODE_DIGITS, '0');
