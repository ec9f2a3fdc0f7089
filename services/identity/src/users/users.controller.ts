import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IDENTITY, getUserRequestSchema, type User } from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { UsersService } from './users.service.js';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @RpcHandler(IDENTITY.users.get)
  get(@Payload() payload: unknown): Promise<User> {
    return this.users.get(getUserRequestSchema.parse(payload).id);
  }
}
