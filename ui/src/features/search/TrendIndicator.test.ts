import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { INTL_LOCALE, type Locale } from '../../../../common/i18n/locale.ts';
import { MESSAGES } from '../../../../common/i18n/messages.ts';
import { TrendIndicator, type TrendIndicatorProps } from './TrendIndicator.tsx';

function render(props: TrendIndicatorProps, locale: Locale = 'en'): string {
  return renderToStaticMarkup(
    createElement(
      IntlProvider,
      { locale: INTL_LOCALE[locale], messages: MESSAGES[locale] },
      createElement(TrendIndicator, props),
    ),
  );
}

/** What a sighted reader sees: the markup without the screen-reader-only words. */
function visibleText(html: string): string {
  return html
    .replace(/<span class="visually-hidden">.*?<\/span>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('TrendIndicator', () => {
  it('shows a rise in red with the percentage to 1 decimal and the short comparison months', () => {
    const html = render({ percentage: 12.5, direction: 'up', comparisonMonths: ['2025-05', '2025-06'] });
    expect(html).toContain('trend--up');
    expect(visibleText(html)).toBe('+12.5% Jun 2025 vs May 2025');
    expect(html).toContain('Up +12.5%, Jun 2025 vs May 2025');
  });

  it('shows a fall in green', () => {
    const html = render({ percentage: -3, direction: 'down', size: 'small' });
    expect(html).toContain('trend--down');
    expect(visibleText(html)).toBe('−3.0%');
  });

  it('says "No significant change" when stable, and only a dash in small size', () => {
    const html = render({ percentage: 1.2, direction: 'stable', comparisonMonths: ['2025-05', '2025-06'] });
    expect(html).toContain('trend--stable');
    expect(visibleText(html)).toBe('No significant change Jun 2025 vs May 2025');
    const small = render({ percentage: 1.2, direction: 'stable', size: 'small' });
    expect(visibleText(small)).toBe('');
    expect(small).toContain('<path d="M2 8 L14 8"');
    expect(small).toContain('No significant change');
  });

  it('speaks Welsh on a Welsh page', () => {
    const stable = render({ percentage: 1.2, direction: 'stable' }, 'cy');
    expect(visibleText(stable)).toBe('Dim newid sylweddol');
    const few = render({ percentage: 40, direction: 'up', comparable: false }, 'cy');
    expect(visibleText(few).replace(/&#x27;/g, "'")).toBe("Rhy ychydig o droseddau i'w cymharu");
    expect(render({ percentage: 12.5, direction: 'up' }, 'cy')).toContain('I fyny +12.5%');
  });
});
