import { NotFoundException } from '@nestjs/common';
import { z } from 'zod';

const uuid = z.uuid();

/** A path id that cannot name any row is simply not found; no need to ask the service. */
export function idOr404(value: string, notFoundMessage: string): string {
  if (!uuid.safeParse(value).success) throw new NotFoundException(notFoundMessage);
  return value;
}
