import { expect, type Page } from '@playwright/test';
import { correctAnswersOfRunningExam } from './exam-database';

/**
 * Passes a certification course's exam in the browser as the logged-in learner `loginId` (its profile
 * registered), all answers right, and opens the certificate it gives: the page ends on /mypage/certificates/{slug}.
 */
export async function passExamToCertificate(learner: Page, course: string, loginId: string): Promise<{ slug: string }> {
  await learner.goto(`/lineyahoo-marketing-skill-badge/courses/${course}/exam-policy`);
  await learner.getByRole('checkbox', { name: '受験規約に同意する' }).check();
  await learner.getByRole('button', { name: '受験を開始する' }).click();
  await answerRightAndSubmit(learner, course, loginId);
  await expect(learner.getByRole('heading', { name: '合格', exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(learner.getByRole('status').filter({ hasText: '認定証が発行されました。' })).toBeVisible({ timeout: 60_000 });
  await learner.getByRole('link', { name: '認定証を見る' }).click();
  await expect(learner).toHaveURL(/\/mypage\/certificates\/[A-Za-z0-9]+$/);
  return { slug: new URL(learner.url()).pathname.split('/').pop()! };
}

/** On the running exam page of `course`: every answer right (read from the drawn session), then 解答を送信する. */
export async function answerRightAndSubmit(learner: Page, course: string, loginId: string): Promise<void> {
  await expect(learner).toHaveURL(new RegExp(`${course}/exam$`));
  const questions = await correctAnswersOfRunningExam(course, `demo-${loginId}`);
  for (const [index, question] of questions.entries()) {
    if (index > 0) await learner.getByRole('button', { name: `問${index + 1}（未回答）` }).click();
    const group = learner.getByRole('group', { name: question.prompt });
    for (const text of question.correct) await group.getByText(text, { exact: true }).click();
  }
  await learner.getByRole('button', { name: '解答を送信する' }).click();
  await learner.getByRole('region', { name: '解答を送信しますか？' }).getByRole('button', { name: '送信する' }).click();
}
