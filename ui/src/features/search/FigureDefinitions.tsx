import { Fragment, type ReactNode } from 'react';

export interface FigureDefinition {
  term: string;
  text: ReactNode;
}

/** What each figure of a card means, one click away from it (closed until asked for). */
export function FigureDefinitions({ title, items }: { title: string; items: readonly FigureDefinition[] }) {
  return (
    <details className="definitions">
      <summary>{title}</summary>
      <dl>
        {items.map((item) => (
          <Fragment key={item.term}>
            <dt>{item.term}</dt>
            <dd>{item.text}</dd>
          </Fragment>
        ))}
      </dl>
    </details>
  );
}
