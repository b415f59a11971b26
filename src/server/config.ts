import { z } from 'zod';
import { DEFAULT_BATCH_OPTIONS } from './db/commit-batcher';
import {
  developmentSecretsIn,
  randomSecrets,
  SECRET_NAMES,
  type SecretName,
  type Secrets,
} from './development-secrets';
import { isLoopbackHost } from './loopback';
import { abuseLimits } from './plugins/abuse-limits';
import { relyingPartyProblems } from './passkeys/relying-party';

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
    /**
     * Passkeys (issue 26): the origin the browser sees (https://wallet.example.com) and the relying party id, the
     * domain passkeys belong to (ORIGIN's host or a parent domain). Unset: http://localhost:PORT and localhost.
     */
    ORIGIN: optionalText,
    RP_ID: optionalText,
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    /** Key of one-time codes; unset, a development secret (development-secrets.ts). */
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
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
    /**
     * Passkey log-in ceremonies begun from one address a minute: /LogIn asks for one on every visit (the autofill),
     * before anyone typed an e-mail, so it is counted per address alone, and a carrier's shared address needs room.
     */
    PASSKEY_CEREMONIES_PER_MINUTE: positiveInt(120),
    /** Limits per account, per phone number and per address (plugins/abuse-limits.ts; README "Abuse limits"). */
    RESET_CODES_PER_ACCOUNT_PER_HOUR: positiveInt(abuseLimits.resetCodesPerAccount.max),
    WRONG_CODES_PER_ACCOUNT_PER_HOUR: positiveInt(abuseLimits.wrongResetCodesPerAccount.max),
    LOGIN_FAILURES_PER_ACCOUNT: positiveInt(abuseLimits.logInFailuresPerAccount.max),
    LOCKOUT_MAILS_PER_ACCOUNT: positiveInt(abuseLimits.lockoutMailsPerAccount.max),
    SMS_PER_ACCOUNT_PER_HOUR: positiveInt(abuseLimits.textsPerAccount.max),
    SMS_PER_NUMBER_PER_HOUR: positiveInt(abuseLimits.textsPerNumber.max),
    SIGN_UP_LIMIT_PER_HOUR: positiveInt(abuseLimits.signUpsPerAddress.max),
    /** AuthenticateUser calls per minute from one IP (operators' servers; wrong keys count too). */
    PARTNER_LIMIT_PER_MINUTE: positiveInt(60),
    STATIC_DIR: z.string().trim().min(1).default('./dist'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * HMAC-SHA256 key of provider webhooks (X-Signature), also the sandbox rail's for its own callbacks; unset, a
     * development secret (development-secrets.ts).
     */
    WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** How long the sandbox rail takes to decide a MoMo collection or a disbursement. */
    SANDBOX_DECISION_MS: nonNegativeInt(3000),
    /** A MoMo collection not approved within this time fails as expired. */
    SANDBOX_MOMO_EXPIRY_MS: positiveInt(120_000),
    /** How often pending operations are checked with the provider (lost callbacks, expiry). */
    PROVIDER_POLL_MS: positiveInt(5000),
    /**
     * A money move held for review (a monitoring rule hit) not decided within this many minutes escalates: the
     * monitoring_holds_open metric counts it as overdue and a warning is logged once. Nothing is decided by the clock.
     */
    MONITORING_ESCALATION_MINUTES: positiveInt(60),
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
    /** Bearer token GET /metrics asks for; unset, /metrics answers only on a host that listens on loopback only. */
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
    for (const [path, message] of relyingPartyProblems(env))
      context.addIssue({ code: 'custom', path: [path], message });
    if (env.NODE_ENV === 'production' && env.APP_SECRET === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'is required when NODE_ENV=production: a random secret of 32+ characters',
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
    if (env.NODE_ENV === 'production' && env.WEBHOOK_SECRET === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['WEBHOOK_SECRET'],
        message: 'is required when NODE_ENV=production: the secret shared with the payment provider',
      });
    }
  });

export type Config = Omit<z.output<typeof envSchema>, SecretName> & Secrets;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The secrets a start made up because they were unset: the log names them. */
export interface DevelopmentSecretsUsed {
  names: SecretName[];
  /** Where they are kept (DATA_DIR); none under NODE_ENV=test, whose secrets last one process. */
  file?: string;
  created: boolean;
}

export interface LoadedConfig {
  config: Config;
  /** Unset when every secret was set. */
  development?: DevelopmentSecretsUsed;
}

/** Why a start that is not development on a loopback host has no development secrets, and what to set. */
const loopbackOnlyProblem = (nodeEnv: string | undefined, host: string, missing: readonly SecretName[]) =>
  `${nodeEnv === undefined ? 'NODE_ENV is not set' : `NODE_ENV=${nodeEnv}`} and HOST=${host} is not a loopback ` +
  `address: development secrets are made for a loopback host only. To serve others, set NODE_ENV=production ` +
  `with ${missing.join(' and ')} (random, 32+ characters; METRICS_TOKEN for /metrics); to develop on this ` +
  `machine, HOST=127.0.0.1`;

/** Secrets for a start that left some unset: refused beyond loopback, random under test, else DATA_DIR's. */
const developmentSecretsFor = (
  settings: Pick<Config, 'NODE_ENV' | 'HOST' | 'DATA_DIR'>,
  nodeEnv: string | undefined,
  missing: readonly SecretName[],
): { secrets: Secrets; file?: string; created: boolean } => {
  if (!isLoopbackHost(settings.HOST))
    throw new ConfigError([loopbackOnlyProblem(nodeEnv, settings.HOST, missing)]);
  if (settings.NODE_ENV === 'test') return { secrets: randomSecrets(), created: true };
  try {
    return developmentSecretsIn(settings.DATA_DIR);
  } catch (error) {
    // A file others can read, or not a secrets file, or a DATA_DIR this user cannot write.
    if (!(error instanceof Error)) throw error;
    throw new ConfigError([`DATA_DIR: the development secrets cannot be kept: ${error.message}`]);
  }
};

/**
 * Reads the environment once at start; throws a ConfigError listing every bad variable. Secrets left unset are
 * development ones (development-secrets.ts): kept in DATA_DIR for a development start, random for the process under
 * NODE_ENV=test, and refused on a host that is not loopback (and always under NODE_ENV=production).
 */
export const readConfig = (env: Record<string, string | undefined> = process.env): LoadedConfig => {
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
  const { APP_SECRET, WEBHOOK_SECRET, ...settings } = result.data;
  if (APP_SECRET !== undefined && WEBHOOK_SECRET !== undefined)
    return { config: { ...settings, APP_SECRET, WEBHOOK_SECRET } };
  const missing = SECRET_NAMES.filter((name) => result.data[name] === undefined);
  const made = developmentSecretsFor(settings, input.NODE_ENV, missing);
  return {
    config: {
      ...settings,
      APP_SECRET: APP_SECRET ?? made.secrets.APP_SECRET,
      WEBHOOK_SECRET: WEBHOOK_SECRET ?? made.secrets.WEBHOOK_SECRET,
    },
    development: { names: missing, file: made.file, created: made.created },
  };
};

/** The configuration of readConfig, for callers that do not log where the secrets came from. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config =>
  readConfig(env).config;
