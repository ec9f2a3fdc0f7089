import { suppressInboxRequestSchema } from '../http/mail.js';
import { successSchema } from '../http/success.js';
import { rpcContract } from './rpc-contract.js';

/** The suppression list of inboxes that asked for no more mail (kept by profiles, decision 0016). */
export const MAIL = {
  suppress: 'profiles.mail.suppress',
} as const;

export const MAIL_RPC = {
  [MAIL.suppress]: rpcContract(suppressInboxRequestSchema, successSchema),
} as const;
