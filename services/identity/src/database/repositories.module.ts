import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailTokenEntity } from '../auth/email-token.entity.js';
import { EmailTokensRepository } from '../auth/email-tokens.repository.js';
import { SessionEntity } from '../sessions/session.entity.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';

const repositories = [UsersRepository, SessionsRepository, EmailTokensRepository];

/**
 * The service's tables, one repository each (entity and repository live in their feature's folder).
 * Every feature module that reads a table imports this module; features never import each other
 * for data. The same in all four services (docs/architecture.md).
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, SessionEntity, EmailTokenEntity])],
  providers: repositories,
  exports: repositories,
})
export class RepositoriesModule {}
