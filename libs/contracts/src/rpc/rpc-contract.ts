import { z } from 'zod';
import { successSchema } from '../http/success.js';

/**
 * One request-reply pattern's contract: what the caller sends (validated by the handler) and what
 * the handler answers. A service's table maps each of its patterns to one; the gateway's client and
 * the service's handlers take their types from it, so a mismatch fails `tsc`.
 */
export interface RpcContract<TRequest extends z.ZodType = z.ZodType, TResponse extends z.ZodType = z.ZodType> {
  readonly request: TRequest;
  readonly response: TResponse;
}
export type RpcTable = Readonly<Record<string, RpcContract>>;

export function rpcContract<TRequest extends z.ZodType, TResponse extends z.ZodType>(
  request: TRequest,
  response: TResponse,
): RpcContract<TRequest, TResponse> {
  return { request, response };
}

/** What a caller may send for a contract (the schema's input: defaults may be left out). */
export type RpcRequest<C extends RpcContract> = z.input<C['request']>;
/** What the handler of a contract answers. */
export type RpcResponse<C extends RpcContract> = z.output<C['response']>;

/** The answer of a command that returns nothing else (the same schema as the HTTP `{ success: true }`). */
export const rpcSuccessSchema = successSchema;
/** A request without fields (a ping, a list). */
export const emptyRequestSchema = z.object({}).strict();

/** Both ways assignable: a schema and a hand-written interface describe the same shape. */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
