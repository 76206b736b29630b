import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectAccessible, watchConsole } from './support';

// Issue 32 point 6: a page of the exam's own layout that does not exist (an unknown course's exam) answers
// 404 with the 404 page inside the layout's one <main>; axe's landmark rules are moderate, so asked by name.
for (const width of [390, 1280]) {
  test(`at ${width} px: the exam layout's 404 page has exactly one main landmark holding it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const problems = watchConsole(page);
    const response = await page.goto('/lineyahoo-marketing-skill-badge/courses/no-such-course/exam');
    expect(response?.status()).toBe(404);
    const heading = page.getByRole('heading', { name: 'お探しのページはみつかりませんでした。' });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('heading', { name: 'お探しのページはみつかりませんでした。' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).withRules(['landmark-one-main', 'page-has-heading-one', 'region']).analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await expectAccessible(page);
    // The course's address is the catalogue's to know (the studio adds courses): the page asks, and the browser logs the 404.
    expect(problems.filter((problem) => !/status of 404 .*\/api\/v1\/certification-courses\/no-such-course\)$/.test(problem))).toEqual([]);
  });
}
