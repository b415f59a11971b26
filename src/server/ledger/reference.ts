import { randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a reference read aloud is not misheard. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_CHARS = 12;

/**
 * Our reference for an operation, saved before any provider is called and shown on receipts:
 * 'WT' + UTC date + 12 random base32 characters (60 bits), e.g. 'WT20250314K7QF2MZX9ABC' (22 characters).
 */
export const newReferenceNumber = (now: Date = new Date()): string => {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  const bytes = randomBytes(RANDOM_CHARS);
  let random = '';
  for (const byte of bytes) random += BASE32[byte & 31];
  return `WT${date}${random}`;
};
