import { CERTIFICATION_COURSES, type CertificationSlug } from '@campus/contracts/catalogue-slugs';
import { useParams } from 'react-router-dom';
import { PageSkeleton } from '../../components/page-skeleton';

// The router's loaders have checked the certification slug before these render.
const useCourseLabel = () => CERTIFICATION_COURSES[useParams().courseSlug as CertificationSlug].label;

export const BadgeLandingPage = () => <PageSkeleton title="マーケティングスキルバッジ" />;
export const CertificationCoursePage = () => <PageSkeleton title={useCourseLabel()} />;
export const CertificationLessonPage = () => <PageSkeleton title={`${useCourseLabel()} のレッスン`} />;
export const ExamPolicyPage = () => <PageSkeleton title={`${useCourseLabel()} 受験規約`} />;
export const ExamPage = () => <PageSkeleton title={`${useCourseLabel()} 認定試験`} />;
export const ExamResultPage = () => <PageSkeleton title={`${useCourseLabel()} 試験結果`} />;
