/**
 * The crash test's child (tests/load/commit-batcher.test.ts): postings of 8 wallets through the commit batcher,
 * as fast as they go, each batch pausing a few milliseconds between its statements and its COMMIT (so a kill -9
 * lands there often). Prints `ack <description>` once a posting's batch has committed (what a request would then
 * answer) and `pending <size>` when a batch reaches its COMMIT. Argv: database URL, comma-separated user ids.
 * One lane: the batch waiting for its COMMIT is then the only one in flight, and every earlier batch's postings were
 * acknowledged before it started (with two, the other lane's COMMIT could land just before the kill, committed but
 * never acknowledged: a legitimate outcome a retry with its key settles, but not this test's question).
 */
import { accountCodes, LedgerAccounts } from '../../../src/server/ledger/accounts';
import { postTransaction } from '../../../src/server/ledger/posting';
import { openBatched } from './batch-ledger';

const [url, idList] = process.argv.slice(2);
if (!url || !idList) throw new Error('usage: batch-crash-child <url> <ids>');
const ids = idList.split(',').map(Number);
const database = openBatched(url, {
  maxBatch: 16,
  lanes: 1,
  windowMs: 1,
  beforeCommit: async (size) => {
    process.stdout.write(`pending ${size}\n`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  },
});
const accounts = new LedgerAccounts();
let sequence = 0;

const client = async (userId: number): Promise<never> => {
  for (;;) {
    sequence += 1;
    const description = `crash-${process.pid}-${sequence}`;
    await postTransaction(database.db, accounts, {
      operationId: null,
      description,
      entries: [
        { accountCode: accountCodes.wallet(userId), amountMinor: 100 },
        { accountCode: accountCodes.cardClearing(), amountMinor: -100 },
      ],
    });
    process.stdout.write(`ack ${description}\n`);
  }
};

await Promise.all(ids.flatMap((id) => [client(id), client(id)]));
