import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where development messages go when no real channel is configured (mail without SMTP_URL, SMS without a gateway). */
export const outboxDir = (dataDir: string): string => path.resolve(dataDir, 'outbox');

/**
 * Writes one message to DATA_DIR/outbox as `<time>-<kind>-<random>.json` (readable by its owner only) and answers
 * the file's path. File names sort by time; the kind tells a mail from an SMS at a glance.
 */
export const writeToOutbox = async (dataDir: string, kind: string, message: object): Promise<string> => {
  const outbox = outboxDir(dataDir);
  await mkdir(outbox, { recursive: true });
  const stamp = new Date().toISOString().replace(/:/g, '-');
  const file = path.join(outbox, `${stamp}-${kind}-${randomBytes(4).toString('hex')}.json`);
  await writeFile(file, `${JSON.stringify(message, null, 2)}\n`, { mode: 0o600 });
  return file;
};
