import Fastify, { type FastifyInstance, type onRouteHookHandler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { JobScheduler } from './jobs/scheduler';
import { purgeExpired } from './jobs/purge';
import { ledgerCheckJob } from './ledger/invariants';
import { createMailer, type Mailer } from './mail';
import { createMetrics } from './metrics';
import { relyingPartyOf } from './passkeys/relying-party';
import { installStepUp } from './passkeys/step-up';
import { createSms, type Sms } from './messaging/sms';
import { installAuth } from './plugins/auth';
import { opsRoutes } from './ops/ops-routes';
import { holdEscalationJob } from './monitoring/holds-repository';
import { opsMonitoringRoutes } from './monitoring/ops-monitoring-routes';
import { installStaffAuth } from './ops/staff-auth';
import { clientErrorHandler } from './plugins/client-errors';
import { installErrorHandling } from './plugins/errors';
import { installJsonBodyParser } from './plugins/json-body';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimit } from './plugins/rate-limit';
import { installRequestIdHeader, requestIdOf } from './plugins/request-id';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { registerSecurityHeaders } from './plugins/security';
import { readInlineHashes, registerStaticFiles } from './plugins/static-files';
import { SessionCache } from './sessions/session-cache';
import { createSandboxBillerRail, type BillerRail } from './providers/biller-rail';
import { sandboxIdentityRegister, type IdentityRegister } from './providers/identity-register';
import type { PaymentProvider } from './providers/provider';
import { bettingRoutes } from './routes/betting/betting-routes';
import { partnerRoutes } from './routes/betting/partner-routes';
import { billingRoutes } from './routes/billing/billing-routes';
import { beneficiaryRoutes } from './routes/beneficiary/beneficiary-routes';
import type { RouteDeps } from './routes/deps';
import { healthRoutes } from './routes/health/health-routes';
import { identificationRoutes } from './routes/identification/identification-routes';
import { metricsRoutes } from './routes/metrics/metrics-routes';
import { passwordResetRoutes } from './routes/password-reset/password-reset-routes';
import { phoneVerificationRoutes } from './routes/phone-verification/phone-verification-routes';
import { referenceRoutes } from './routes/reference/reference-routes';
import { shopRoutes } from './routes/shop/shop-routes';
import { tierRoutes } from './routes/tiers/tier-routes';
import { transactionHistoryRoutes } from './routes/transfer/transaction-history-routes';
import { transferRoutes } from './routes/transfer/transfer-routes';
import { upgradeRoutes } from './routes/upgrade/upgrade-routes';
import { userLanguageRoutes } from './routes/user/user-language-routes';
import { userRoutes } from './routes/user/user-routes';
import { passkeyRoutes } from './routes/passkeys/passkey-routes';
import { providerWebhookRoutes, receiveProviderCallback } from './routes/wallet/provider-webhook-routes';
import { createWalletModule, type WalletModule } from './routes/wallet/wallet-module';
import { walletRoutes } from './routes/wallet/wallet-routes';

export const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Where SMS go; by default the SMS gateway of the configuration, else DATA_DIR/outbox. */
  sms?: Sms;
  /** Where log lines go (default stdout); tests capture them to prove secrets are redacted. */
  logStream?: NodeJS.WritableStream;
  /** The payment rail; the built-in sandbox by default. */
  provider?: PaymentProvider;
  /** The biller rail; the built-in sandbox biller by default. */
  billerRail?: BillerRail;
  /** The national identity register (Ghana Card checks); the built-in sandbox by default. */
  identityRegister?: IdentityRegister;
  /** Sees every route as it is registered (tests: the route table behind the response-schema checks). */
  onRoute?: onRouteHookHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Money movement: its service, the payment rail and the background worker (started by main.ts). */
    wallet: WalletModule;
    /** The background jobs every host shares (provider polling, purge), claimed run by run (started by main.ts). */
    jobs: JobScheduler;
  }
}

