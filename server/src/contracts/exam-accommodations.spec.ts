import { accommodationApplies, examAccommodationRequestSchema, extraMinutesOf } from './exam-accommodations';

const fieldOf = (input: unknown) => {
  const result = examAccommodationRequestSchema.safeParse(input);
  return result.success ? 'valid' : result.error.issues[0]!.path.join('.');
};

describe('exam accommodation request', () => {
  it.each([
    [{ extraMinutes: 15, note: 'x' }, 'valid'],
    [{ extraPercent: 50, endsOn: '2026-12-31', note: 'x' }, 'valid'],
    [{ extraMinutes: 240, extraPercent: null, endsOn: null, note: 'x' }, 'valid'],
    [{ extraMinutes: 0, note: 'x' }, 'extraMinutes'],
    [{ extraMinutes: -5, note: 'x' }, 'extraMinutes'],
    [{ extraMinutes: 241, note: 'x' }, 'extraMinutes'],
    [{ extraMinutes: 1.5, note: 'x' }, 'extraMinutes'],
    [{ extraMinutes: '15', note: 'x' }, 'extraMinutes'],
    [{ extraPercent: 0, note: 'x' }, 'extraPercent'],
    [{ extraPercent: 201, note: 'x' }, 'extraPercent'],
    [{ note: 'x' }, 'extraMinutes'],
    [{ extraMinutes: 10, extraPercent: 10, note: 'x' }, 'extraPercent'],
    [{ extraMinutes: 10, endsOn: '2026/12/31', note: 'x' }, 'endsOn'],
    [{ extraMinutes: 10, endsOn: '2026-02-30', note: 'x' }, 'endsOn'],
    [{ extraMinutes: 10, note: '  ' }, 'note'],
    [{ extraMinutes: 10 }, 'note'],
    [{ extraMinutes: 10, note: 'x', learner: 'someone' }, ''],
  ])('%j → %s', (input, field) => {
    expect(fieldOf(input)).toBe(field);
  });
});

describe('extra minutes at an exam’s start', () => {
  it('takes minutes as they are and rounds a percentage up to whole minutes', () => {
    expect(extraMinutesOf(30, { extraMinutes: 15, extraPercent: null, endsOn: null })).toBe(15);
    expect(extraMinutesOf(30, { extraMinutes: null, extraPercent: 50, endsOn: null })).toBe(15);
    expect(extraMinutesOf(40, { extraMinutes: null, extraPercent: 33, endsOn: null })).toBe(14);
    expect(extraMinutesOf(1, { extraMinutes: null, extraPercent: 1, endsOn: null })).toBe(1);
    expect(extraMinutesOf(30, null)).toBe(0);
  });

  it('applies through its last Tokyo day', () => {
    expect(accommodationApplies({ endsOn: null }, '2026-11-27')).toBe(true);
    expect(accommodationApplies({ endsOn: '2026-11-27' }, '2026-11-27')).toBe(true);
    expect(accommodationApplies({ endsOn: '2026-11-26' }, '2026-11-27')).toBe(false);
  });
});
