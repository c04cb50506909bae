import { useState, type FormEvent } from 'react';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { Card } from '../../shared/ui/Card.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useToast } from '../toast/useToast.ts';
import {
  GetSmtpSettings,
  SaveSmtpSettings,
  TestSmtpSettings,
  type SmtpSettingsView,
} from '../../../../common/contracts/email.ts';
import { BackToDashboard, ResourceView } from './AdminParts.tsx';
import {
  canSubmitSmtp,
  formFromSettings,
  saveFailure,
  SMTP_PROVIDERS,
  SMTP_TEXTS,
  smtpPayload,
  SSL_SMTP_PORT,
  testFailure,
  testOutcome,
  withSecure,
  type Outcome,
  type SmtpFormValues,
  type SmtpProvider,
} from './smtpForm.ts';
import { useAdminMutation, useAdminQuery } from './useAdminQuery.ts';
import './admin.css';

export function SmtpSettingsPage() {
  const settings = useAdminQuery(GetSmtpSettings);

  return (
    <div className="page admin-page">
      <PageHeader
        eyebrow={<BackToDashboard />}
        title="Email Settings"
        lead="The mail server that delivers contact messages and data issue reports to the admin address."
      />
      {settings.status === 'ready' ? (
        <SmtpEditor initial={settings.data} />
      ) : (
        <div className="admin-grid">
          <div className="admin-grid__main">
            <Card title="SMTP server" headingLevel={2}>
              <ResourceView resource={settings} what="the email settings">
                {() => null}
              </ResourceView>
            </Card>
          </div>
          <div className="admin-grid__side">
            <ProvidersCard />
          </div>
        </div>
      )}
    </div>
  );
}

