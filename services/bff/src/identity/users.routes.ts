import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import { IdParams } from '../http/common.schemas';
import { CreateUserBody, CreateUserResponse, UpdateUserBody, UserResponse, UsersResponse } from './identity.schemas';
import type { UserDirectory } from './user-directory';
import type { UserService } from './user.service';

export function registerUserRoutes(api: ApiRouter, deps: { users: UserService; directory: UserDirectory }): void {
  const { users, directory } = deps;

  api.route(
    {
      method: 'get',
      path: '/api/users',
      tag: 'users',
      access: 'admin',
      summary: 'List the users of your organisation',
      responses: { 200: { description: 'The users', schema: UsersResponse } },
    },
    async (_input, req, res) => {
      res.json({ users: await directory.views(await users.list(authOf(req).user)) });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/users',
      tag: 'users',
      access: 'admin',
      body: CreateUserBody,
      summary: 'Create a user; without a password a temporary one is generated and returned once',
      responses: {
        201: { description: 'Created', schema: CreateUserResponse },
        409: { description: 'The e-mail is taken' },
      },
    },
    async ({ body }, req, res) => {
      const { user, temporaryPassword } = await users.create(authOf(req).user, body);
      res.status(201).json({ user: await directory.view(user), ...(temporaryPassword ? { temporaryPassword } : {}) });
    },
  );

  api.route(
    {
      method: 'patch',
      path: '/api/users/:id',
      tag: 'users',
      access: 'admin',
      params: IdParams,
      body: UpdateUserBody,
      summary: "Change a user's role or deactivate/reactivate them (deactivation ends their sessions)",
      responses: {
        200: { description: 'The updated user', schema: UserResponse },
        404: { description: 'No such user' },
      },
    },
    async ({ params, body }, req, res) => {
      const user = await users.update(authOf(req).user, params.id, body);
      res.json({ user: await directory.view(user) });
    },
  );
}
