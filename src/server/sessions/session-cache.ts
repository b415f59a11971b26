import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { tokenHash } from '../crypto';
import type { Database, NotificationListener } from '../db/client';
import {
  findSessionByTokenHash,
  isSessionAlive,
  isTokenShaped,
  touchSession,
  type SessionRow,
  type SessionTimes,
} from '../routes/user/users-repository';

/** The channel the sessions table's trigger (migration 0016) and the hosts' pings speak on. */
export const SESSION_CHANNEL = 'session_events';

export interface SessionCacheOptions {
  database: Pick<Database, 'db' | 'listen'>;
  config: SessionTimes;
  log: FastifyBaseLogger;
  /** The longest a revoked token may still be served (default 1 s). */
  maxStalenessMs?: number;
  /** How often a host pings itself through the channel (PostgreSQL; default maxStalenessMs / 4). */
  pingMs?: number;
  /** How long after a lost LISTEN connection it is opened again (default 1 s). */
  reconnectMs?: number;
  /** Live sessions kept at most (the oldest entry makes room; default 100,000). */
  maxEntries?: number;
}

/**
 * Live sessions in memory, so ValidateToken and every protected request cost no query. A cached session is
 * forgotten on every host when its row changes (the trigger's NOTIFY: logout, password reset, an operator's SQL)
 * and checked against its idle and absolute expiry on every use; a session that looks expired here is read again
 * (another host may have recorded newer activity).
 *
 * Trust is earned, not assumed. On PostgreSQL a host pings itself on the channel every `pingMs`; notifications
 * arrive in commit order, so once the ping sent at time P is back, every change committed before P has been
 * applied. The cache answers only while its last returned ping is younger than `maxStalenessMs`: a revoked token
 * is never served longer than that. When the LISTEN connection is lost, pings stop coming back, or the database
 * has no notifications, the cache is emptied and every lookup reads the database until trust returns.
 * PGlite delivers notifications in-process as the statement commits: trusted while listening, no pings.
 */
export class SessionCache {
  private readonly entries = new Map<string, SessionRow>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly hostId = randomUUID();
  private readonly maxStalenessMs: number;
  private readonly pingMs: number;
  private readonly reconnectMs: number;
  private readonly maxEntries: number;
  private listener: NotificationListener | null = null;
  /** The send time of the newest own ping received back; trusted while younger than maxStalenessMs. */
  private confirmedAt = 0;
  /** Bumped by every invalidation: a lookup that raced one does not cache what it read. */
  private generation = 0;
  private timers: NodeJS.Timeout[] = [];
  private closed = false;

  constructor(private readonly options: SessionCacheOptions) {
    this.maxStalenessMs = options.maxStalenessMs ?? 1_000;
    this.pingMs = options.pingMs ?? Math.max(50, Math.floor(this.maxStalenessMs / 4));
    this.reconnectMs = options.reconnectMs ?? 1_000;
    this.maxEntries = options.maxEntries ?? 100_000;
  }

  /** Opens the LISTEN connection (a failure is logged and retried; lookups read the database meanwhile). */
  async start(): Promise<void> {
    await this.connect();
    if (!this.options.database.listen) return;
    const ping = setInterval(() => void this.ping(), this.pingMs);
    ping.unref();
    this.timers.push(ping);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
    const listener = this.listener;
    this.listener = null;
    this.forgetAll();
    await listener?.close();
  }

  /** Whether the cache may answer now. */
  trusted(now = Date.now()): boolean {
    const listener = this.listener;
    if (!listener) return false;
    return listener.inProcess || now - this.confirmedAt <= this.maxStalenessMs;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The token's live session, from memory when trusted, else from the database. Never writes. */
  async find(token: string, now = new Date()): Promise<SessionRow | null> {
    if (!isTokenShaped(token)) return null;
    const hash = tokenHash(token);
    const { config } = this.options;
    if (this.trusted()) {
      const cached = this.entries.get(hash);
      if (cached && isSessionAlive(cached, config, now)) return cached;
    }
    const generation = this.generation;
    const session = await findSessionByTokenHash(this.options.database.db, hash);
    if (!session || !isSessionAlive(session, config, now)) {
      this.forget(hash);
      return null;
    }
    if (generation === this.generation && this.trusted()) this.remember(hash, session);
    return session;
  }

  /** Records activity (at most once a minute per session, as touchSession decides) and keeps the copy in step. */
  async touch(session: SessionRow, now = new Date()): Promise<void> {
    // The copy follows what was written, so the next write is due a minute after this one, not after the last use.
    if (await touchSession(this.options.database.db, session, now)) session.lastSeenAt = now;
  }

  private remember(hash: string, session: SessionRow): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(hash)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.entries.set(hash, session);
    let hashes = this.byUser.get(session.userId);
    if (!hashes) this.byUser.set(session.userId, (hashes = new Set()));
    hashes.add(hash);
  }

  private forget(hash: string): void {
    const session = this.entries.get(hash);
    if (!session) return;
    this.entries.delete(hash);
    const hashes = this.byUser.get(session.userId);
    hashes?.delete(hash);
    if (hashes?.size === 0) this.byUser.delete(session.userId);
  }

  private forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  /** 'session:<userId>:<sessionId>' from the trigger, 'ping:<hostId>:<sentAt>' from a host. */
  private onMessage(payload: string): void {
    const [kind, first, second] = payload.split(':');
    if (kind === 'ping') {
      if (first === this.hostId) this.confirmedAt = Math.max(this.confirmedAt, Number(second));
      return;
    }
    if (kind !== 'session') {
      this.forgetAll();
      return;
    }
    this.forgetSession(Number(first), Number(second));
  }

  /**
   * A session this host just ended (log-out): forgotten at once, not when its notification comes back, so the same
   * host never honours it again, not even for the notification's round trip.
   */
  forgetSession(userId: number, sessionId: number): void {
    this.generation += 1;
    for (const hash of [...(this.byUser.get(userId) ?? [])]) {
      if (this.entries.get(hash)?.id === sessionId) this.forget(hash);
    }
  }

  /** Every session of a user this host just ended (password reset), forgotten at once. */
  forgetUser(userId: number): void {
    this.generation += 1;
    for (const hash of [...(this.byUser.get(userId) ?? [])]) this.forget(hash);
  }

  private async connect(): Promise<void> {
    const { database, log } = this.options;
    if (this.closed || !database.listen) return;
    try {
      const listener = await database.listen(SESSION_CHANNEL, {
        onMessage: (payload) => this.onMessage(payload),
        onLost: (error) => {
          log.warn({ err: error }, 'session notifications lost: reading sessions from the database');
          this.listener = null;
          this.forgetAll();
          this.scheduleReconnect();
        },
      });
      if (this.closed) {
        await listener.close();
        return;
      }
      // Whatever changed while nobody listened is unknown: start empty.
      this.forgetAll();
      this.listener = listener;
      if (!listener.inProcess) void this.ping();
    } catch (error) {
      log.warn({ err: error }, 'session notifications unavailable: reading sessions from the database');
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers = this.timers.filter((t) => t !== timer);
      void this.connect();
    }, this.reconnectMs);
    timer.unref();
    this.timers.push(timer);
  }

  private async ping(): Promise<void> {
    if (!this.listener || this.listener.inProcess) return;
    const sentAt = Date.now();
    try {
      await this.options.database.db.execute(
        sql`select pg_notify(${SESSION_CHANNEL}, ${`ping:${this.hostId}:${sentAt}`})`,
      );
    } catch {
      // No ping back: the cache stops trusting itself within maxStalenessMs.
    }
  }
}
