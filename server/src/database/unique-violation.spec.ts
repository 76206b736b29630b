import { isUniqueViolation } from './unique-violation';

describe('isUniqueViolation', () => {
  const violation = (constraint?: string) => Object.assign(new Error('duplicate key'), { code: '23505', constraint });

  it('finds the named constraint in the error or in its cause chain', () => {
    expect(isUniqueViolation(violation('users_subject_unique'), 'users_subject_unique')).toBe(true);
    const wrapped = new Error('Failed query', { cause: new Error('inner', { cause: violation('users_subject_unique') }) });
    expect(isUniqueViolation(wrapped, 'users_subject_unique')).toBe(true);
  });

  it('counts a violation whose driver names no constraint', () => {
    expect(isUniqueViolation(violation(), 'users_subject_unique')).toBe(true);
  });

  it('is false for another constraint, another error code, or no error', () => {
    expect(isUniqueViolation(violation('events_stream_version_key'), 'users_subject_unique')).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('fk'), { code: '23503' }), 'users_subject_unique')).toBe(false);
    expect(isUniqueViolation(new Error('plain'), 'users_subject_unique')).toBe(false);
    expect(isUniqueViolation(undefined, 'users_subject_unique')).toBe(false);
  });
});