function SmtpEditor({ initial }: { initial: SmtpSettingsView }) {
  const { toast } = useToast();
  const saveSmtpSettings = useAdminMutation(SaveSmtpSettings, [GetSmtpSettings]);
  const testSmtpSettings = useAdminMutation(TestSmtpSettings, []);
  const [form, setForm] = useState<SmtpFormValues>(() => formFromSettings(initial));
  const [passwordSet, setPasswordSet] = useState(initial.passwordSet);
  // The last test's outcome, from its mutation's answer or failure.
  const result = testSmtpSettings.data
    ? testOutcome(testSmtpSettings.data)
    : testSmtpSettings.error
      ? testFailure(testSmtpSettings.error)
      : null;

  /**
   * Editing any field clears the last test result: it no longer describes these settings. A test
   * still running is left to finish and say its outcome.
   */
  function edit(change: Partial<SmtpFormValues>) {
    setForm((current) => ({ ...current, ...change }));
    if (!testSmtpSettings.isPending) testSmtpSettings.reset();
  }

  function report(outcome: Outcome) {
    toast({
      variant: outcome.ok ? 'default' : 'destructive',
      title: outcome.title,
      description: outcome.toast,
    });
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmitSmtp(form)) return;
    try {
      const { settings } = await saveSmtpSettings.mutateAsync({ body: smtpPayload(form) });
      setForm(formFromSettings(settings));
      setPasswordSet(settings.passwordSet);
      toast({ title: SMTP_TEXTS.savedTitle, description: SMTP_TEXTS.saved });
    } catch (error) {
      report(saveFailure(error));
    }
  }

  async function test(formElement: HTMLFormElement | null) {
    // The same checks as Save: a test of settings that could not be saved tells nothing.
    if (!canSubmitSmtp(form) || (formElement && !formElement.reportValidity())) return;
    let outcome: Outcome;
    try {
      outcome = testOutcome(await testSmtpSettings.mutateAsync({ body: smtpPayload(form) }));
    } catch (error) {
      outcome = testFailure(error);
    }
    report(outcome);
  }

  const disabled = !canSubmitSmtp(form) || saveSmtpSettings.isPending || testSmtpSettings.isPending;
  const requiredMark = (
    <span className="field__required" aria-hidden="true">
      {' '}
      *
    </span>
  );

  return (
    <div className="admin-grid">
      <div className="admin-grid__main">
        <Card title="SMTP server" headingLevel={2}>
          <form
            className="admin-form"
            onSubmit={(event) => void save(event)}
            aria-describedby="smtp-form-note"
          >
            <p id="smtp-form-note" className="muted admin-form__note">
              Fields marked * are required. The password is stored encrypted and never shown again.
            </p>
            <div className="admin-form__row">
              <Field
                label="SMTP host"
                name="host"
                required
                autoComplete="off"
                placeholder="smtp.example.com"
                value={form.host}
                onChange={(event) => edit({ host: event.target.value })}
              />
              <Field
                label="Port"
                name="port"
                type="number"
                inputMode="numeric"
                min={1}
                max={65535}
                step={1}
                required
                className="admin-form__port"
                value={form.port}
                onChange={(event) => edit({ port: event.target.value })}
              />
            </div>
            <div className="admin-form__row">
              <Field
                label="Username"
                name="user"
                // Not type="email": many relays' usernames are not addresses (SendGrid's "apikey",
                // Amazon SES's access keys).
                type="text"
                required
                autoComplete="off"
                spellCheck={false}
                placeholder="mailer@example.com"
                value={form.user}
                onChange={(event) => edit({ user: event.target.value })}
              />
              <Field
                // Required only while none is stored: a blank field keeps the stored password.
                label={passwordSet ? <>Password{requiredMark}</> : 'Password'}
                name="pass"
                type="password"
                required={!passwordSet}
                autoComplete="new-password"
                placeholder={passwordSet ? '•••••••• (unchanged)' : undefined}
                hint={passwordSet ? SMTP_TEXTS.passwordKept : 'The account password, or an app password.'}
                value={form.pass}
                onChange={(event) => edit({ pass: event.target.value })}
              />
            </div>
            <label className="admin-check">
              <input
                type="checkbox"
                checked={form.secure}
                onChange={(event) => edit(withSecure(form, event.target.checked))}
              />
              <span>
                Use SSL/TLS from the start (port {SSL_SMTP_PORT})
                <span className="field__hint">
                  Leave off for port 587, which upgrades the connection with STARTTLS.
                </span>
              </span>
            </label>
            <div className="admin-form__row">
              <Field
                label="From address"
                name="fromEmail"
                type="email"
                required
                placeholder="noreply@example.com"
                hint="The sender of the messages the product emails."
                value={form.fromEmail}
                onChange={(event) => edit({ fromEmail: event.target.value })}
              />
              <Field
                label="Admin address"
                name="adminEmail"
                type="email"
                required
                placeholder="admin@example.com"
                hint="Where contact messages and data issue reports go."
                value={form.adminEmail}
                onChange={(event) => edit({ adminEmail: event.target.value })}
              />
            </div>

            {result && (
              <Alert variant={result.ok ? 'success' : 'destructive'} title={result.title}>
                {result.alert}
              </Alert>
            )}

            <div className="admin-form__actions">
              <Button type="submit" disabled={disabled}>
                {saveSmtpSettings.isPending ? 'Saving...' : 'Save Settings'}
              </Button>
              <Button
                variant="secondary"
                disabled={disabled}
                onClick={(event) => void test(event.currentTarget.form)}
              >
                {testSmtpSettings.isPending ? 'Testing...' : 'Test Connection'}
              </Button>
            </div>
          </form>
        </Card>
      </div>
      <div className="admin-grid__side">
        <ProvidersCard
          onUse={(provider) => edit({ host: provider.host, port: provider.port, secure: false })}
        />
      </div>
    </div>
  );
}

/** Provider hints; with `onUse`, each can fill in its host and port. */
function ProvidersCard({ onUse }: { onUse?: (provider: SmtpProvider) => void }) {
  return (
    <Card title="Common providers" headingLevel={2} description="Port 587 with STARTTLS, or 465 for SSL.">
      <ul className="admin-providers">
        {SMTP_PROVIDERS.map((provider) => (
          <li key={provider.name}>
            <p className="admin-providers__name">{provider.name}</p>
            <p className="admin-providers__server">
              <code>{provider.host}</code> · port {provider.port}
            </p>
            <p className="admin-providers__note">{provider.note}</p>
            {onUse && (
              <Button size="sm" variant="secondary" onClick={() => onUse(provider)}>
                Use this server
                {/* The name says which; it starts with the visible words, as speech input expects. */}
                <span className="visually-hidden"> for {provider.name}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
