import type { ReactNode, Ref } from 'react';
import { cx } from './classNames.ts';

export interface AlertProps {
  variant?: 'default' | 'destructive' | 'success';
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  id?: string;
  /** Set to -1 for an alert that focus is moved to (bringIntoView). */
  tabIndex?: number;
  ref?: Ref<HTMLDivElement>;
}

/** An inline message. Destructive alerts use role="alert" so assistive technology reads them at once. */
export function Alert({ variant = 'default', title, children, className, id, tabIndex, ref }: AlertProps) {
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={tabIndex}
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cx('alert', `alert--${variant}`, className)}
    >
      {title && <p className="alert__title">{title}</p>}
      {children && <div className="alert__body">{children}</div>}
    </div>
  );
}
