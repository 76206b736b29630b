import { useParams } from 'react-router-dom';
import { PageSkeleton } from '../../components/page-skeleton';

// Mypage screens; their content comes with the catalogue and certification issues.
export const ProfilePage = () => <PageSkeleton title="プロフィール" />;
export const ProfileEditPage = () => <PageSkeleton title="プロフィールの編集" />;
export const HistoryPage = () => <PageSkeleton title="受講履歴" />;
export const WishlistPage = () => <PageSkeleton title="受講したいリスト" />;
export const CertificatesPage = () => <PageSkeleton title="修了証" />;

export function CertificatePage() {
  const { certificateSlug } = useParams();
  return <PageSkeleton title="修了証の詳細" note={certificateSlug} />;
}
