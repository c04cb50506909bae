import { useEffect, useRef, useState } from 'react';
import { PARTNER_DOCS_PATH } from '../../../../../common/contracts/partner.ts';
import { Alert } from '../../../shared/ui/Alert.tsx';
import { Button } from '../../../shared/ui/Button.tsx';
import { Dialog } from '../../contact/Dialog.tsx';
import '../../contact/contact.css';
import { useToast } from '../../toast/useToast.ts';
import { API_KEY_TEXTS, COPIED_TICK_MS } from './apiKeyForm.ts';
import { curlExample } from './usageExample.ts';

export interface NewKey {
  apiKey: string;
  name: string;
}

/**
 * The one time a key is shown: the key with a copy button, a warning, and the partner search call
 * with it. Closing the dialog in any way ("I've Saved the Key", the close button, Escape) forgets
 * the key: the page keeps no copy, and the server only ever had its hash.
 */
export function NewKeyDialog({ created, onClose }: { created: NewKey | null; onClose: () => void }) {
  return (
    <Dialog
      open={created !== null}
      onClose={onClose}
      title="Your New API Key"
      description={created ? `For "${created.name}". Copy it now: it is shown only this once.` : undefined}
    >
      {created && <NewKeyBody created={created} onClose={onClose} />}
    </Dialog>
  );
}

function NewKeyBody({ created, onClose }: { created: NewKey; onClose: () => void }) {
  const { toast } = useToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.apiKey);
      toast({ title: API_KEY_TEXTS.copiedTitle, description: API_KEY_TEXTS.copied });
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_TICK_MS);
    } catch {
      toast({
        variant: 'destructive',
        title: API_KEY_TEXTS.copyFailedTitle,
        description: API_KEY_TEXTS.copyFailed,
      });
    }
  }

  const example = curlExample(window.location.origin, created.apiKey);

  return (
    <div className="api-key-dialog">
      <div className="api-key-dialog__key">
        <label className="field__label" htmlFor="new-api-key">
          API key
        </label>
        <div className="api-key-dialog__key-row">
          <input
            id="new-api-key"
            className="field__input api-key-dialog__value"
            readOnly
            value={created.apiKey}
            onFocus={(event) => event.currentTarget.select()}
            spellCheck={false}
          />
          <Button variant="secondary" onClick={() => void copy()} aria-label="Copy API key" data-autofocus>
            {copied ? (
              <>
                <span aria-hidden="true">✓</span> Copied
              </>
            ) : (
              'Copy'
            )}
          </Button>
        </div>
      </div>

      <Alert variant="destructive" title="Save this key now">
        It will not be shown again: Crime Clock keeps only a fingerprint of it. Store it where your
        site&apos;s server can read it, never in public page code unless the key is bound to your domain. If
        it is lost, revoke it and generate a new one.
      </Alert>

      <div className="api-key-dialog__example">
        <p className="field__label">Usage example</p>
        <pre className="api-key-dialog__code">
          <code>{example}</code>
        </pre>
        <p className="field__hint">
          The answer holds the crime statistics and the first page of incidents. Every request and error is
          described in the <a href={PARTNER_DOCS_PATH}>API documentation</a>.
        </p>
      </div>

      <div className="admin-form__actions api-key-dialog__actions">
        <Button onClick={onClose}>I&apos;ve Saved the Key</Button>
      </div>
    </div>
  );
}
