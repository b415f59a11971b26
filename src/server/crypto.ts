import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** An opaque bearer or reset token: 32 random bytes (256 bits), base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What is stored for a token: its sha256 (the token itself has enough entropy; no salt or slow hash needed). */
export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A 6-digit one-time code, uniformly drawn. */
export const newOneTimeCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are short, so they are keyed with the server's secret (and bound to their user) before being stored. */
export const codeHash = (secret: string, userId: number, code: string): string =>
  createHmac('sha256', secret).update(`${userId}:${code}`, 'utf8').digest('hex');

export const sameHex = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1: the OWASP baseline). */
export const hashPassword = (password: string): Promise<string> => hash(password);

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password against a stored hash; with no user (unknown email) it verifies against a dummy hash, so
 * both answers take about the same time and always fail.
 */
export const verifyPassword = async (storedHash: string | null, password: string): Promise<boolean> => {
  if (storedHash === null) {
    dummyHash ??= hash(newToken());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
};

/*
 * Secrets kept at rest (a staff member's TOTP secret): AES-256-GCM under a key derived from APP_SECRET with HKDF
 * (one key per purpose), stored as 'v1.<iv>.<tag>.<ciphertext>' (base64url). A copy of the database alone reveals
 * none of them; a changed APP_SECRET makes them unreadable (the staff sign up their second factor again).
 */
const SEALED_VERSION = 'v1';

const sealingKey = (appSecret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', appSecret, 'cedi-wallet', `sealed:${purpose}`, 32));

export const sealSecret = (appSecret: string, purpose: string, plaintext: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(appSecret, purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [SEALED_VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
};

/** The plaintext of `sealed`, or null when it was sealed under another secret or purpose, or is not sealed. */
export const openSecret = (appSecret: string, purpose: string, sealed: string): string | null => {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== SEALED_VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sealingKey(appSecret, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
};