/** Secrets that must never reach a log line, wherever they appear in what is logged. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.confirmPassword',
  '*.createPassword',
  '*.token',
  '*.resetToken',
  '*.code',
  '*.text',
  '*.cardNumber',
  '*.cvv',
];

/** Fastify's trustProxy for TRUST_PROXY: a hop count trusts that many proxies nearest the host. */
const trustProxyOf = (setting: Config['TRUST_PROXY']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

/** The API host and the static app, ready for `listen` or `inject`. Migrations and seeding are the caller's. */
export const buildApp = async ({
  config,
  database,
  mailer,
  sms,
  logStream,
  provider,
  billerRail,
  identityRegister,
  onRoute,
}: BuildAppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            ...(logStream ? { stream: logStream } : {}),
          },
    // A line per request costs more than many a request itself, and every open tab validates its token each
    // second: requests are logged only at debug level; warnings and every unexpected error always are.
    disableRequestLogging: !['debug', 'trace'].includes(config.LOG_LEVEL),
    bodyLimit: BODY_LIMIT_BYTES,
    // Whether X-Forwarded-For names the client (request.ip, and so the rate limits): TRUST_PROXY, off by default.
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
    // A request Node's parser refuses (headers past its limit...) is answered with the envelope too.
    clientErrorHandler,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config));

  installErrorHandling(app);
  installJsonBodyParser(app);
  installRequestIdHeader(app);
  const metrics = createMetrics({ database });
  metrics.observe(app);
  await registerSecurityHeaders(app, {
    inlineStyleHashes: readInlineHashes(config.STATIC_DIR, 'styles'),
    inlineScriptHashes: readInlineHashes(config.STATIC_DIR, 'scripts'),
  });
  await registerRateLimit(app, database.db);
  const sessions = new SessionCache({ database, config, log: app.log });
  await sessions.start();
  app.addHook('onClose', () => sessions.close());
  installAuth(app, sessions);
  // Before the routes: every money-moving route is registered with what it moves, and checked for a step-up.
  const rp = relyingPartyOf(config);
  const stepUpRequestOf = installStepUp(app, { db: database.db, rp });
  installStaffAuth(app, database.db);
  // Before the routes: the OpenAPI document is generated from every route registered after it.
  await registerOpenApi(app);

  const deps: RouteDeps = { db: database.db, config, mailer: mailer ?? createMailer(config, app.log) };
  await app.register(healthRoutes, deps);
  await app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN });
  await app.register(referenceRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(userLanguageRoutes, deps);
  await app.register(passkeyRoutes, { ...deps, rp, stepUpRequestOf });
  await app.register(passwordResetRoutes, deps);
  await app.register(phoneVerificationRoutes, { ...deps, sms: sms ?? createSms(config, app.log) });
  await app.register(identificationRoutes, deps);
  await app.register(tierRoutes, deps);
  await app.register(upgradeRoutes, {
    ...deps,
    identityRegister: identityRegister ?? sandboxIdentityRegister,
  });

  const wallet: WalletModule = createWalletModule({
    db: database.db,
    sandboxDb: database.asyncCommitDb,
    config,
    log: app.log,
    provider,
    // The sandbox's callbacks take the webhook route's own path (HMAC signature check, parsing, applyEvent)
    // without the HTTP pipeline around it (hooks, headers, serialization): the route's tests cover that part.
    deliverWebhook: async (rawBody, signature) => {
      await receiveProviderCallback(wallet, Buffer.from(rawBody), signature);
    },
  });
  app.decorate('wallet', wallet);
  app.addHook('onClose', () => wallet.worker.stop());
  await app.register(walletRoutes, { ...deps, wallet });
  await app.register(beneficiaryRoutes, { ...deps, provider: wallet.provider });
  await app.register(transferRoutes, { ...deps, wallet });
  await app.register(transactionHistoryRoutes, deps);
  await app.register(bettingRoutes, { ...deps, wallet });
  await app.register(partnerRoutes, deps);

  await app.register(shopRoutes, { ...deps, wallet });

  await app.register(billingRoutes, {
    ...deps,
    wallet,
    billerRail:
      billerRail ??
      createSandboxBillerRail({
        db: database.asyncCommitDb ?? database.db,
        decisionMs: config.SANDBOX_DECISION_MS,
      }),
  });
  await app.register(providerWebhookRoutes, { wallet });
  await app.register(opsRoutes, deps);
  await app.register(opsMonitoringRoutes, { ...deps, wallet });

  const jobs = new JobScheduler({ db: database.db, log: app.log });
  jobs.add({ name: 'provider-poll', everyMs: config.PROVIDER_POLL_MS, run: () => wallet.worker.pollPass() });
  jobs.add({
    name: 'purge',
    everyMs: config.PURGE_EVERY_MS,
    run: async () => {
      await purgeExpired(database.db, config, app.log);
    },
  });
  jobs.add(ledgerCheckJob(database.db, app.log));
  jobs.add(holdEscalationJob(database.db, app.log, config.MONITORING_ESCALATION_MINUTES));
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());

  await registerStaticFiles(app, config.STATIC_DIR);
  return app;
};
