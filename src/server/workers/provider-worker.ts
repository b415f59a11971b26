import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { pendingOperations, type PendingCursor } from '../ledger/operations';
import type { WalletService } from '../ledger/wallet-service';
import type { PaymentProvider } from '../providers/provider';

export interface WorkerRunOptions {
  /** The worker's clock (tests move it forward to expire requests). */
  now?: Date;
  /**
   * Only operations at least this old are checked (default PROVIDER_POLL_MS: a callback gets one period to arrive
   * before the provider is asked).
   */
  minAgeMs?: number;
  /** A reference the provider never received is cancelled once its operation is this old. */
  unknownAfterMs?: number;
}

export interface WalletWorker {
  /** One pass: the sandbox sends its due callbacks, then pending operations are checked with the provider. */
  runOnce(options?: WorkerRunOptions): Promise<void>;
  /**
   * Another pass run after each check of pending operations (in runOnce and on the poll period): work that follows
   * from resolved operations (a transfer cart whose card or MoMo collection succeeded is paid out).
   */
  addPass(pass: () => Promise<void>): void;
  /**
   * The periodic pass: pending operations checked with the provider, then the other passes. Run by the scheduled
   * job 'provider-poll' (one host at a time), not by start().
   */
  pollPass(): Promise<void>;
  /**
   * Starts the sandbox's decisions on this host (every host runs them: each due decision is claimed by one host
   * with FOR UPDATE SKIP LOCKED, so it is made and reported once).
   */
  start(): void;
  stop(): Promise<void>;
}

const DEFAULT_UNKNOWN_AFTER_MS = 30_000;
const BATCH = 200;
/** The sandbox decides on its own clock; its callbacks are due more often than the provider is polled. */
const SANDBOX_TICK_MS = 250;

export const createWalletWorker = ({
  db,
  service,
  provider,
  config,
  log,
}: {
  db: Db;
  service: WalletService;
  provider: PaymentProvider;
  config: Pick<Config, 'PROVIDER_POLL_MS' | 'SANDBOX_MOMO_EXPIRY_MS'>;
  log: FastifyBaseLogger;
}): WalletWorker => {
  const pollPending = async ({
    now = new Date(),
    minAgeMs = config.PROVIDER_POLL_MS,
    unknownAfterMs = DEFAULT_UNKNOWN_AFTER_MS,
  }: WorkerRunOptions): Promise<void> => {
    const createdBefore = new Date(now.getTime() - minAgeMs);
    let cursor: PendingCursor | null = null;
    for (;;) {
      const operations = await pendingOperations(db, createdBefore, BATCH, cursor);
      for (const operation of operations) {
        try {
          await service.checkPending(operation, {
            now,
            momoExpiryMs: config.SANDBOX_MOMO_EXPIRY_MS,
            unknownAfterMs,
          });
        } catch (error) {
          log.error({ err: error, reference: operation.referenceNumber }, 'pending operation check failed');
        }
      }
      const last = operations.at(-1);
      if (!last || operations.length < BATCH) return;
      cursor = { createdAt: last.createdAt, id: last.id };
    }
  };

  const passes: (() => Promise<void>)[] = [];
  const runPasses = async (): Promise<void> => {
    for (const pass of passes) {
      try {
        await pass();
      } catch (error) {
        log.error({ err: error }, 'wallet worker pass failed');
      }
    }
  };

  const runOnce = async (options: WorkerRunOptions = {}): Promise<void> => {
    await provider.tick?.();
    await pollPending(options);
    await runPasses();
  };

  const cancels: (() => void)[] = [];
  const running = new Set<Promise<void>>();
  let stopped = true;

  /** Runs `task` every `everyMs`, never two at once, until stopped. */
  const every = (everyMs: number, task: () => Promise<void>) => {
    let timer: NodeJS.Timeout | undefined;
    cancels.push(() => clearTimeout(timer));
    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(() => {
        const run = task()
          .catch((error: unknown) => log.error({ err: error }, 'wallet worker pass failed'))
          .finally(() => {
            running.delete(run);
            schedule();
          });
        running.add(run);
      }, everyMs);
      timer.unref();
    };
    schedule();
  };

  return {
    runOnce,
    async pollPass() {
      await pollPending({});
      await runPasses();
    },
    addPass(pass) {
      passes.push(pass);
    },
    start() {
      if (!stopped) return;
      stopped = false;
      if (provider.tick) every(SANDBOX_TICK_MS, () => provider.tick?.() ?? Promise.resolve());
    },
    async stop() {
      stopped = true;
      for (const cancel of cancels.splice(0)) cancel();
      await Promise.all(running);
    },
  };
};
