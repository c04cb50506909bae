import type { ReactNode } from 'react';
import { cx } from './classNames.ts';

export interface AlertProps {
  variant?: 'default' | 'destructive' | 'success';
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** An inline message. Destructive alerts use role="alert" so assistive technology reads them at once. */
export function Alert({ variant = 'default', title, children, className }: AlertProps) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cx('alert', `alert--${variant}`, className)}
    >
      {title && <p className="alert__title">{title}</p>}
      {children && <div className="alert__body">{children}</div>}
    </div>
  );
}
