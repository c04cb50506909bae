import { Type, type Static } from 'typebox';
import { Done } from './errors.ts';
import { endpoint } from './endpoint.ts';

/** The longest password an account may have; the sign-in form refuses longer ones unhashed. */
export const PASSWORD_MAX_LENGTH = 128;

export const AdminInfo = Type.Object({ username: Type.String() });
export type AdminInfo = Static<typeof AdminInfo>;

export const Credentials = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  // The second factor, once the account has one: 6 digits or a recovery code.
  code: Type.Optional(Type.String({ maxLength: 40 })),
});
export type Credentials = Static<typeof Credentials>;

/** Whether this browser's session belongs to an administrator (never 401). */
export const AdminCheck = endpoint({
  method: 'GET',
  path: '/api/admin/check',
  response: { 200: Type.Object({ isAdmin: Type.Boolean(), admin: Type.Optional(AdminInfo) }) },
});

/** 401 with code SECOND_FACTOR_REQUIRED when the password was right and a code is missing. */
export const AdminLogin = endpoint({
  method: 'POST',
  path: '/api/admin/login',
  body: Credentials,
  response: { 200: Type.Object({ success: Type.Literal(true), admin: AdminInfo }) },
});

export const AdminLogout = endpoint({ method: 'POST', path: '/api/admin/logout', response: { 200: Done } });
