import { dataPreview, failedJobView } from './failed-job-view';

describe('failed job view', () => {
  it('shows short data whole and cuts long data to 200 characters', () => {
    expect(dataPreview({ type: 'ExamGraded' })).toBe('{"type":"ExamGraded"}');
    const long = dataPreview({ text: 'あ'.repeat(500) });
    expect(long).toHaveLength(200);
    expect(long.startsWith('{"text":"あああ')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
    expect(dataPreview(undefined)).toBe('null');
  });

  it('gives the times as ISO strings, failedAt from when the job last finished', () => {
    const view = failedJobView({
      id: 'grade-exam-when-exam-submitted@e1',
      name: 'grade-exam-when-exam-submitted',
      failedReason: 'boom',
      attemptsMade: 5,
      timestamp: Date.parse('2026-01-02T03:04:05Z'),
      finishedOn: Date.parse('2026-01-02T03:05:00Z'),
      data: { id: 'e1' },
    });
    expect(view).toEqual({
      jobId: 'grade-exam-when-exam-submitted@e1',
      name: 'grade-exam-when-exam-submitted',
      failedReason: 'boom',
      attemptsMade: 5,
      createdAt: '2026-01-02T03:04:05.000Z',
      failedAt: '2026-01-02T03:05:00.000Z',
      dataPreview: '{"id":"e1"}',
    });
    expect(failedJobView({ id: 'x', name: 'x', failedReason: 'x', attemptsMade: 1, timestamp: 0, finishedOn: undefined, data: null }).failedAt).toBeNull();
  });
});
