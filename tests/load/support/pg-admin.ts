import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The URL of database `name` on the server of `serverUrl` (same host, port, user and options). */
export const databaseUrl = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** `work` on a connection of its own to `url`, closed afterwards. */
export const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new empty database `<prefix>_<random>` on the server of `serverUrl`; drop() removes it (forcing sessions out). */
export const createScratchDatabase = async (serverUrl: string, prefix: string): Promise<ScratchDatabase> => {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () =>
      withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
};
