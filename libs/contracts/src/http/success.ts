import { z } from 'zod';

/** The answer of a command that returns nothing else (over HTTP and over NATS alike). */
export const successSchema = z.object({ success: z.literal(true) });
