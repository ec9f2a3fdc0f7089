import { serviceDataSourceOptions } from '@runpledge/server-kit';
import { EmailTokenEntity } from '../auth/email-token.entity.js';
import { env } from '../config/env.js';
import { SessionEntity } from '../sessions/session.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { CreateUsers1763800000100 } from './migrations/1763800000100-CreateUsers.js';
import { CreateSessionsAndEmailTokens1763800000110 } from './migrations/1763800000110-CreateSessionsAndEmailTokens.js';
import { AddEmailTokenNewEmail1795553054174 } from './migrations/1795553054174-AddEmailTokenNewEmail.js';
import { SessionRotationAndIdleTimeout1795553060615 } from './migrations/1795553060615-SessionRotationAndIdleTimeout.js';
import { RecordAccountEmails1799498538090 } from './migrations/1799498538090-RecordAccountEmails.js';

export const dataSourceOptions = serviceDataSourceOptions({
  schema: 'identity',
  url: env.DATABASE_URL,
  entities: [UserEntity, SessionEntity, EmailTokenEntity],
  migrations: [
    CreateUsers1763800000100,
    CreateSessionsAndEmailTokens1763800000110,
    AddEmailTokenNewEmail1795553054174,
    SessionRotationAndIdleTimeout1795553060615,
    RecordAccountEmails1799498538090,
  ],
});
