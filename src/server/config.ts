import { z } from 'zod';
import { DEFAULT_BATCH_OPTIONS } from './db/commit-batcher';

/** The development secret: fine on a laptop, refused when NODE_ENV=production. */
export const DEVELOPMENT_APP_SECRET = 'development-only-secret-change-me-0123456789';
/** The development webhook secret shared with the built-in sandbox rail: refused when NODE_ENV=production. */
export const DEVELOPMENT_WEBHOOK_SECRET = 'development-only-webhook-secret-0123456789';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const nonNegativeInt = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().trim().min(1).default('localhost'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_APP_SECRET),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    /** The mail server, setting by setting (instead of SMTP_URL): host, port, TLS, login, a CA to trust. */
    SMTP_HOST: optionalText,
    SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
    /** 'starttls': plain connection upgraded to TLS, and never sent without it; 'tls': TLS from the start (465). */
    SMTP_SECURITY: z.enum(['starttls', 'tls', 'none']).default('starttls'),
    SMTP_USER: optionalText,
    SMTP_PASSWORD: optionalText,
    /** A PEM file of the certificate authority (or self-signed certificate) to trust besides the system's. */
    SMTP_CA_FILE: optionalText,
    MAIL_FROM: z.string().trim().min(3).default('Cedi Wallet <no-reply@localhost>'),
    /** The SMS gateway's endpoint (a JSON POST per message); unset, SMS are written to DATA_DIR/outbox. */
    SMS_GATEWAY_URL: optionalText.pipe(
      z
        .string()
        .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
        .optional(),
    ),
    /** Bearer token of the SMS gateway (required with SMS_GATEWAY_URL). */
    SMS_GATEWAY_TOKEN: optionalText,
    /** Sender shown on the phone: an alphanumeric sender id (at most 11 letters, digits or spaces) or a number. */
    SMS_SENDER: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9 ]{1,11}|\+[1-9]\d{6,14})$/, 'must be at most 11 letters or digits, or a +number')
      .default('CediWallet'),
    /** How long one SMS may take at the gateway before it counts as failed. */
    SMS_GATEWAY_TIMEOUT_MS: positiveInt(10_000),
    SESSION_IDLE_MINUTES: positiveInt(30),
    SESSION_MAX_HOURS: positiveInt(12),
    LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt(10),
    /** AuthenticateUser calls per minute from one IP (operators' servers; wrong keys count too). */
    PARTNER_LIMIT_PER_MINUTE: positiveInt(60),
    STATIC_DIR: z.string().trim().min(1).default('./dist'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** HMAC-SHA256 key of provider webhooks (X-Signature). */
    WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_WEBHOOK_SECRET),
    /** How long the sandbox rail takes to decide a MoMo collection or a disbursement. */
    SANDBOX_DECISION_MS: nonNegativeInt(3000),
    /** A MoMo collection not approved within this time fails as expired. */
    SANDBOX_MOMO_EXPIRY_MS: positiveInt(120_000),
    /** How often pending operations are checked with the provider (lost callbacks, expiry). */
    PROVIDER_POLL_MS: positiveInt(5000),
    /**
     * Which proxies' X-Forwarded-For is believed for the client address (rate limits are keyed by it): 'false'
     * (default: the socket's address; anyone could forge the header), a hop count ('1': the nearest proxy), the
     * proxies' addresses or CIDRs ('10.0.0.0/8,127.0.0.1', or 'loopback', 'uniquelocal'), or 'true' (every hop:
     * only when nothing but the proxy can reach the host).
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((value): boolean | number | string[] => {
        if (/^(false|0|no|off)$/i.test(value)) return false;
        if (/^(true|yes|on)$/i.test(value)) return true;
        if (/^\d+$/.test(value)) return Number(value);
        return value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '');
      }),
    /** How long an Idempotency-Key's answer is kept for a retry once its operation is final (hours). */
    IDEMPOTENCY_RETENTION_HOURS: positiveInt(168),
    /** How often the purge job runs (expired sessions, used codes, old keys, orphan uploads...). */
    PURGE_EVERY_MS: positiveInt(15 * 60_000),
    /** Bearer token GET /metrics asks for; unset, /metrics is open (development). */
    METRICS_TOKEN: optionalText,
    /** PostgreSQL connections (DATABASE_URL only). */
    DATABASE_POOL_SIZE: positiveInt(20),
    /**
     * Most money postings committed in one transaction (DATABASE_URL only): 32 by default; 1 commits each on its
     * own (docs/decisions.md, "Issue 13: batched ledger commits" and "batches lock wallets in user order").
     */
    LEDGER_BATCH_MAX: z.coerce.number().int().min(1).max(60).default(DEFAULT_BATCH_OPTIONS.maxBatch),
    /** Batches of postings committed side by side (each a connection while it runs; a user always uses the same). */
    LEDGER_BATCH_LANES: positiveInt(2),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && env.APP_SECRET === DEVELOPMENT_APP_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message:
          'the development default is refused when NODE_ENV=production: set a random secret of 32+ characters',
      });
    }
    if (env.SMTP_URL && env.SMTP_HOST) {
      context.addIssue({
        code: 'custom',
        path: ['SMTP_HOST'],
        message: 'set either SMTP_URL or SMTP_HOST (with SMTP_PORT, SMTP_SECURITY...), not both',
      });
    }
    if (env.SMTP_USER && !env.SMTP_PASSWORD) {
      context.addIssue({ code: 'custom', path: ['SMTP_PASSWORD'], message: 'is required with SMTP_USER' });
    }
    if (env.NODE_ENV === 'production' && env.SMTP_HOST && env.SMTP_SECURITY === 'none') {
      context.addIssue({
        code: 'custom',
        path: ['SMTP_SECURITY'],
        message: "must be 'starttls' or 'tls' when NODE_ENV=production (reset codes travel in the mail)",
      });
    }
    if (env.SMS_GATEWAY_URL && !env.SMS_GATEWAY_TOKEN) {
      context.addIssue({
        code: 'custom',
        path: ['SMS_GATEWAY_TOKEN'],
        message: 'is required with SMS_GATEWAY_URL (the gateway bearer token)',
      });
    }
    if (env.NODE_ENV === 'production' && env.SMS_GATEWAY_URL?.startsWith('http://')) {
      context.addIssue({
        code: 'custom',
        path: ['SMS_GATEWAY_URL'],
        message: 'must be https:// when NODE_ENV=production (the bearer token and the codes travel on it)',
      });
    }
    if (env.NODE_ENV === 'production' && env.WEBHOOK_SECRET === DEVELOPMENT_WEBHOOK_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['WEBHOOK_SECRET'],
        message:
          'the development default is refused when NODE_ENV=production: set the secret shared with the payment provider',
      });
    }
  });

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once at start; throws a ConfigError listing every bad variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const empty = (value: string | undefined) =>
    value === undefined || value.trim() === '' ? undefined : value;
  const input = Object.fromEntries(Object.keys(envSchema.shape ?? {}).map((key) => [key, empty(env[key])]));
  const result = envSchema.safeParse(input);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(environment)';
        // Never echo a secret's value back.
        return `${name}: ${issue.message}`;
      }),
    );
  }
  return result.data;
};
