export { usersRoutes } from './users.routes';
export { createUsersService } from './create-users-service';
export { UsersService } from './users.service';
export { toUserAnswer } from './user-answer';
export type { NewUser, UserChanges } from './users.repository';
export type { UserRow } from './users.schema';
