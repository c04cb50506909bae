import cy from './messages/cy.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import type { Locale } from './locale.ts';

/** Every message id; English is the reference set, and messages.test.ts holds Welsh to the same ids. */
export type MessageId = keyof typeof en;

/** The ICU messages of each language (one set of files for the UI and the server). */
export const MESSAGES: Record<Locale, Record<MessageId, string>> = { en, cy };
