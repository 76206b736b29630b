import type { ExamAnalytics } from '@campus/contracts/exam-analytics';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import type { AnalyticsQuery } from '../api/get-exam-analytics';
import { examAnalyticsMachine } from '../machines/exam-analytics.machine';
import { ExamAnalyticsView } from './exam-analytics-view';

const emptyCourse = (courseSlug: string, title: string) => ({
  courseSlug,
  title,
  attempts: 0,
  passed: 0,
  passRate: null,
  series: [
    { period: '2026-11-16', attempts: 0, passed: 0, passRate: null },
    { period: '2026-11-23', attempts: 0, passed: 0, passRate: null },
  ],
});

const anAnalytics = (overrides: Partial<ExamAnalytics> = {}): ExamAnalytics => ({
  from: '2026-11-16',
  to: '2026-11-29',
  granularity: 'week',
  courses: [
    {
      courseSlug: 'line-ads-basic',
      title: 'LINE広告 Basic 認定講座',
      attempts: 10,
      passed: 6,
      passRate: 0.6,
      series: [
        { period: '2026-11-16', attempts: 4, passed: 1, passRate: 0.25 },
        { period: '2026-11-23', attempts: 6, passed: 5, passRate: 5 / 6 },
      ],
    },
    emptyCourse('yahoo-ads-searchads-basic', 'Yahoo!広告 検索広告 Basic 認定講座'),
  ],
  // Topics by their slugs and the names the courses' exams give them: the page shows the names.
  topics: [
    { courseSlug: 'line-ads-basic', topic: 'bidding', topicName: '入札', answered: 40, correctRate: 0.8 },
    { courseSlug: 'line-ads-basic', topic: 'targeting', topicName: 'ターゲティング', answered: 40, correctRate: 0.35 },
    { courseSlug: 'line-ads-basic', topic: 'unasked', topicName: '未出題', answered: 0, correctRate: null },
  ],
  questions: [
    { courseSlug: 'line-ads-basic', questionId: 'q7', topic: 'targeting', topicName: 'ターゲティング', prompt: '類似オーディエンスの元になるのはどれか', answered: 10, correctRate: 0.2 },
  ],
  reviews: [
    { courseSlug: 'line-ads-basic', title: 'LINE広告 Basic 認定講座', reviewCount: 4, averageScore: 4.25 },
    { courseSlug: 'line-ads-advanced', title: 'LINE広告 Advanced 認定講座', reviewCount: 0, averageScore: null },
  ],
  ...overrides,
});

