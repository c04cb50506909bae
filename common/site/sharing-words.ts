/**
 * The words of what leaves the site as a file, an image or a link (exports, preview images,
 * oEmbed, feeds), in either language: common/i18n/messages/<locale>/sharing.json as plain text.
 */
import cySharing from '../i18n/messages/cy/sharing.json' with { type: 'json' };
import enSharing from '../i18n/messages/en/sharing.json' with { type: 'json' };
import type { Locale } from '../i18n/locale.ts';
import { messageFormatter } from '../i18n/message-format.ts';

export type SharingWordId = keyof typeof enSharing;

export const sharingWord = messageFormatter<SharingWordId>({ en: enSharing, cy: cySharing });

/**
 * A title that travels (an oEmbed title, a feed entry's): marked as the synthetic sample's when the
 * data is, so a shared or saved copy never passes for real police records.
 */
export function syntheticTitle(title: string, synthetic: boolean, locale: Locale): string {
  return synthetic ? sharingWord(locale, 'sharing.synthetic.title', { title }) : title;
}
