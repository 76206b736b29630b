import { useSearchParams } from 'react-router-dom';
import type { MailLink } from '../../features/mail-links/api/follow-mail-link';
import { MailLinkPage } from '../../features/mail-links/components/mail-link-page';

function MailLinkRoute({ link }: { link: MailLink }) {
  const token = useSearchParams()[0].get('token');
  // A new token in the same tab is a new question.
  return <MailLinkPage key={token ?? ''} link={link} token={token} />;
}

/** /mail/unsubscribe?token=… — public: the page a mail's 配信を停止する link opens (no login needed). */
export const MailUnsubscribePage = () => <MailLinkRoute link="unsubscribe" />;

/** /mail/confirm?token=… — public: the page the confirmation mail of a new profile address opens. */
export const MailConfirmPage = () => <MailLinkRoute link="confirm-address" />;
