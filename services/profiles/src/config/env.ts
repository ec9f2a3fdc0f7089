import { baseEnvSchema, parseEnv } from '@runpledge/server-kit';

export const env = parseEnv(baseEnvSchema);
