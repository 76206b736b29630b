import { pageTitle } from '../lib/site';
import { PhraseText } from './phrase-text';

/**
 * A page that is still loading, or whose content arrives with a later part of the campus: the
 * heading and grey placeholder blocks, so the layout does not jump when the content comes.
 */
export function PageSkeleton({ title, note }: { title?: string; note?: string }) {
  return (
    <section className="page-skeleton" aria-busy={title ? undefined : true} aria-label={title ?? '読み込み中'}>
      {title ? (
        <>
          <title>{pageTitle(title)}</title>
          <h1><PhraseText text={title} /></h1>
        </>
      ) : null}
      {note ? <p>{note}</p> : null}
      <div className="page-skeleton__block" aria-hidden="true" />
      <div className="page-skeleton__block page-skeleton__block--short" aria-hidden="true" />
      <div className="page-skeleton__block" aria-hidden="true" />
    </section>
  );
}
