import { BadRequestException } from '@nestjs/common';
import type { z } from 'zod';

/** Validates at the edge with the contracts schema; the first failing rule's message is the answer. */
export function parseOrThrow<TSchema extends z.ZodType>(schema: TSchema, value: unknown): z.infer<TSchema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new BadRequestException(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}
