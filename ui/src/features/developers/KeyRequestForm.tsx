import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  checkKeyRequest,
  KEY_REQUEST_LIMITS,
  RequestApiKey,
  type KeyRequestField,
  type KeyRequestFields,
  type KeyRequestIssue,
} from '../../../../common/contracts/key-requests.ts';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { describeFailure } from '../../shared/failureMessage.ts';
import { useEndpointMutation } from '../../shared/queries.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { TextAreaField } from '../contact/TextAreaField.tsx';

const EMPTY: KeyRequestFields = { name: '', email: '', organisation: '', intendedUse: '' };

const LABEL: Record<KeyRequestField, MessageId> = {
  name: 'developers.form.name',
  email: 'developers.form.email',
  organisation: 'developers.form.organisation',
  intendedUse: 'developers.form.intendedUse',
};

const AUTOCOMPLETE: Partial<Record<KeyRequestField, string>> = {
  name: 'name',
  email: 'email',
  organisation: 'organization',
};

/**
 * The key request form. It checks with the same `checkKeyRequest` as the server, so a refusal is
 * shown beside its field before anything is sent; the server's own refusals (too many requests…)
 * are worded from their code.
 */
export function KeyRequestForm() {
  const intl = useIntl();
  const [fields, setFields] = useState<KeyRequestFields>(EMPTY);
  const [issues, setIssues] = useState<KeyRequestIssue[]>([]);
  const send = useEndpointMutation(RequestApiKey, []);
  const formId = useId();

  function issueText(issue: KeyRequestIssue): string {
    if (issue.problem === 'tooLong')
      return intl.formatMessage(
        { id: 'developers.form.issue.tooLong' },
        { limit: KEY_REQUEST_LIMITS[issue.field] },
      );
    if (issue.problem === 'invalid' && issue.field === 'email')
      return intl.formatMessage({ id: 'developers.form.issue.invalidEmail' });
    return intl.formatMessage({ id: `developers.form.issue.${issue.problem}` });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkKeyRequest(fields);
    if (!checked.ok) {
      setIssues(checked.issues);
      // The first refused field takes the focus, so its message is read out and in view.
      document.getElementById(`${formId}-${checked.issues[0]!.field}`)?.focus();
      return;
    }
    setIssues([]);
    send.mutate({ body: { ...checked.value, locale: PAGE_LOCALE } });
  }

  if (send.isSuccess) {
    return (
      <Alert variant="success" title={intl.formatMessage({ id: 'developers.form.sentTitle' })}>
        <p>{intl.formatMessage({ id: 'developers.form.sent' }, { email: fields.email.trim() })}</p>
        {!send.data.mailAvailable && <p>{intl.formatMessage({ id: 'developers.form.mailUnavailable' })}</p>}
      </Alert>
    );
  }

  return (
    <form className="developers-form" onSubmit={submit} noValidate>
      {(Object.keys(LABEL) as KeyRequestField[]).map((field) => {
        const issue = issues.find((i) => i.field === field);
        const common = {
          id: `${formId}-${field}`,
          name: field,
          label: intl.formatMessage({ id: LABEL[field] }),
          required: true,
          value: fields[field],
          'aria-invalid': issue ? true : undefined,
          hint: issue ? <span className="developers-form__issue">{issueText(issue)}</span> : undefined,
        };
        return field === 'intendedUse' ? (
          <TextAreaField
            key={field}
            {...common}
            rows={5}
            onChange={(event) => setFields((current) => ({ ...current, [field]: event.target.value }))}
          />
        ) : (
          <Field
            key={field}
            {...common}
            type={field === 'email' ? 'email' : 'text'}
            autoComplete={AUTOCOMPLETE[field]}
            onChange={(event) => setFields((current) => ({ ...current, [field]: event.target.value }))}
          />
        );
      })}
      <Button type="submit" disabled={send.isPending}>
        {intl.formatMessage({ id: send.isPending ? 'developers.form.sending' : 'developers.form.submit' })}
      </Button>
      <div aria-live="polite">
        {send.error && (
          <Alert variant="destructive" title={intl.formatMessage({ id: 'developers.form.failedTitle' })}>
            {describeFailure(intl, send.error)}
          </Alert>
        )}
      </div>
    </form>
  );
}
