import type { ReactNode } from 'react';

export interface Fact {
  term: string;
  value: ReactNode;
}

/**
 * Short term–value pairs in a row: a course's level, time and lesson count, an exam's settings.
 * `compact` is the small print of a card; the default is the emphasised row of a page header.
 */
export function FactList({ facts, compact = false, className }: { facts: Fact[]; compact?: boolean; className?: string }) {
  const classes = ['fact-list', compact ? 'fact-list--compact' : null, className].filter(Boolean).join(' ');
  return (
    <dl className={classes}>
      {facts.map((fact) => (
        <div key={fact.term}>
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
