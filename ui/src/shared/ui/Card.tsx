import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './classNames.ts';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Heading level of the title, so a card fits the outline of the page it sits on. */
  headingLevel?: 2 | 3 | 4;
}

export function Card({ title, description, headingLevel = 2, className, children, ...rest }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={cx('card', className)} {...rest}>
      {(title || description) && (
        <header className="card__header">
          {title && <Heading className="card__title">{title}</Heading>}
          {description && <p className="card__description">{description}</p>}
        </header>
      )}
      {children}
    </section>
  );
}
