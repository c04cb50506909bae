import {
  AdminCheck,
  AdminLogin,
  AdminLogout,
  type AdminInfo,
  type Credentials,
} from '../../../../common/contracts/auth.ts';
import type { ResponseOf } from '../../../../common/contracts/endpoint.ts';
import { ApiError, call } from '../../shared/api.ts';

export type AdminIdentity = AdminInfo;
export type LoginCredentials = Credentials;

/** The password was right and the account has a second factor: ask for its code and send again. */
export class SecondFactorRequired extends Error {
  override readonly name = 'SecondFactorRequired';
}

/** Asks the server whether this browser's session belongs to an administrator; a 401 means no. */
export async function fetchAdminCheck(): Promise<ResponseOf<typeof AdminCheck>> {
  try {
    const body = await call(AdminCheck);
    return { isAdmin: body?.isAdmin === true, admin: body?.admin };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { isAdmin: false, admin: undefined };
    throw error;
  }
}

/** Logs in, resolving to the admin or rejecting with the message the login card shows. */
export async function requestLogin(credentials: LoginCredentials): Promise<AdminIdentity> {
  let body: ResponseOf<typeof AdminLogin> | undefined;
  try {
    body = await call(AdminLogin, { body: credentials });
  } catch (error) {
    if (error instanceof ApiError && errorCodeOf(error) === 'SECOND_FACTOR_REQUIRED') {
      throw new SecondFactorRequired(loginFailureMessage(error), { cause: error });
    }
    throw new Error(loginFailureMessage(error), { cause: error });
  }
  // A 200 without success (a proxy, an older server) is a refusal too.
  const answer: { success?: boolean; admin?: AdminIdentity; error?: string } | undefined = body;
  if (!answer?.success) throw new Error(answer?.error || 'Invalid credentials');
  return answer.admin ?? { username: credentials.username };
}

function errorCodeOf(error: ApiError): string | undefined {
  try {
    const body = JSON.parse(error.bodyText) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/** The specification's order: the server's error text, else "Invalid credentials"; a thrown request's own message, else "Login failed". */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? 'Invalid credentials';
  if (error instanceof Error && error.message) return error.message;
  return 'Login failed';
}

export async function requestLogout(): Promise<void> {
  await call(AdminLogout);
}
