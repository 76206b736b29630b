import { expect, test } from '@playwright/test';
import { expectAccessible, openLoggedIn, watchConsole } from './support';

const BANK_PAGE = '/admin/studio/questions/yahoo-ads-searchads-basic';

test.describe('content studio: the question bank', () => {
  test('an admin writes a question, publishes it, and a second admin saving an older version is told and shown the newer one', async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await openLoggedIn(browser, 'admin', '管理 花子');
    const problems = watchConsole(admin);
    await admin.goto('/admin/studio');
    await admin.getByRole('link', { name: /問題バンク/ }).click();
    await admin.getByRole('link', { name: /Yahoo!広告 検索広告 Basic/ }).click();
    await expect(admin.getByRole('heading', { level: 1, name: '問題バンクの編集' })).toBeVisible();
    await expect(admin.getByRole('table').filter({ hasText: '問題 ID' }).getByRole('row')).not.toHaveCount(0);
    await expectAccessible(admin);

    // A new question: refused without its explanation, saved as a draft once complete, then published.
    await admin.getByRole('button', { name: '問題を追加' }).click();
    const form = admin.getByRole('form', { name: '新しい問題' });
    const prompt = `スタジオの E2E で書いた問題 ${Date.now().toString(36)}`;
    await form.getByLabel('問題文').fill(prompt);
    await form.getByRole('textbox', { name: '選択肢 1' }).fill('正しい答え');
    await form.getByRole('textbox', { name: '選択肢 2' }).fill('誤った答え');
    await form.getByRole('textbox', { name: '選択肢 3' }).fill('もう一つの誤り');
    await form.getByRole('button', { name: '下書き保存' }).click();
    await expect(form.getByLabel('解説')).toHaveAccessibleDescription('解説を入力してください');
    await form.getByLabel('解説').fill('正しい答えが正解です。');
    await form.getByRole('button', { name: '下書き保存' }).click();
    await expect(admin.getByText(/第 1 版の下書きを保存しました。/)).toBeVisible();
    const editor = admin.getByRole('form', { name: /^問題 .+ の編集$/ });
    await editor.getByRole('button', { name: '公開する' }).click();
    await expect(admin.getByText('公開しました。次の試験から出題されます。')).toBeVisible();
    const questionId = (await editor.getByRole('heading').textContent())!.match(/問題 (\S+)（/)![1]!;
    await expect(admin.getByRole('row', { name: new RegExp(questionId) })).toContainText('公開中');

    // A second admin opens the same question, the first edits it; the second's save is refused.
    const other = await openLoggedIn(browser, 'admin', '管理 花子');
    await other.goto(BANK_PAGE);
    await other.getByRole('button', { name: questionId }).click();
    await editor.getByLabel('問題文').fill(`${prompt}（一人目が修正）`);
    await editor.getByRole('button', { name: '下書き保存' }).click();
    await expect(admin.getByText(/第 3 版の下書きを保存しました。/)).toBeVisible();
    const otherEditor = other.getByRole('form', { name: `問題 ${questionId} の編集` });
    await otherEditor.getByLabel('問題文').fill(`${prompt}（二人目が修正）`);
    await otherEditor.getByRole('button', { name: '下書き保存' }).click();
    const conflict = other.getByRole('alert').filter({ hasText: '他の管理者が先に更新しました' });
    await expect(conflict).toContainText('（一人目が修正）');
    await conflict.getByRole('button', { name: '最新の版を読み込む' }).click();
    await expect(otherEditor.getByLabel('問題文')).toHaveValue(`${prompt}（一人目が修正）`);
    expect(problems.filter((problem) => !/status of 400 .*\/api\/v1\/admin\/studio\//.test(problem))).toEqual([]);
  });
});
