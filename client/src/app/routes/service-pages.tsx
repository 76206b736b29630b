import { SERVICE_LABELS, type ServiceSlug } from '@campus/contracts/catalogue-slugs';
import { useParams } from 'react-router-dom';
import { PageSkeleton } from '../../components/page-skeleton';

// The router's loaders have checked the service slug before these render.
const useServiceLabel = () => SERVICE_LABELS[useParams().serviceSlug as ServiceSlug];

export const ServicePage = () => <PageSkeleton title={`${useServiceLabel()}を学ぶ`} />;
export const CoursePage = () => <PageSkeleton title={`${useServiceLabel()}のコース`} />;
export const LessonPage = () => <PageSkeleton title={`${useServiceLabel()}のレッスン`} />;

export const VideoServicePage = () => <PageSkeleton title={`動画で学ぶ ${useServiceLabel()}`} />;
export const VideoCoursePage = () => <PageSkeleton title={`${useServiceLabel()}の動画コース`} />;
export const VideoLessonPage = () => <PageSkeleton title={`${useServiceLabel()}の動画レッスン`} />;
