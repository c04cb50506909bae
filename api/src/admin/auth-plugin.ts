import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.ts';
import { AdminCheck, AdminLogin, AdminLogout } from '../../../common/contracts/auth.ts';
import { sharedPlugin } from '../security/shared-plugin.ts';
import type { AdmittedAttempt, AuthService } from './auth-service.ts';
import { recordAdminChanges } from './security-audit.ts';
import { contractRoute } from '../http/contract-route.ts';
import { addressGroupOf } from '../http/visitor-address.ts';

export interface AdminIdentity {
  username: string;
  userId: number;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Hook for admin route plugins (`app.addHook('onRequest', app.requireAdmin)`): 401 unless the
     * request carries a live admin session, before its body is even read or validated.
     */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    adminAuth: AuthService;
  }
  interface FastifyRequest {
    admin: AdminIdentity | null;
    /** Set on POST /api/admin/login once the address's sign-in limit has counted the attempt. */
    signInAttempt: AdmittedAttempt | null;
  }
}

export interface AdminAuthPluginOptions {
  /** The app's one auth service (services.ts): users, sessions, second factor, sign-in limits. */
  auth: AuthService;
}

/** `__Host-` makes the browser refuse the cookie unless it is Secure, host-only and Path=/. */
export function sessionCookieName(publicOrigin: string | undefined): string {
  return isHttps(publicOrigin) ? '__Host-cc_session' : 'cc_session';
}

function isHttps(publicOrigin: string | undefined): boolean {
  return publicOrigin?.startsWith('https://') ?? false;
}

function authRoutes(auth: AuthService, cookie: { name: string; options: CookieSerializeOptions }) {
  const tokenOf = (request: FastifyRequest) => request.cookies[cookie.name];
  const clear = (reply: FastifyReply) =>
    reply.clearCookie(cookie.name, {
      path: '/',
      secure: cookie.options.secure,
      sameSite: 'strict',
      httpOnly: true,
    });

  const routes: FastifyPluginAsyncTypebox = async (app) => {
    contractRoute(app, AdminCheck, {}, async (request, reply) => {
      const token = tokenOf(request);
      const session = await auth.resolve(token);
      reply.header('cache-control', 'no-store');
      if (!session) {
        if (token !== undefined) clear(reply);
        return { isAdmin: false };
      }
      return { isAdmin: true, admin: { username: session.username } };
    });

    contractRoute(
      app,
      AdminLogin,
      {
        // The address is counted before the body is read or validated: an address over its
        // limit costs one in-memory count per attempt, which keeps a flood from holding up others.
        onRequest: async (request) => {
          request.signInAttempt = await auth.admitSignIn(addressGroupOf(request), tokenOf(request));
        },
      },
      async (request, reply) => {
        const previousToken = tokenOf(request);
        let result;
        try {
          result = await auth.login({
            attempt: request.signInAttempt!,
            username: request.body.username,
            password: request.body.password,
            code: request.body.code,
            userAgent: request.headers['user-agent'],
            previousToken,
          });
        } catch (error) {
          // The old session is gone either way; the browser should not keep sending it.
          if (previousToken !== undefined) clear(reply);
          throw error;
        }
        reply.setCookie(cookie.name, result.token, {
          ...cookie.options,
          // The browser may drop it at the absolute timeout; the server enforces both timeouts anyway.
          maxAge: Math.floor(auth.sessions.absoluteMs / 1000),
        });
        reply.header('cache-control', 'no-store');
        return { success: true as const, admin: result.admin };
      },
    );

    contractRoute(app, AdminLogout, {}, async (request, reply) => {
      await auth.logout(tokenOf(request), { ip: addressGroupOf(request) });
      clear(reply);
      return { success: true as const };
    });
  };
  return routes;
}

/**
 * Admin sign-in: decorates `app.requireAdmin` (the hook every admin route plugin adds) and
 * `request.admin`, and serves GET /api/admin/check, POST /api/admin/login and /logout.
 * Register before any admin route plugin.
 */
export const adminAuthPlugin = sharedPlugin(
  'crime-clock-admin-auth',
  async (app: FastifyInstance, { auth }: AdminAuthPluginOptions) => {
    const name = sessionCookieName(app.config.publicOrigin);
    const cookieOptions: CookieSerializeOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: isHttps(app.config.publicOrigin),
    };

    app.decorate('adminAuth', auth);
    // The first unknown-user login would otherwise pay for making the dummy hash and stand out.
    app.addHook('onReady', () => auth.warmUp());
    app.decorateRequest('admin', null);
    app.decorateRequest('signInAttempt', null);
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      const session = await auth.resolve(request.cookies[name]);
      if (!session) throw unauthorized('Admin authentication required to access this area.');
      request.admin = { username: session.username, userId: session.userId, sessionId: session.id };
      reply.header('cache-control', 'no-store');
    });

    recordAdminChanges(app, auth.securityLog);
    await app.register(authRoutes(auth, { name, options: cookieOptions }), { prefix: '/api/admin' });
  },
);

/** For admin route plugins: fails at start-up, not per request, if the auth plugin is missing. */
export function assertAdminAuth(app: FastifyInstance, pluginName: string): void {
  if (!app.hasDecorator('requireAdmin')) {
    throw new Error(`${pluginName} needs adminAuthPlugin registered before it.`);
  }
}
