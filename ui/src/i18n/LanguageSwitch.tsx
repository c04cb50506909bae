import { useRouterState } from '@tanstack/react-router';
import { LANGUAGE_NAME, localizedPath, otherLocale } from '../../../common/i18n/locale.ts';
import { PAGE_LOCALE, rememberLocale } from './pageLocale.ts';
import './languageSwitch.css';

/**
 * "Cymraeg" on an English page, "English" on a Welsh one: a plain link to the same page in the
 * other language (a full load, so the whole page changes language), keeping the choice in a cookie.
 */
export function LanguageSwitch() {
  const href = useRouterState({ select: (state) => state.location.href });
  const other = otherLocale(PAGE_LOCALE);
  return (
    <a
      className="language-switch"
      href={localizedPath(href, other)}
      hrefLang={other}
      lang={other}
      onClick={() => rememberLocale(other)}
    >
      {LANGUAGE_NAME[other]}
    </a>
  );
}
