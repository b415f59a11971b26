import { z } from 'zod';

/** The development secret: fine on a laptop, refused when NODE_ENV=production. */
export const DEVELOPMENT_APP_SECRET = 'development-only-secret-change-me-0123456789';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
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
    MAIL_FROM: z.string().trim().min(3).default('Cedi Wallet <no-reply@localhost>'),
    SESSION_IDLE_MINUTES: positiveInt(30),
    SESSION_MAX_HOURS: positiveInt(12),
    LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt(10),
    STATIC_DIR: z.string().trim().min(1).default('./dist'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
