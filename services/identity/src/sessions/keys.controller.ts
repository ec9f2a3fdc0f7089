import { Controller } from '@nestjs/common';
import { IDENTITY, type AccessTokenKeySet } from '@runpledge/contracts';
import { publicAccessTokenJwks, RpcHandler } from '@runpledge/server-kit';
import { env } from '../config/env.js';

/** Publishes the public halves of the signing keys, so gateways need no copy of them in their configuration. */
@Controller()
export class KeysController {
  private readonly keySet: AccessTokenKeySet = { keys: publicAccessTokenJwks(env) };

  @RpcHandler(IDENTITY.keys.list)
  list(): AccessTokenKeySet {
    return this.keySet;
  }
}
