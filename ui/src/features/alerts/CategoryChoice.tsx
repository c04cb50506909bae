import { useId } from 'react';
import { useIntl } from 'react-intl';
import { CRIME_CATEGORIES } from '../../../../common/crime/categories.ts';
import { welshCategoryName } from '../../../../common/i18n/glossary-cy.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';

const categoryName = (slug: string, english: string) =>
  PAGE_LOCALE === 'cy' ? (welshCategoryName(slug) ?? english) : english;

/**
 * The crime categories an alert counts, as ticks (police.uk's names, Welsh from the glossary).
 * None ticked counts every category, as the API and the mail say.
 */
export function CategoryChoice({
  chosen,
  onChange,
}: {
  chosen: readonly string[];
  onChange: (next: readonly string[]) => void;
}) {
  const intl = useIntl();
  const hintId = useId();
  const picked = new Set(chosen);
  function toggle(slug: string) {
    const next = new Set(picked);
    if (next.has(slug)) next.delete(slug);
    else next.add(slug);
    onChange(CRIME_CATEGORIES.map((c) => c.slug).filter((s) => next.has(s)));
  }
  return (
    <fieldset className="alert-categories" aria-describedby={hintId}>
      <legend className="field__label">{intl.formatMessage({ id: 'alerts.follow.categories' })}</legend>
      <p id={hintId} className="field__hint">
        {intl.formatMessage({ id: 'alerts.follow.categoriesHint' })}
      </p>
      <ul className="alert-categories__list">
        {CRIME_CATEGORIES.map((category) => (
          <li key={category.slug}>
            <label className="alert-categories__item">
              <input
                type="checkbox"
                checked={picked.has(category.slug)}
                onChange={() => toggle(category.slug)}
              />{' '}
              {categoryName(category.slug, category.label)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
