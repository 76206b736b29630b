import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { AdminPage } from '../../components/admin-page';
import { ExamQuestionView } from '../../features/exam/components/exam-question';
import { BlueprintForm } from '../../features/studio-questions/components/blueprint-form';
import { ItemStatisticsTable } from '../../features/studio-questions/components/item-statistics-table';
import { ExamPreviewView, type RenderLearnerQuestion } from '../../features/studio-questions/components/exam-preview';
import { QuestionBankOverview } from '../../features/studio-questions/components/question-bank-overview';
import { QuestionEditor } from '../../features/studio-questions/components/question-editor';
import { QuestionList } from '../../features/studio-questions/components/question-list';
import { questionEditPath } from '../../features/studio-questions/question-labels';
import '../../features/exam/components/exam.css';

/** The sample exam draws each question with the exam page's own component: what a learner will see. */
const renderLearnerQuestion: RenderLearnerQuestion = ({ question, number, count, chosen, onChoose }) => (
  <ExamQuestionView question={question} number={number} count={count} chosen={chosen} disabled={false} onChoose={onChoose} />
);

/** /admin/studio/questions — the certification courses and their banks. */
export function StudioQuestionBanksPage() {
  return (
    <AdminPage title="問題バンク">
      <QuestionBankOverview />
    </AdminPage>
  );
}

/** /admin/studio/questions/{courseSlug} */
export function StudioQuestionBankPage() {
  const { courseSlug = '' } = useParams();
  return (
    <AdminPage title="問題の一覧">
      <QuestionList key={courseSlug} courseSlug={courseSlug} />
    </AdminPage>
  );
}

/** /admin/studio/questions/{courseSlug}/new — once saved, the question moves to its own address. */
export function StudioQuestionNewPage() {
  const { courseSlug = '' } = useParams();
  const navigate = useNavigate();
  const onSaved = useCallback(
    (questionId: string, notice: string | null) => navigate(questionEditPath(courseSlug, questionId), { replace: true, state: { notice } }),
    [courseSlug, navigate],
  );
  return (
    <AdminPage title="新しい問題">
      <QuestionEditor key={courseSlug} courseSlug={courseSlug} questionId={null} onSaved={onSaved} />
    </AdminPage>
  );
}

/** /admin/studio/questions/{courseSlug}/edit/{questionId} — a new version of it, its moves and its history. */
export function StudioQuestionEditPage() {
  const { courseSlug = '', questionId = '' } = useParams();
  const notice = (useLocation().state as { notice?: string | null } | null)?.notice ?? null;
  return (
    <AdminPage title="問題の編集">
      <QuestionEditor key={`${courseSlug}/${questionId}`} courseSlug={courseSlug} questionId={questionId} notice={notice} />
    </AdminPage>
  );
}

/** /admin/studio/questions/{courseSlug}/blueprint */
export function StudioBlueprintPage() {
  const { courseSlug = '' } = useParams();
  return (
    <AdminPage title="出題設計">
      <BlueprintForm key={courseSlug} courseSlug={courseSlug} />
    </AdminPage>
  );
}

/** /admin/studio/questions/{courseSlug}/preview — nothing saved. */
export function StudioExamPreviewPage() {
  const { courseSlug = '' } = useParams();
  return (
    <AdminPage title="見本の試験（受講者の画面）">
      <ExamPreviewView key={courseSlug} courseSlug={courseSlug} renderQuestion={renderLearnerQuestion} />
    </AdminPage>
  );
}

/** /admin/studio/questions/{courseSlug}/statistics?question= — the item statistics, one question's chart. */
export function StudioItemStatisticsPage() {
  const { courseSlug = '' } = useParams();
  const selected = new URLSearchParams(useLocation().search).get('question');
  return (
    <AdminPage title="問題の統計">
      <ItemStatisticsTable key={courseSlug} courseSlug={courseSlug} selected={selected} />
    </AdminPage>
  );
}
