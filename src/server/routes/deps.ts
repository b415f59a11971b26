import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail';

/** What every route module gets from buildApp. */
export interface RouteDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}
