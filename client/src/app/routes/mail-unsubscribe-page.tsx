import { useSearchParams } from 'react-router-dom';
import { MailUnsubscribe } from '../../features/mail-unsubscribe/components/mail-unsubscribe';

/** /mail/unsubscribe?token=… — public: the page a mail's 配信停止 link opens (no login needed). */
export function MailUnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  // A new token in the same tab is a new question.
  return <MailUnsubscribe key={token ?? ''} token={token} />;
}
