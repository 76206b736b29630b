import { PhraseText } from '../../../components/phrase-text';
import { DOWNLOAD_LABEL } from '../certificate-labels';

/**
 * A plain link, not a fetch: the browser downloads the PDF itself, with the session cookie, its
 * own progress display and the server's file name (Content-Disposition: attachment).
 */
export function DownloadLink({ href, primary = true }: { href: string; primary?: boolean }) {
  return (
    <a className={`button${primary ? ' button--primary' : ''} certificate-download`} href={href} download>
      <PhraseText text={DOWNLOAD_LABEL} />
    </a>
  );
}
