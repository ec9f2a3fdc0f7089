import { z } from 'zod';

export const userSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

export const registerUserRequestSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
});
export type RegisterUserRequest = z.infer<typeof registerUserRequestSchema>;

export const getUserRequestSchema = z.object({ id: z.uuid() });