const settle = (action: () => void = () => {}) =>
  act(async () => {
    action();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

async function renderView(load: (query: AnalyticsQuery) => Promise<ExamAnalytics>) {
  const queries: AnalyticsQuery[] = [];
  const logic = examAnalyticsMachine.provide({
    actors: {
      loadAnalytics: fromPromise<ExamAnalytics, AnalyticsQuery>(({ input }) => {
        queries.push(input);
        return load(input);
      }),
    },
  });
  // 2026-11-29 in Tokyo.
  await settle(() => render(<ExamAnalyticsView logic={logic} now={() => new Date('2026-11-28T16:00:00.000Z')} />));
  return queries;
}

describe('ExamAnalyticsView', () => {
  it('starts with the last 30 days by day over all courses, the controls labelled', async () => {
    const queries = await renderView(async () => anAnalytics());
    expect(queries).toEqual([{ from: '2026-10-31', to: '2026-11-29', granularity: 'day', courseSlug: '' }]);
    expect((screen.getByLabelText('開始日') as HTMLInputElement).value).toBe('2026-10-31');
    expect((screen.getByLabelText('終了日') as HTMLInputElement).value).toBe('2026-11-29');
    expect((screen.getByRole('radio', { name: '日' }) as HTMLInputElement).checked).toBe(true);
    const course = screen.getByRole('combobox', { name: 'コース' }) as HTMLSelectElement;
    expect(course.options[0]!.textContent).toBe('すべて');
    expect(course.options).toHaveLength(9);
    expect([...course.options].map((option) => option.textContent)).toContain('LINE広告 Basic');
  });

  it('draws a chart per course with attempts, described for screen readers, and the same numbers in a table', async () => {
    await renderView(async () => anAnalytics());
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '受験数と合格率',
      'トピック別の正答率',
      '正答率の低い問題',
      'コースレビューの平均点',
    ]);

    const chart = screen.getByRole('img', { name: /LINE広告 Basicの期間ごとの受験数/ });
    expect(chart.getAttribute('aria-label')).toBe('LINE広告 Basicの期間ごとの受験数（棒）と合格率（線）。受験 10 回、合格 6 回、合格率 60%。');
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    expect(chart.querySelectorAll('circle')).toHaveLength(2);
    // The taller bar is the period with more attempts.
    const [first, second] = [...chart.querySelectorAll('rect')].map((bar) => Number(bar.getAttribute('height')));
    expect(second!).toBeGreaterThan(first!);
    expect(chart.textContent).toContain('11/16〜');

    const table = screen.getByRole('table', { name: 'LINE広告 Basicの期間ごとの受験数と合格率' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['期間', '受験数', '合格数', '合格率'],
      ['2026年11月16日の週', '4', '1', '25%'],
      ['2026年11月23日の週', '6', '5', '83.3%'],
    ]);
    // No chart for a course nobody took; it is named instead.
    expect(screen.queryByRole('img', { name: /Yahoo!広告 検索広告 Basicの期間ごと/ })).toBeNull();
    expect(screen.getByText('この期間に受験のないコース: Yahoo!広告 検索広告 Basic')).toBeInTheDocument();
  });

  it('ranks topics hardest first, lists the hardest questions and the review scores', async () => {
    await renderView(async () => anAnalytics());

    const topics = screen.getByRole('img', { name: /トピック別の正答率/ });
    expect(topics.getAttribute('aria-label')).toContain('最も低いのはLINE広告 Basicの「ターゲティング」で 35%');
    const topicTable = screen.getByRole('table', { name: 'トピック別の正答率（低い順）' });
    expect(within(topicTable).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['ターゲティング', '入札']);

    const questions = screen.getByRole('table', { name: '正答率の低い問題（正答率の低い順）' });
    const [header, row] = within(questions).getAllByRole('row');
    // The arrows are for the eye (aria-hidden): sortable, and which order is on.
    expect([...header!.children].map((cell) => cell.textContent)).toEqual(['問題', 'トピック↕', '回答数↕', '正答率▲']);
    expect(within(row!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '類似オーディエンスの元になるのはどれか',
      'ターゲティングLINE広告 Basic',
      '10',
      '20%',
    ]);

    const reviews = screen.getByRole('img', { name: /コース別のレビュー平均点/ });
    expect(reviews.getAttribute('aria-label')).toBe('コース別のレビュー平均点（5 点満点）。LINE広告 Basic 4.25 点（4 件）。');
    expect(reviews.textContent).toContain('4.25（4 件）');
  });

  it('sorts the hardest questions by a column header, saying the order in the header and the caption', async () => {
    const question = (questionId: string, courseSlug: string, topicName: string, answered: number, correctRate: number) => ({
      courseSlug,
      questionId,
      topic: `topic-${questionId}`,
      topicName,
      prompt: `${questionId} の問題文`,
      answered,
      correctRate,
    });
    await renderView(async () =>
      anAnalytics({
        // Hardest first, as the server sends them.
        questions: [
          question('q1', 'line-ads-advanced', '入札の最適化', 4, 0.25),
          question('q2', 'line-ads-basic', 'ターゲティング', 12, 0.5),
          question('q3', 'line-ads-basic', 'クリエイティブ', 8, 0.75),
        ],
      }),
    );
    const table = () => screen.getByRole('table', { name: /^正答率の低い問題/ });
    const order = () => within(table()).getAllByRole('row').slice(1).map((row) => row.firstElementChild!.textContent!.split(' ')[0]);
    const header = (name: string) => within(table()).getByRole('columnheader', { name });
    expect(order()).toEqual(['q1', 'q2', 'q3']);
    expect(header('正答率').getAttribute('aria-sort')).toBe('ascending');
    expect(header('回答数').getAttribute('aria-sort')).toBeNull();
    expect(header('問題').querySelector('button')).toBeNull();

    await settle(() => fireEvent.click(within(header('回答数')).getByRole('button', { name: '回答数' })));
    expect(order()).toEqual(['q2', 'q3', 'q1']);
    expect(header('回答数').getAttribute('aria-sort')).toBe('descending');
    expect(header('正答率').getAttribute('aria-sort')).toBeNull();
    expect(table().querySelector('caption')!.textContent).toBe('正答率の低い問題（回答数の多い順）');

    await settle(() => fireEvent.click(within(header('回答数')).getByRole('button')));
    expect(order()).toEqual(['q1', 'q3', 'q2']);
    expect(header('回答数').getAttribute('aria-sort')).toBe('ascending');

    // Courses in the catalogue's order (Basic before Advanced), then topic names.
    await settle(() => fireEvent.click(within(header('トピック')).getByRole('button')));
    expect(order()).toEqual(['q3', 'q2', 'q1']);
    expect(table().querySelector('caption')!.textContent).toBe('正答率の低い問題（コースとトピックの順）');

    await settle(() => fireEvent.click(within(header('正答率')).getByRole('button')));
    expect(order()).toEqual(['q1', 'q2', 'q3']);
  });

  it('says so when nobody took an exam in the range, still showing the reviews', async () => {
    await renderView(async () =>
      anAnalytics({ courses: [emptyCourse('line-ads-basic', 'LINE広告 Basic 認定講座')], topics: [], questions: [] }),
    );
    expect(screen.getByText('この期間の受験はありません')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'トピック別の正答率' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'コースレビューの平均点' })).toBeInTheDocument();
  });

  it('asks with the chosen range, unit and course on 表示する', async () => {
    const queries = await renderView(async () => anAnalytics());
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-09-01' } });
    fireEvent.click(screen.getByRole('radio', { name: '週' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'コース' }), { target: { value: 'line-ads-basic' } });
    expect(queries).toHaveLength(1);

    await settle(() => fireEvent.click(screen.getByRole('button', { name: '表示する' })));
    expect(queries[1]).toEqual({ from: '2026-09-01', to: '2026-11-29', granularity: 'week', courseSlug: 'line-ads-basic' });
  });

  it('shows the server’s message for a bad range next to the dates, keeping what was typed', async () => {
    await renderView(async (query) => {
      if (query.from > query.to) throw new ApiError({ message: 'from は to より前の日付にしてください', status: 400, code: 'VALIDATION_FAILED', field: 'from' });
      return anAnalytics();
    });
    const from = screen.getByLabelText('開始日') as HTMLInputElement;
    fireEvent.change(from, { target: { value: '2026-12-31' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '表示する' })));

    const message = screen.getByText('from は to より前の日付にしてください');
    const controls = screen.getByRole('form', { name: '集計の条件' });
    expect(controls.contains(message)).toBe(true);
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.getByLabelText('終了日').getAttribute('aria-invalid')).toBeNull();
    expect(from.value).toBe('2026-12-31');
  });

  it('shows a failure with 再試行, and keeps the charts with the submit disabled while updating', async () => {
    let fail = true;
    let hold = false;
    await renderView(async () => {
      if (hold) return new Promise<ExamAnalytics>(() => {});
      if (fail) throw new ApiError({ message: '通信エラーが発生しました', status: 0, code: 'NETWORK_ERROR' });
      return anAnalytics();
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('通信エラーが発生しました');
    fail = false;
    await settle(() => fireEvent.click(within(alert).getByRole('button', { name: '再試行' })));
    expect(screen.getByRole('img', { name: /LINE広告 Basicの期間ごと/ }).tagName.toLowerCase()).toBe('svg');

    hold = true;
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '表示する' })));
    expect((screen.getByRole('button', { name: '表示する' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('（更新中…）')).toBeInTheDocument();
  });

  it('shows a skeleton until the first answer', async () => {
    await renderView(() => new Promise<ExamAnalytics>(() => {}));
    expect(screen.getByText('集計を読み込んでいます…')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
