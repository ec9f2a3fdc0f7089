import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Access tokens are ES256 (ECDSA P-256): identity holds the private keys, gateways only the public ones. */
export const ACCESS_TOKEN_ALGORITHM = 'ES256';
export const ACCESS_TOKEN_ISSUER = 'runpledge-identity';
export const ACCESS_TOKEN_AUDIENCE = 'runpledge-gateway';

export interface SigningKey {
  kid: string;
  privateKeyPem: string;
}

/** Public keys by key id, as PEM (what passport-jwt's verifier takes). */
export type VerificationKeys = ReadonlyMap<string, string>;

type Jwk = JsonWebKey & { kid?: string };

/** What identity's validated configuration says of its keys. */
export interface AccessTokenKeyConfig {
  NODE_ENV?: string;
  ACCESS_TOKEN_KEYS?: string;
  /** Where the development key set is kept; unset: `.runtime/access-token-keys.json`. */
  ACCESS_TOKEN_DEV_KEYS_FILE?: string;
}

/** A public EC P-256 JWK with its key id. */
export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: string;
}

const DEFAULT_DEV_KEYS_FILE = fileURLToPath(new URL('../../../../.runtime/access-token-keys.json', import.meta.url));

/** A fresh P-256 key as a private JWK with a random key id (what `ACCESS_TOKEN_KEYS` lists). */
export function generateAccessTokenKey(): Jwk {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: ACCESS_TOKEN_ALGORITHM };
}

function parseJwkList(raw: string, variable: string): Jwk[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${variable} must be a JSON array of JWKs`);
  }
  const keys = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown })?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new Error(`${variable} must list at least one key`);
  for (const key of keys as Jwk[]) {
    if (typeof key?.kid !== 'string' || !key.kid) throw new Error(`${variable}: every key needs a "kid"`);
    if (key.kty !== 'EC' || key.crv !== 'P-256') throw new Error(`${variable}: key ${key.kid} is not an EC P-256 key`);
  }
  return keys as Jwk[];
}

/**
 * The development key set, generated once and shared by the processes of this checkout through a
 * file (written atomically: identity and the gateway may start at the same moment).
 */
export function loadOrCreateDevKeys(file = DEFAULT_DEV_KEYS_FILE): Jwk[] {
  try {
    return parseJwkList(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = generateAccessTokenKey();
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temp, JSON.stringify([key]), { mode: 0o600 });
  } catch {
    // A read-only file system (a development container): a key of this process only. Access tokens
    // another process cannot verify still work, at the cost of a refresh through identity each time.
    return [key];
  }
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temp);
  }
  return parseJwkList(readFileSync(file, 'utf8'), file);
}

function privateJwks(config: AccessTokenKeyConfig): Jwk[] {
  if (config.ACCESS_TOKEN_KEYS) return parseJwkList(config.ACCESS_TOKEN_KEYS, 'ACCESS_TOKEN_KEYS');
  if (config.NODE_ENV === 'production') throw new Error('ACCESS_TOKEN_KEYS must be set in production');
  return loadOrCreateDevKeys(config.ACCESS_TOKEN_DEV_KEYS_FILE || DEFAULT_DEV_KEYS_FILE);
}

/** Identity's signing key: the first of `ACCESS_TOKEN_KEYS` (the others are being rotated out). */
export function loadSigningKey(config: AccessTokenKeyConfig): SigningKey {
  const [current] = privateJwks(config);
  if (!current?.d) throw new Error('ACCESS_TOKEN_KEYS: the first key must be a private key (with "d")');
  const privateKeyPem = createPrivateKey({ key: current, format: 'jwk' }).export({ type: 'pkcs8', format: 'pem' });
  return { kid: current.kid!, privateKeyPem: String(privateKeyPem) };
}

/** The public halves of identity's keys (`ACCESS_TOKEN_KEYS` or the development set): what `identity.keys.list` answers. */
export function publicAccessTokenJwks(config: AccessTokenKeyConfig): PublicJwk[] {
  return privateJwks(config).map((jwk) => {
    const { d: _private, ...rest } = jwk;
    const publicJwk = createPublicKey({ key: rest, format: 'jwk' }).export({ format: 'jwk' });
    return {
      kty: 'EC',
      crv: 'P-256',
      x: String(publicJwk.x),
      y: String(publicJwk.y),
      kid: jwk.kid!,
      alg: ACCESS_TOKEN_ALGORITHM,
    };
  });
}

/** Public JWKs by key id as PEM (what passport-jwt's verifier takes); a key that is not EC P-256 is refused. */
export function verificationKeysOf(jwks: readonly Jwk[]): Map<string, string> {
  return new Map(
    jwks.map((jwk) => {
      if (typeof jwk.kid !== 'string' || jwk.kty !== 'EC' || jwk.crv !== 'P-256') {
        throw new Error(`access token key ${String(jwk.kid)} is not an EC P-256 key with a kid`);
      }
      const { d: _private, ...publicJwk } = jwk;
      const pem = createPublicKey({ key: publicJwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
      return [jwk.kid, String(pem)];
    }),
  );
}

/**
 * The keys a gateway accepts before it has asked identity (which publishes its own through
 * `identity.keys.list`): `ACCESS_TOKEN_PUBLIC_KEYS` when set (public JWKs, pinned by the deployment),
 * else none.
 */
export function loadVerificationKeys(config: { ACCESS_TOKEN_PUBLIC_KEYS?: string }): VerificationKeys {
  if (!config.ACCESS_TOKEN_PUBLIC_KEYS) return new Map();
  return verificationKeysOf(parseJwkList(config.ACCESS_TOKEN_PUBLIC_KEYS, 'ACCESS_TOKEN_PUBLIC_KEYS'));
}
