import { MessagePattern } from '@nestjs/microservices';
import { RPC_CONTRACTS, type RpcResponseOf, type TypedRpcPattern } from '@runpledge/contracts';
import { rpcSubject } from './subject.js';

/** The handler of a pattern whose contract is in libs/contracts' RPC tables: the answer it must give. */
type HandlerOf<P extends TypedRpcPattern> = (...args: never[]) => RpcResponseOf<P> | Promise<RpcResponseOf<P>>;

/**
 * `@MessagePattern` on the run's subject for a contracts pattern. For a pattern with a contract
 * (RPC_CONTRACTS) the method must answer its response type, or `tsc` fails.
 */
export function RpcHandler<P extends TypedRpcPattern>(
  pattern: P,
): <M extends HandlerOf<P>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => void;
export function RpcHandler(pattern: string): MethodDecorator;
export function RpcHandler(pattern: string): MethodDecorator {
  return MessagePattern(rpcSubject(pattern));
}

/** Whether `pattern` has a contract in libs/contracts (its request and response are typed). */
export function isTypedRpcPattern(pattern: string): boolean {
  return Object.hasOwn(RPC_CONTRACTS, pattern);
}
