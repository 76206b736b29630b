import { useParams } from 'react-router-dom';
import { PageSkeleton } from '../../components/page-skeleton';

const FEED_TITLES: Record<string, string> = { general: 'お知らせ', personal: 'あなたへのお知らせ' };

export function NotificationListPage() {
  const { feedCategory = 'general' } = useParams();
  return <PageSkeleton title={FEED_TITLES[feedCategory] ?? 'お知らせ'} />;
}

export function NotificationDetailPage() {
  const { feedCategory = 'general' } = useParams();
  return <PageSkeleton title={FEED_TITLES[feedCategory] ?? 'お知らせ'} note="お知らせの本文" />;
}
