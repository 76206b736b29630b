import type { AgreementDocument } from '@campus/contracts/agreements';
import { Link } from 'react-router-dom';
import { pageTitle } from '../../../lib/site';
import { AGREEMENT_PAGES } from '../agreement-links';
import './agreement-document.css';
import { PhraseText } from '../../../components/phrase-text';

/**
 * The terms of service or the privacy policy, with the version a learner accepts. The body is the
 * server's rendering of the content pack's Markdown, raw HTML escaped and unsafe URLs unlinked
 * (server/src/core/markdown/render-markdown.ts).
 */
export function AgreementDocumentView({ document }: { document: AgreementDocument }) {
  const other = AGREEMENT_PAGES.find((page) => page.kind !== document.kind)!;
  return (
    <article className="agreement-document" aria-labelledby="agreement-document-title">
      <title>{pageTitle(document.title)}</title>
      <header className="agreement-document__header">
        <h1 id="agreement-document-title">
          <PhraseText text={document.title} />
        </h1>
        <p className="agreement-document__version">版：{document.version}</p>
      </header>
      <div className="agreement-document__body" dangerouslySetInnerHTML={{ __html: document.bodyHtml }} />
      <p className="agreement-document__other">
        <Link to={other.path}>{other.label}</Link>もあわせてご確認ください。
      </p>
    </article>
  );
}
