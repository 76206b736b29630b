import { examResultView } from './exam-result.view';

const exam = {
  questionCount: 6,
  minutes: 30,
  passPercent: 70,
  retakeWaitHours: 24,
  topics: { basics: 2, friends: 2, analytics: 2 },
  topicNames: { basics: 'アカウントの基本', friends: '友だち集め', analytics: '分析' },
};

const viewOf = (topics: string[]) =>
  examResultView({
    examSessionId: 'session-1',
    courseSlug: 'line-official-account-basic',
    finishedAt: new Date('2026-11-27T03:00:00.000Z'),
    score: { correct: 6, total: 6, percent: 100, passed: true, topics: topics.map((topic) => ({ topic, correct: 2, total: 2 })) },
    exam,
  });

describe('examResultView', () => {
  it('lists the topics in the course’s order whatever order the session drew them in, with their names', () => {
    const names = ['アカウントの基本', '友だち集め', '分析'];
    expect(viewOf(['analytics', 'basics', 'friends']).topics.map((topic) => topic.name)).toEqual(names);
    expect(viewOf(['friends', 'analytics', 'basics']).topics.map((topic) => topic.name)).toEqual(names);
  });

  it('puts a topic the course no longer lists last, under its slug', () => {
    expect(viewOf(['retired', 'friends', 'basics']).topics.map((topic) => topic.name)).toEqual(['アカウントの基本', '友だち集め', 'retired']);
  });
});
