import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { Card } from '../../shared/ui/Card.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import {
  ConfirmSecondFactor,
  DisableSecondFactor,
  GetSecondFactor,
  ListSecurityLog,
  SetUpSecondFactor,
} from '../../../../common/contracts/admin.ts';
import { PASSWORD_MAX_LENGTH } from '../../../../common/contracts/auth.ts';
import { SECURITY_LOG_PAGE_SIZE, type SecondFactorSetup, type SecurityEventKind } from './adminApi.ts';
import { isWrongPassword } from './secondFactorForm.ts';
import { BackToDashboard, formatDateTime, Pager, ResourceView } from './AdminParts.tsx';
import { describeFailure, useAdminMutation, useAdminQuery } from './useAdminQuery.ts';
import './admin.css';
import { ScrollRegion } from '../../shared/ui/ScrollRegion.tsx';

const KIND_TEXT: Record<SecurityEventKind, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'sign-in-throttled': 'Sign-ins refused (too many)',
  'sign-in-busy': 'Sign-ins refused (server busy checking others)',
  'sign-out': 'Signed out',
  'second-factor-failed': 'Wrong authenticator code',
  'recovery-code-used': 'Recovery code used',
  'second-factor-enabled': 'Second factor turned on',
  'second-factor-disabled': 'Second factor turned off',
  'api-key-created': 'API key created',
  'api-key-revoked': 'API key revoked',
  'settings-changed': 'Settings changed',
  'messages-throttled': 'Messages refused (too many)',
  'admin-created': 'Admin account created',
  'password-set': 'Password set',
};

/** The security log (90 days) and the signed-in admin's own second factor. */
export function SecurityLogPage() {
  return (
    <div className="page admin-page">
      <PageHeader
        eyebrow={<BackToDashboard />}
        title="Security"
        lead="Sign-ins, refused attempts and changes to keys and settings, kept for 90 days. Addresses are shown as keyed hashes: the same address shows the same hash."
      />
      <SecondFactorCard />
      <SecurityLogCard />
    </div>
  );
}

function SecurityLogCard() {
  const [offset, setOffset] = useState(0);
  const log = useAdminQuery(ListSecurityLog, { query: { limit: SECURITY_LOG_PAGE_SIZE, offset } });
  return (
    <Card title="Security log" headingLevel={2}>
      <div className="admin-filter">
        <Button size="sm" variant="ghost" className="admin-filter__refresh" onClick={log.reload}>
          Refresh
        </Button>
      </div>
      <ResourceView resource={log} what="the security log">
        {(data) =>
          data.events.length === 0 ? (
            <p className="admin-empty">Nothing logged yet.</p>
          ) : (
            <>
              <ScrollRegion className="admin-table-wrap" label="Security log, scrollable">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Time</th>
                      <th scope="col">Event</th>
                      <th scope="col">User</th>
                      <th scope="col">Address (hash)</th>
                      <th scope="col">Detail</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.events.map((event) => (
                      <tr key={event.id}>
                        <td>{formatDateTime(event.at)}</td>
                        <td>{KIND_TEXT[event.kind] ?? event.kind}</td>
                        <td>{event.username ?? '—'}</td>
                        <td>
                          <code title={event.addressHash ?? undefined}>
                            {event.addressHash ? event.addressHash.slice(0, 12) : '—'}
                          </code>
                        </td>
                        <td>{event.detail ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <Pager
                label="Security log pages"
                offset={offset}
                total={data.total}
                pageSize={SECURITY_LOG_PAGE_SIZE}
                onPage={setOffset}
              />
            </>
          )
        }
      </ResourceView>
    </Card>
  );
}

function SecondFactorCard() {
  const status = useAdminQuery(GetSecondFactor);
  const startSetup = useAdminMutation(SetUpSecondFactor, []);
  const confirmSetup = useAdminMutation(ConfirmSecondFactor, [GetSecondFactor]);
  const disableFactor = useAdminMutation(DisableSecondFactor, [GetSecondFactor]);
  // Shown once and gone with the card: component state, not the mutation cache, which would keep them after it.
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  const changes = [startSetup, confirmSetup, disableFactor];
  const busy = changes.some((change) => change.isPending);
  // The last attempt's failure: starting one clears what the others said.
  const failure = changes.find((change) => change.error)?.error ?? null;
  const wrongPassword = isWrongPassword(failure);

  async function act(work: () => Promise<void>) {
    for (const change of changes) change.reset();
    try {
      await work();
    } catch (error) {
      if (isWrongPassword(error)) passwordRef.current?.focus();
    }
  }

  const begin = () => act(async () => setSetup(await startSetup.mutateAsync({})));
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const result = await confirmSetup.mutateAsync({ body: { code, password } });
      setRecoveryCodes(result.recoveryCodes);
      setSetup(null);
      setCode('');
      setPassword('');
    });
  };
  const disable = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await disableFactor.mutateAsync({ body: { code } });
      setCode('');
      setRecoveryCodes(null);
    });
  };

  return (
    <Card
      title="Second factor (authenticator app)"
      headingLevel={2}
      description="Once on, signing in needs a code from your authenticator app as well as your password."
    >
      <ResourceView resource={status} what="your second factor">
        {(current) => (
          <>
            {recoveryCodes && (
              <Alert variant="default" title="Your recovery codes (shown once)">
                <p>Keep these somewhere safe. Each one signs you in once if you lose your authenticator.</p>
                <ul className="admin-recovery-codes">
                  {recoveryCodes.map((recovery) => (
                    <li key={recovery}>
                      <code>{recovery}</code>
                    </li>
                  ))}
                </ul>
              </Alert>
            )}
            {current.enabled ? (
              <form onSubmit={disable} className="admin-form">
                <p>
                  On since {formatDateTime(current.enabledAt)}; {current.recoveryCodesLeft} recovery codes
                  left.
                </p>
                <Field
                  label="Code to turn it off"
                  name="code"
                  autoComplete="one-time-code"
                  hint="A code from your authenticator app, or a recovery code."
                  required
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
                <Button type="submit" variant="secondary" disabled={busy}>
                  Turn off
                </Button>
              </form>
            ) : setup ? (
              <form onSubmit={confirm} className="admin-form">
                <p>
                  Scan this QR code with your authenticator app, then type the code it shows and your current
                  password.
                </p>
                <img src={setup.qrCode} width={240} height={240} alt="QR code of the authenticator secret" />
                <p>
                  Or type in this key: <code>{setup.secret}</code>
                </p>
                <Field
                  label="Code from the app"
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  required
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
                <Field
                  label="Your current password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  hint="Turning the second factor on asks for your password again."
                  required
                  maxLength={PASSWORD_MAX_LENGTH}
                  aria-invalid={wrongPassword || undefined}
                  ref={passwordRef}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <Button type="submit" disabled={busy}>
                  Turn on
                </Button>
              </form>
            ) : (
              <Button onClick={() => void begin()} disabled={busy}>
                Set up a second factor
              </Button>
            )}
            {failure && (
              <Alert variant="destructive" title="That did not work">
                {describeFailure(failure)}
              </Alert>
            )}
          </>
        )}
      </ResourceView>
    </Card>
  );
}
