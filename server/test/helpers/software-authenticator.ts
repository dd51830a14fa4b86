// A passkey authenticator in software, for the API tests: it makes P-256 credentials and answers the prompts of
// @simplewebauthn/server's options exactly as a browser would hand them over (attestation "none"), so the
// routes run the library's real verification. Options let a test make it misbehave.
import crypto, {type KeyObject} from 'node:crypto';
import {isoCBOR} from '@simplewebauthn/server/helpers';
import type {
  PasskeyAuthenticationOptions,
  PasskeyAuthenticationResponse,
  PasskeyRegistrationOptions,
  PasskeyRegistrationResponse,
} from '@intakekit/contract/schemas/passkeys';

interface Credential {
  id: string;
  rpId: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

const UP = 0x01; // user present
const UV = 0x04; // user verified
const BE = 0x08; // backup eligible
const BS = 0x10; // backed up
const AT = 0x40; // attested credential data follows

export interface Behaviour {
  /** The origin the browser would put in the client data (default: the portal's). */
  origin?: string;
  /** Whether the device checked its user (PIN, biometrics). */
  userVerified?: boolean;
  /** How far the signature counter moves per use; 0 keeps it still (a cloned authenticator's). */
  counterStep?: number;
  synced?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(private readonly behaviour: Behaviour & {origin: string}) {}

  /** navigator.credentials.create(): a new credential for the options' account. */
  create(options: PasskeyRegistrationOptions, override: Behaviour = {}): PasskeyRegistrationResponse {
    const how = {...this.behaviour, ...override};
    const rpId = options.rp.id ?? new URL(how.origin).hostname;
    const {privateKey, publicKey} = crypto.generateKeyPairSync('ec', {namedCurve: 'P-256'});
    const jwk = publicKey.export({format: 'jwk'});
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = crypto.randomBytes(32);
    const flags = UP | AT | (how.userVerified === false ? 0 : UV) | (how.synced ? BE | BS : 0);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), u32(0), Buffer.alloc(16), idLength, id, cose]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientData = {type: 'webauthn.create', challenge: options.challenge, origin: how.origin, crossOrigin: false};
    this.credentials.push({id: b64url(id), rpId, privateKey, userHandle: options.user.id, counter: 0});
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(JSON.stringify(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get(): an assertion by the allowed credential (or the newest, or `credentialId`). */
  get(
    options: PasskeyAuthenticationOptions,
    override: Behaviour & {credentialId?: string} = {},
  ): PasskeyAuthenticationResponse {
    const how = {...this.behaviour, ...override};
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential = [...this.credentials]
      .reverse()
      .find((c) =>
        override.credentialId ? c.id === override.credentialId : !allowed?.length || allowed.includes(c.id),
      );
    if (!credential) throw new Error('The authenticator holds no credential the options allow');
    credential.counter += how.counterStep ?? 1;
    const flags = UP | (how.userVerified === false ? 0 : UV) | (how.synced ? BE | BS : 0);
    const authData = Buffer.concat([
      sha256(options.rpId ?? credential.rpId),
      Buffer.from([flags]),
      u32(credential.counter),
    ]);
    const clientDataJSON = JSON.stringify({type: 'webauthn.get', challenge: options.challenge, origin: how.origin});
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
