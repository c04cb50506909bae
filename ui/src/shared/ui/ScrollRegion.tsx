import type { ReactNode } from 'react';
import { cx } from './classNames.ts';

/**
 * A box that scrolls sideways when its table is wider than the screen. It is a named Tab stop, so
 * a keyboard user can scroll it with the arrow keys (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx('scroll-region', className)} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
