import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../providers/provider';
import { createSandboxProvider } from '../../providers/sandbox';
import { createWalletWorker, type WalletWorker } from '../../workers/provider-worker';
import { WalletService } from '../../ledger/wallet-service';

export interface WalletModule {
  service: WalletService;
  provider: PaymentProvider;
  worker: WalletWorker;
}

export interface WalletModuleOptions {
  db: Db;
  /** The built-in sandbox's own records go through these sessions (asynchronous commit; see sandbox.ts). */
  sandboxDb?: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** How the sandbox's signed callbacks reach our webhook handling (signature check included). */
  deliverWebhook: (rawBody: string, signature: string) => Promise<void>;
  /** Another rail (tests, later real adapters); the built-in sandbox by default. */
  provider?: PaymentProvider;
}

export const createWalletModule = ({
  db,
  sandboxDb = db,
  config,
  log,
  deliverWebhook,
  provider,
}: WalletModuleOptions): WalletModule => {
  const rail =
    provider ??
    createSandboxProvider({
      db: sandboxDb,
      webhookSecret: config.WEBHOOK_SECRET,
      decisionMs: config.SANDBOX_DECISION_MS,
      deliverWebhook,
      onDeliveryError: (error) => log.warn({ err: error }, 'sandbox callback not delivered'),
    });
  const service = new WalletService({ db, provider: rail, log });
  const worker = createWalletWorker({ db, service, provider: rail, config, log });
  return { service, provider: rail, worker };
};
