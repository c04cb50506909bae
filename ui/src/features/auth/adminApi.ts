import { ApiError, apiGet, apiPost } from '../../shared/api.ts';

export interface AdminIdentity {
  username: string;
  email?: string;
}

export interface LoginCredentials {
  username: string;
  password: string;
  /** The second factor (6 digits or a recovery code), once the server asked for it. */
  code?: string;
}

/** The password was right and the account has a second factor: ask for its code and send again. */
export class SecondFactorRequired extends Error {
  override readonly name = 'SecondFactorRequired';
}

interface AdminCheckResponse {
  isAdmin: boolean;
  admin?: AdminIdentity;
}

interface LoginResponse {
  success?: boolean;
  admin?: AdminIdentity;
  error?: string;
}

/** Asks the server whether this browser's session belongs to an administrator. */
export async function fetchAdminCheck(): Promise<AdminCheckResponse> {
  const body = await apiGet<AdminCheckResponse | null>('/api/admin/check', { on401: 'null' });
  return { isAdmin: body?.isAdmin === true, admin: body?.admin };
}

/** Logs in, resolving to the admin or rejecting with the message the login card shows. */
export async function requestLogin(credentials: LoginCredentials): Promise<AdminIdentity> {
  let body: LoginResponse | undefined;
  try {
    body = await apiPost<LoginResponse | undefined>('/api/admin/login', credentials);
  } catch (error) {
    if (error instanceof ApiError && errorCodeOf(error) === 'SECOND_FACTOR_REQUIRED') {
      throw new SecondFactorRequired(loginFailureMessage(error), { cause: error });
    }
    throw new Error(loginFailureMessage(error), { cause: error });
  }
  if (!body?.success) throw new Error(body?.error || 'Invalid credentials');
  return body.admin ?? { username: credentials.username };
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
  await apiPost<unknown>('/api/admin/logout');
}
