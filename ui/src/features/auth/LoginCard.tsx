import { useMutation } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent, type Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { useToast } from '../toast/useToast.ts';
import { SecondFactorRequired, type AdminIdentity, type LoginCredentials } from './adminApi.ts';
import { adminSessionAtom, loginAtom, logoutAtom } from './adminSession.ts';
import { loginFailureText } from './loginFailure.ts';

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
  const intl = useIntl();
  const say = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const failureText = (failure: unknown) => loginFailureText(intl, failure, PAGE_LOCALE);
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
          {say('auth.admin')}
        </h2>
        <p className="login-card__status">
          <FormattedMessage
            id="auth.loggedInAs"
            values={{
              name: session.admin?.username ?? say('auth.menu.label'),
              strong: (text) => <strong>{text}</strong>,
            }}
          />
        </p>
        <Button variant="secondary" onClick={() => void logout()}>
          {say('auth.logout')}
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
      toast({ title: say('auth.loggedIn'), description: say('auth.welcome', { name: admin.username }) });
      onSuccess?.(admin);
    } catch (failure) {
      toast({ variant: 'destructive', title: say('auth.failed'), description: failureText(failure) });
    }
  }

  return (
    <section className="login-card" aria-labelledby="login-card-title">
      <h2 id="login-card-title" className="login-card__title">
        {say('auth.title')}
      </h2>
      <form className="login-card__form" onSubmit={(event) => void submit(event)}>
        <Field
          label={say('auth.username')}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          ref={usernameRef}
        />
        <Field
          label={say('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {askCode && (
          <Field
            label={say('auth.code')}
            name="code"
            autoComplete="one-time-code"
            hint={say('auth.codeHint')}
            required
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        {attempt.error && (
          <Alert variant="destructive" title={say('auth.failed')}>
            {failureText(attempt.error)}
          </Alert>
        )}
        <Button type="submit" block disabled={attempt.isPending}>
          {say(attempt.isPending ? 'auth.submitting' : 'auth.submit')}
        </Button>
      </form>
    </section>
  );
}
