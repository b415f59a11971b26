/**
 * A software WebAuthn authenticator for tests (issue 26): real registration and assertion payloads, made with
 * node:crypto's P-256 keys (ES256), attestation 'none', as a phone's platform authenticator would send them
 * through the browser (RegistrationResponseJSON / AuthenticationResponseJSON, base64url fields).
 *
 *   const authenticator = new SoftwareAuthenticator({ origin: 'http://localhost:3000' });
 *   const response = authenticator.register(optionsFromTheServer);          // to RegisterPasskey
 *   const assertion = authenticator.assert(requestOptionsFromTheServer);   // to PasskeyLogIn, or Step-Up-Proof
 *
 * Each credential keeps its signature counter (+1 per assertion); `assert(options, { counter })` signs another
 * value (a replay), `{ origin }` claims another origin, `{ credentialId }` chooses the credential.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/* A minimal CBOR encoder: what attestation objects and COSE keys need (ints, byte and text strings, maps). */

const head = (major: number, value: number): Buffer => {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) {
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(value, 1);
    return out;
  }
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
};

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

export const cbor = (value: CborValue): Buffer => {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, entry] of value) parts.push(cbor(key), cbor(entry));
  return Buffer.concat(parts);
};

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array): string => Buffer.from(data).toString('base64url');

/** The COSE_Key of a P-256 public key (kty EC2, alg ES256, crv P-256, x, y). */
const coseKeyOf = (publicKey: KeyObject): Buffer => {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<CborValue, CborValue>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
};

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftwareCredential {
  id: string;
  rpId: string;
  /** base64url, as the server gave it in the creation options. */
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

export interface AuthenticatorSettings {
  /** The origin the "browser" writes in clientDataJSON. */
  origin: string;
  /** Whether the user was verified (fingerprint, face, PIN): true by default. */
  userVerified?: boolean;
}

/** The parts of creation options the authenticator reads. */
export interface CreationOptionsLike {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

/** The parts of request options the authenticator reads. */
export interface RequestOptionsLike {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export interface AssertOverrides {
  origin?: string;
  credentialId?: string;
  /** Sign this counter value instead of the next one (a replayed or cloned authenticator). */
  counter?: number;
  /** Sign for another relying party id. */
  rpId?: string;
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  constructor(private readonly settings: AuthenticatorSettings) {}

  private flags(extra = 0): number {
    return FLAG_UP | (this.settings.userVerified === false ? 0 : FLAG_UV) | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin?: string): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: origin ?? this.settings.origin, crossOrigin: false }),
      'utf8',
    );
  }

  /**
   * A new credential for the options' user (or `overrides.credential` again: an authenticator registered twice),
   * and the RegistrationResponseJSON the browser would send.
   */
  register(
    options: CreationOptionsLike,
    overrides: { origin?: string; credential?: SoftwareCredential } = {},
  ) {
    const rpId = options.rp.id ?? new URL(this.settings.origin).hostname;
    const { privateKey, publicKey } =
      overrides.credential ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = overrides.credential ? Buffer.from(overrides.credential.id, 'base64url') : randomBytes(16);
    const credential: SoftwareCredential = overrides.credential ?? {
      id: b64url(rawId),
      rpId,
      userHandle: options.user.id,
      privateKey,
      publicKey,
      counter: 0,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      Buffer.alloc(4), // signCount 0
      Buffer.alloc(16), // AAGUID: none
      idLength,
      rawId,
      coseKeyOf(publicKey),
    ]);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    if (!overrides.credential) this.credentials.push(credential);
    return {
      credential,
      response: {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, overrides.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal' as const],
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      },
    };
  }

  /** An AuthenticationResponseJSON for the options, signed by the chosen (else first allowed, else first) credential. */
  assert(options: RequestOptionsLike, overrides: AssertOverrides = {}) {
    const allowed = options.allowCredentials?.map(({ id }) => id) ?? [];
    const credential =
      this.credentials.find(({ id }) => id === overrides.credentialId) ??
      (overrides.credentialId === undefined
        ? this.credentials.find(({ id }) => allowed.length === 0 || allowed.includes(id))
        : undefined);
    if (!credential) throw new Error('the software authenticator has no credential for these options');
    const counter = overrides.counter ?? credential.counter + 1;
    credential.counter = Math.max(credential.counter, counter);
    const signCount = Buffer.alloc(4);
    signCount.writeUInt32BE(counter);
    const rpId = overrides.rpId ?? options.rpId ?? credential.rpId;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags()]), signCount]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
