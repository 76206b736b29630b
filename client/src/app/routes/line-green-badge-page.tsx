import { PageSkeleton } from '../../components/page-skeleton';

/** Spec §2: a placeholder route whose content is not shown. */
export const LineGreenBadgePage = () => <PageSkeleton title="LINE Green Badge" note="このページは準備中です。" />;
