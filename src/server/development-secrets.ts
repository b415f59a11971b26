import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The secrets a host signs and checks with (one-time codes, provider webhooks). Nothing in the source is ever one:
 * the operator sets them, or a development start on a loopback host makes random ones for its installation and
 * keeps them in DATA_DIR (issue 21: published defaults let anyone sign a webhook that credited a wallet).
 */
export const SECRET_NAMES = ['APP_SECRET', 'WEBHOOK_SECRET'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];
export type Secrets = Record<SecretName, string>;

/** DATA_DIR's file of development secrets: JSON, readable and writable by its owner only (0600). */
export const DEVELOPMENT_SECRETS_FILE = 'development-secrets.json';

/** 256 random bits, base64url (43 characters). */
const randomSecret = (): string => randomBytes(32).toString('base64url');

/** Fresh random secrets, for one process only (NODE_ENV=test). */
export const randomSecrets = (): Secrets => ({ APP_SECRET: randomSecret(), WEBHOOK_SECRET: randomSecret() });

export interface DevelopmentSecrets {
  secrets: Secrets;
  file: string;
  /** Made by this call (the installation's first start), rather than read. */
  created: boolean;
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

const readSecrets = (file: string): Secrets => {
  const { mode } = statSync(file);
  // Windows has no owner-only mode bits to check.
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new Error(
      `${file} is readable by others (mode ${(mode & 0o777).toString(8)}): \`chmod 600\` it, or delete it to make new development secrets`,
    );
  }
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    content = null;
  }
  const record = (content ?? {}) as Partial<Record<SecretName, unknown>>;
  const secrets = SECRET_NAMES.map((name) => record[name]);
  if (!secrets.every((secret) => typeof secret === 'string' && secret.length >= 32)) {
    throw new Error(
      `${file} is not a development secrets file (${SECRET_NAMES.join(' and ')} of 32+ characters): delete it to make new ones`,
    );
  }
  return Object.fromEntries(SECRET_NAMES.map((name, index) => [name, secrets[index]])) as Secrets;
};

/**
 * The installation's development secrets in DATA_DIR: read, or made at its first start. The file is written whole
 * under another name, then linked into place, which fails if another process made it first: a start never sees
 * half a file, and two starts together keep the same secrets.
 */
export const developmentSecretsIn = (dataDir: string): DevelopmentSecrets => {
  const file = path.join(dataDir, DEVELOPMENT_SECRETS_FILE);
  try {
    return { secrets: readSecrets(file), file, created: false };
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secrets = randomSecrets();
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const note =
    'Development secrets of this installation, made at its first start. They serve a loopback host only: ' +
    'anywhere else set NODE_ENV=production, APP_SECRET and WEBHOOK_SECRET.';
  writeFileSync(draft, `${JSON.stringify({ note, ...secrets }, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return { secrets, file, created: true };
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error;
    return { secrets: readSecrets(file), file, created: false };
  } finally {
    unlinkSync(draft);
  }
};
