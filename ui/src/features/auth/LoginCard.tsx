import { useMutation } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent, type Ref } from 'react';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { useToast } from '../toast/useToast.ts';
import { SecondFactorRequired, type AdminIdentity, type LoginCredentials } from './adminApi.ts';
import { adminSessionAtom, loginAtom, logoutAtom } from './adminSession.ts';

export interface LoginCardProps {
  onSuccess?: (admin: AdminIdentity) => void;
  /** Lets a surrounding disclosure move focus to the first field when it opens. */
  usernameRef?: Ref<HTMLInputElement>;
}

export function LoginCard({ onSuccess, usernameRef }: LoginCardProps) {
  const session = useAtomValue(adminSessionAtom);
  const login = useSetAtom(loginAtom);
  const logout = useSetAtom(logoutAtom);
  const { toast } = useToast();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Shown once the server said the password was right and the account has a second factor.
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const attempt = useMutation({
    // "Now the code" answers a first attempt: the form asks for it (null), it is no failure.
    mutationFn: async (credentials: LoginCredentials) => {
      try {
        return await login(credentials);
      } catch (failure) {
        if (failure instanceof SecondFactorRequired && credentials.code === undefined) return null;
        throw failure;
      }
    },
  });

  if (session.status === 'admin') {
    return (
      <section className="login-card" aria-labelledby="login-card-title">
        <h2 id="login-card-title" className="login-card__title">
          Admin
        </h2>
        <p className="login-card__status">
          Logged in as <strong>{session.admin?.username ?? 'administrator'}</strong>
        </p>
        <Button variant="secondary" onClick={() => void logout()}>
          Logout
        </Button>
      </section>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const admin = await attempt.mutateAsync({ username, password, ...(askCode ? { code } : {}) });
      if (!admin) {
        setAskCode(true);
        return;
      }
      setUsername('');
      setPassword('');
      setCode('');
      setAskCode(false);
      toast({ title: 'Logged in', description: `Welcome back, ${admin.username}.` });
      onSuccess?.(admin);
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Login failed', description: loginFailure(failure) });
    }
  }

  return (
    <section className="login-card" aria-labelledby="login-card-title">
      <h2 id="login-card-title" className="login-card__title">
        Admin login
      </h2>
      <form className="login-card__form" onSubmit={(event) => void submit(event)}>
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          ref={usernameRef}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {askCode && (
          <Field
            label="Authenticator code"
            name="code"
            autoComplete="one-time-code"
            hint="The 6 digits your authenticator app shows now, or one of your recovery codes."
            required
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        {attempt.error && (
          <Alert variant="destructive" title="Login failed">
            {loginFailure(attempt.error)}
          </Alert>
        )}
        <Button type="submit" block disabled={attempt.isPending}>
          {attempt.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </form>
    </section>
  );
}

function loginFailure(failure: unknown): string {
  return failure instanceof Error && failure.message ? failure.message : 'Login failed';
}
