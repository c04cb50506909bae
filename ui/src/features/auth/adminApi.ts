import {
  AdminCheck,
  AdminLogin,
  AdminLogout,
  type AdminInfo,
  type Credentials,
} from '../../../../common/contracts/auth.ts';
import type { ResponseOf } from '../../../../common/contracts/endpoint.ts';
import { ApiError, call, describeApiFailure } from '../../shared/api.ts';

export type AdminIdentity = AdminInfo;
export type LoginCredentials = Credentials;

/** The password was right and the account has a second factor: ask for its code and send again. */
export class SecondFactorRequired extends Error {
  override readonly name = 'SecondFactorRequired';
}

/** Asks the server whether this browser's session belongs to an administrator; a 401 means no. */
export async function fetchAdminCheck(): Promise<ResponseOf<typeof AdminCheck>> {
  try {
    return await call(AdminCheck);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { isAdmin: false, admin: undefined };
    throw error;
  }
}

/** Logs in, resolving to the admin or rejecting with the message the login card shows. */
export async function requestLogin(credentials: LoginCredentials): Promise<AdminIdentity> {
  try {
    // Checked against the contract: a 200 that is not `{ success: true, admin }` (a proxy, an
    // older server) rejects as an answer the page could not read.
    return (await call(AdminLogin, { body: credentials })).admin;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'SECOND_FACTOR_REQUIRED') {
      throw new SecondFactorRequired(loginFailureMessage(error), { cause: error });
    }
    throw new Error(loginFailureMessage(error), { cause: error });
  }
}

/** The specification's order: the server's error text, else "Invalid credentials"; a thrown request's own message, else "Login failed". */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? 'Invalid credentials';
  // An answer the page could not read: said in words, not in the parser's or the check's.
  if (error instanceof SyntaxError) return describeApiFailure(error);
  if (error instanceof Error && error.message) return error.message;
  return 'Login failed';
}

export async function requestLogout(): Promise<void> {
  await call(AdminLogout);
}
