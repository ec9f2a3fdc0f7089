// `npm run -s auth:keys`: prints a new ACCESS_TOKEN_KEYS (a JSON array of private EC P-256 JWKs).
//   --rotate FILE  prints FILE's set with a new key first: identity signs with it, the old ones stay
//                  accepted until the gateways' ACCESS_TOKEN_PUBLIC_KEYS drop them.
//   --public FILE  prints the public halves of FILE's set: ACCESS_TOKEN_PUBLIC_KEYS for the gateways.
import './lib/node-runtime.mjs';
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { generateAccessTokenKey } from '../libs/server-kit/dist/auth/access-token-keys.js';

const [flag, file] = process.argv.slice(2);
const read = () => JSON.parse(readFileSync(file, 'utf8'));
if (flag === '--public') {
  const publicKeys = read().map(({ kid, ...jwk }) => ({
    ...createPublicKey({ key: jwk, format: 'jwk' }).export({ format: 'jwk' }),
    kid,
    alg: 'ES256',
  }));
  console.log(JSON.stringify(publicKeys));
} else if (flag === '--rotate') {
  console.log(JSON.stringify([generateAccessTokenKey(), ...read()]));
} else if (flag === undefined) {
  console.log(JSON.stringify([generateAccessTokenKey()]));
} else {
  console.error('usage: npm run -s auth:keys [-- --rotate FILE | --public FILE]');
  process.exit(2);
}
