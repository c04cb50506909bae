import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../shared/ui/Button.tsx';
import { Card } from '../../shared/ui/Card.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useToast } from '../toast/useToast.ts';
import { BackToDashboard, ResourceView } from './AdminParts.tsx';
import {
  API_KEY_TEXTS,
  apiKeyPayload,
  canSubmitApiKey,
  DEFAULT_DAILY_RATE_LIMIT,
  EMPTY_FORM,
  failureText,
  MAX_DAILY_RATE_LIMIT,
  NAME_MAX_LENGTH,
  revokeConfirmText,
  type ApiKeyFormValues,
} from './api-keys/apiKeyForm.ts';
import {
  CreateApiKey,
  ListApiKeys,
  RevokeApiKey,
  type ApiKeyView,
} from '../../../../common/contracts/api-keys.ts';
import { DEVELOPERS_PATH, PARTNER_DOCS_PATH } from '../../../../common/contracts/partner.ts';
import { ApiKeysTable } from './api-keys/ApiKeysTable.tsx';
import { NewKeyDialog, type NewKey } from './api-keys/NewKeyDialog.tsx';
import { KeyRequests } from './api-keys/KeyRequests.tsx';
import { WebhookLog } from './api-keys/WebhookLog.tsx';
import { useAdminMutation, useAdminQuery } from './useAdminQuery.ts';
import './admin.css';
import './api-keys/api-keys.css';

/** Keys that let partner sites call the crime search API (/api/external/crime-search). */
export function ApiKeysPage() {
  const keys = useAdminQuery(ListApiKeys);
  const revokeApiKey = useAdminMutation(RevokeApiKey, [ListApiKeys]);
  const { toast } = useToast();
  const [created, setCreated] = useState<NewKey | null>(null);
  const [webhookOf, setWebhookOf] = useState<ApiKeyView | null>(null);

  const loadFailed = keys.status === 'error';
  useEffect(() => {
    if (loadFailed) {
      toast({
        variant: 'destructive',
        title: API_KEY_TEXTS.loadFailedTitle,
        description: API_KEY_TEXTS.loadFailed,
      });
    }
  }, [loadFailed, toast]);

  async function revoke(key: ApiKeyView) {
    if (!window.confirm(revokeConfirmText(key.name))) return;
    try {
      await revokeApiKey.mutateAsync({ params: { id: key.id } });
      toast({ title: API_KEY_TEXTS.revokedTitle, description: `"${key.name}" no longer works.` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: API_KEY_TEXTS.revokeFailedTitle,
        description: failureText(error, API_KEY_TEXTS.revokeFailed, API_KEY_TEXTS.revokeNetwork),
      });
    }
  }

  return (
    <div className="page admin-page">
      <PageHeader
        eyebrow={<BackToDashboard />}
        title="API Keys"
        lead={
          <>
            Keys that let partner sites use the crime search API. Each key is shown once, when it is
            generated; see the <a href={PARTNER_DOCS_PATH}>API documentation</a> for how partners call it, and
            the <a href={DEVELOPERS_PATH}>developers page</a> where they ask for a key.
          </>
        }
      />
      <KeyRequests />
      <CreateKeyCard onCreated={setCreated} />
      <Card title="API Keys" headingLevel={2}>
        <ResourceView resource={keys} what="API keys">
          {(data) => (
            <ApiKeysTable
              apiKeys={data.apiKeys}
              revoking={revokeApiKey.isPending ? revokeApiKey.variables.params.id : null}
              onRevoke={(key) => void revoke(key)}
              onShowWebhook={setWebhookOf}
            />
          )}
        </ResourceView>
      </Card>
      {webhookOf && <WebhookLog key={webhookOf.id} apiKey={webhookOf} onClose={() => setWebhookOf(null)} />}
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}

function CreateKeyCard({ onCreated }: { onCreated: (key: NewKey) => void }) {
  const { toast } = useToast();
  const [form, setForm] = useState<ApiKeyFormValues>(EMPTY_FORM);
  const createApiKey = useAdminMutation(CreateApiKey, [ListApiKeys]);
  const edit = (change: Partial<ApiKeyFormValues>) => setForm((current) => ({ ...current, ...change }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmitApiKey(form)) {
      toast({
        variant: 'destructive',
        title: API_KEY_TEXTS.validationTitle,
        description: API_KEY_TEXTS.nameRequired,
      });
      return;
    }
    try {
      const result = await createApiKey.mutateAsync({ body: apiKeyPayload(form) });
      toast({ title: API_KEY_TEXTS.createdTitle, description: API_KEY_TEXTS.created });
      setForm(EMPTY_FORM);
      onCreated({ apiKey: result.apiKey, name: result.name });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: API_KEY_TEXTS.createFailedTitle,
        description: failureText(error, API_KEY_TEXTS.createFailed, API_KEY_TEXTS.createNetwork),
      });
    }
  }

  return (
    <Card title="Generate API Key" headingLevel={2} description="One key per partner site.">
      <form className="admin-form" onSubmit={(event) => void submit(event)}>
        <div className="api-keys-form__row">
          <Field
            label="Key Name"
            name="name"
            required
            maxLength={NAME_MAX_LENGTH}
            autoComplete="off"
            placeholder="e.g. Partner News Site"
            value={form.name}
            onChange={(event) => edit({ name: event.target.value })}
          />
          <Field
            label="Domain (optional)"
            name="domain"
            autoComplete="off"
            placeholder="partner.example.com"
            hint="Browsers may use the key only from this site and its subdomains. Leave empty for any site."
            value={form.domain}
            onChange={(event) => edit({ domain: event.target.value })}
          />
          <Field
            label="Daily Rate Limit"
            name="dailyRateLimit"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_DAILY_RATE_LIMIT}
            step={1}
            hint={`Requests per day (UTC). Default ${DEFAULT_DAILY_RATE_LIMIT.toLocaleString('en-GB')}.`}
            value={form.dailyRateLimit}
            onChange={(event) => edit({ dailyRateLimit: event.target.value })}
          />
        </div>
        <div className="admin-form__actions">
          <Button type="submit" disabled={!canSubmitApiKey(form) || createApiKey.isPending}>
            {createApiKey.isPending ? 'Generating...' : 'Generate API Key'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
