import { z } from 'zod';

/** Every domain event travels in this envelope; `id` is the dedupe key for consumers. */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  occurredAt: z.iso.datetime(),
  payload: z.unknown(),
});
export interface EventEnvelope<TPayload = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  payload: TPayload;
}

/** Declares an event once: its type name and the schema of its payload. */
export interface EventDefinition<TPayload> {
  type: string;
  schema: z.ZodType<TPayload>;
}
export function defineEvent<TSchema extends z.ZodType>(
  type: string,
  schema: TSchema,
): EventDefinition<z.infer<TSchema>> {
  return { type, schema: schema as z.ZodType<z.infer<TSchema>> };
}
