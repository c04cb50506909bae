/**
 * Moves an error the visitor has to read into the middle of the screen and gives it focus, so a
 * phone shows it (not below the fold, nor under the sticky header) and a screen reader reads it.
 * Scrolled first and focused without scrolling again: focus alone scrolls only as far as the
 * nearest edge, where the header can cover it.
 */
export function bringIntoView(element: HTMLElement | null | undefined): void {
  if (!element) return;
  element.scrollIntoView({ block: 'center', inline: 'nearest' });
  element.focus({ preventScroll: true });
}
