export { UsersRepository, type NewUser, type UserChanges } from './users.repository';
export { UsersService } from './users.service';
export { toUserAnswer } from './user-answer';
export { usersRoutes } from './users.routes';
export { users, type UserRow } from './users.schema';
