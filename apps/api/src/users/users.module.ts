import { Module } from '@nestjs/common';
import { UsersRepository } from './users.repository.js';

/** Account storage, for the auth endpoints and for admin tools that manage users. */
@Module({
  providers: [UsersRepository],
  exports: [UsersRepository],
})
export class UsersModule {}
