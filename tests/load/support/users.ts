import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import pg from 'pg';
import { dataOf, messageOf, request, type Answer } from './http';
import type { ClientRecord } from './invariants';

/** The smallest valid PNG (1x1, transparent): the upload endpoint sniffs the type from these bytes. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export interface LoadUser {
  userId: number;
  email: string;
  token: string;
  /** The user's beneficiaries for each kind of transfer (prepareTransfers), when the load sends money. */
  transfers?: TransferTargets;
}

/** Beneficiary ids: MoMo and bank ones the sandbox pays out, ones whose payout fails (000001), and an on-us one. */
export interface TransferTargets {
  momo: number;
  momoFail: number;
  bank: number;
  bankFail: number;
  /** A MoMo beneficiary whose number is another load user's verified phone: paid wallet to wallet. */
  onUs: { beneficiaryId: number; userId: number } | null;
}

const expectStatus = (answer: Answer, status: number, what: string): void => {
  if (answer.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 400)}`);
  }
};

/** Every load user's password (the cross-host checks log in again). */
export const LOAD_PASSWORD = 'Akwaaba2026';

/** Signs a user up, logs in, and adds a Ghana Card with an uploaded image (money endpoints need one). */
export const createUserWithIdentification = async (baseUrl: string, label: string): Promise<LoadUser> => {
  const email = `load.${label}.${randomBytes(4).toString('hex')}@example.com`;
  const password = LOAD_PASSWORD;
  const signUp = await request(baseUrl, {
    method: 'POST',
    path: '/api/User/UserRegistration',
    json: {
      email,
      phoneCode: '+233',
      phoneNumber: `24${randomInt(1_000_000, 9_999_999)}`,
      firstName: 'Ama',
      middleName: '',
      lastName: 'Mensah',
      createPassword: password,
      confirmPassword: password,
      countryId: 1,
    },
  });
  expectStatus(signUp, 201, `sign up ${email}`);
  const logIn = await request(baseUrl, {
    method: 'POST',
    path: '/api/User/UserLogin',
    json: { email, password },
  });
  expectStatus(logIn, 200, `log in ${email}`);
  const { token, userDetails } = dataOf<{ token: string; userDetails: { id: number } }>(logIn) ?? {
    token: '',
    userDetails: { id: 0 },
  };

  const form = new FormData();
  form.append('image', new Blob([TINY_PNG], { type: 'image/png' }), 'ghana-card.png');
  const upload = await request(baseUrl, {
    method: 'POST',
    path: '/api/Transaction/UploadIdentificationImage',
    token,
    form,
  });
  expectStatus(upload, 201, `upload identification image for ${email}`);
  const imageId = dataOf<{ imageId: string }>(upload)?.imageId ?? '';
  const year = new Date().getUTCFullYear();
  const add = await request(baseUrl, {
    method: 'POST',
    path: '/api/Transaction/AddUserIdentification',
    token,
    json: {
      userId: userDetails.id,
      identificationId: 1,
      identificationNumber: String(randomInt(1_000_000_000, 9_999_999_999)),
      issuedDate: `${year - 2}-03-15`,
      expiryDate: `${year + 5}-03-15`,
      countryId: 1,
      stateId: 1,
      cityId: 1,
      imgUrl: imageId,
    },
  });
  expectStatus(add, 201, `add identification for ${email}`);
  return { userId: userDetails.id, email, token };
};

export const CARD_APPROVED = '4242424242424242';
export const CARD_DECLINED = '4000000000000002';
export const CARD_INSUFFICIENT = '4000000000009995';

export const cardTopUpBody = (userId: number, amountMinor: number, cardNumber = CARD_APPROVED) => ({
  userId,
  amount: amountMinor / 100,
  firstName: 'Ama',
  lastName: 'Mensah',
  cardNumber,
  cvv: '123',
  expiryMonth: 12,
  expiryYear: new Date().getUTCFullYear() + 3,
});

/**
 * Funds a wallet by approved card top-ups (whole cedis, in chunks within the operation limit), returning the
 * clients' records of them so the balance model includes the funding.
 */
export const fundByCard = async (
  baseUrl: string,
  user: LoadUser,
  amountMinor: number,
): Promise<ClientRecord[]> => {
  const records: ClientRecord[] = [];
  const chunk = 5_000_000; // GH₵ 50,000, under the GH₵ 100,000 operation limit
  for (let left = amountMinor; left > 0; left -= chunk) {
    const part = Math.min(chunk, left);
    const key = randomUUID();
    const answer = await request(baseUrl, {
      method: 'POST',
      path: '/api/User/AddFundsToWallet',
      token: user.token,
      idempotencyKey: key,
      json: cardTopUpBody(user.userId, part),
    });
    const data = dataOf<{ referenceNumber?: string; status?: string }>(answer);
    if (answer.status !== 200 || data?.status !== 'Successful' || !data.referenceNumber) {
      throw new Error(
        `funding ${user.email}: ${answer.status} ${messageOf(answer) ?? ''} ${answer.text.slice(0, 300)}`,
      );
    }
    records.push({
      userId: user.userId,
      key,
      kind: 'card_top_up',
      direction: 'Credit',
      amountMinor: part,
      answerStatus: 200,
      referenceNumber: data.referenceNumber,
      finalStatus: 'Successful',
      expected: 'Successful',
    });
  }
  return records;
};

/** A load user's verified phone (E.164), unique per user id. */
const verifiedPhoneOf = (userId: number) => `+2332${String(userId).padStart(8, '0')}`;

/**
 * Gives every user a verified phone and beneficiaries for every kind of transfer, straight in the database (the
 * beneficiary routes belong to another area of the API; the SMS check is what sets verified_phone): each user's
 * on-us beneficiary is the next user's verified number.
 */
export const prepareTransfers = async (databaseUrl: string, users: LoadUser[]): Promise<void> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const user of users) {
      await client.query('update users set verified_phone = $1 where id = $2', [
        verifiedPhoneOf(user.userId),
        user.userId,
      ]);
    }
    const beneficiary = async (
      userId: number,
      values: { phone?: string; bankId?: number; accountNo?: string },
    ) => {
      const mobile = values.phone !== undefined;
      const { rows } = await client.query<{ id: number }>(
        `insert into beneficiaries (user_id, type, first_name, last_name, phone, country_id, network, bank_id, account_no, account_name)
         values ($1, $2, 'Kofi', 'Boateng', $3, 1, $4, $5, $6, 'Kofi Boateng') returning id`,
        [
          userId,
          mobile ? 'mobile' : 'bank',
          values.phone ?? '',
          mobile ? 'MTN' : null,
          values.bankId ?? null,
          values.accountNo ?? null,
        ],
      );
      return rows[0]!.id;
    };
    const digits = (count: number) => Array.from({ length: count }, () => randomInt(0, 10)).join('');
    for (const [index, user] of users.entries()) {
      const next = users[(index + 1) % users.length]!;
      user.transfers = {
        momo: await beneficiary(user.userId, { phone: `+23324${digits(6)}${randomInt(5, 10)}` }),
        momoFail: await beneficiary(user.userId, { phone: '+233240000001' }),
        bank: await beneficiary(user.userId, {
          bankId: randomInt(1, 25),
          accountNo: `10${digits(9)}${randomInt(5, 10)}`,
        }),
        bankFail: await beneficiary(user.userId, {
          bankId: randomInt(1, 25),
          accountNo: `10${digits(4)}000001`,
        }),
        onUs:
          next === user
            ? null
            : {
                beneficiaryId: await beneficiary(user.userId, { phone: verifiedPhoneOf(next.userId) }),
                userId: next.userId,
              },
      };
    }
  } finally {
    await client.end();
  }
};
