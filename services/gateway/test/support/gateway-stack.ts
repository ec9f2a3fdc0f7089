import { freePort } from '../../../../scripts/jest/helpers.mjs';
import { startStack } from '../../../../scripts/lib/stack.mjs';

export type Stack = Awaited<ReturnType<typeof startStack>>;
type StackOptions = Omit<Parameters<typeof startStack>[0], 'env' | 'port'>;

const READY_TIMEOUT_MS = Number(process.env.STACK_READY_TIMEOUT_MS) || 240_000;
/** For the beforeAll that starts the stack: its ready time-out and a minute for the file's own set-up. */
export const STACK_START_TIMEOUT_MS = READY_TIMEOUT_MS + 60_000;

/**
 * The whole stack (four services, the gateway, the emulators) for one test file, on a free port,
 * with `env` over this run's environment. Set for the shared, busy test machine: password hashing
 * can outlast the gateway's default 5 s RPC deadline (RPC_TIMEOUT_MS 30 s unless `env` says
 * otherwise), and starting the processes can take minutes (STACK_READY_TIMEOUT_MS, else 240 s).
 */
export async function startGatewayStack(env: Record<string, string> = {}, options: StackOptions = {}): Promise<Stack> {
  return startStack({
    env: { ...process.env, RPC_TIMEOUT_MS: '30000', ...env },
    port: await freePort(),
    readyTimeoutMs: READY_TIMEOUT_MS,
    ...options,
  });
}
