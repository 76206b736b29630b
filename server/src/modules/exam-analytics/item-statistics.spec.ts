import { correlation, itemStatistics, type Outcome } from './item-statistics';

const at = new Date('2026-11-01T00:00:00Z');

/** Sessions s0…s(n−1) answering q-easy always right, q-neg right only in the weaker half, q-good right only in the stronger half. */
function seeded(sessions: number): Outcome[] {
  const outcomes: Outcome[] = [];
  for (let index = 0; index < sessions; index += 1) {
    const strong = index >= sessions / 2;
    const id = `s${index}`;
    outcomes.push({ examSessionId: id, questionId: 'q-easy', correct: true, startedAt: at });
    outcomes.push({ examSessionId: id, questionId: 'q-neg', correct: !strong, startedAt: at });
    outcomes.push({ examSessionId: id, questionId: 'q-good', correct: strong, startedAt: new Date(at.getTime() + index * 1000) });
    // Two more items that make the strong sessions strong.
    for (const extra of ['x1', 'x2']) outcomes.push({ examSessionId: id, questionId: extra, correct: strong, startedAt: at });
  }
  return outcomes;
}

describe('correlation', () => {
  it('matches a hand-computed value and says nothing for a constant series', () => {
    // x = [1, 0, 1, 0], y = [3, 1, 2, 2]: cov = 1, var x = 1, var y = 2 → r = 1 / √2.
    expect(correlation([1, 0, 1, 0], [3, 1, 2, 2])).toBeCloseTo(1 / Math.SQRT2, 10);
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeNull();
  });
});

describe('item statistics', () => {
  const bank = ['q-easy', 'q-neg', 'q-good', 'x1', 'x2', 'q-never'].map((questionId) => ({ questionId, topic: 't' }));
  const { gradedSessions, items } = itemStatistics(seeded(20), bank, { t: 5 });
  const item = (id: string) => items.find((candidate) => candidate.questionId === id)!;

  it('counts attempts, the share right and the exposure', () => {
    expect(gradedSessions).toBe(20);
    expect(item('q-easy')).toMatchObject({ attempts: 20, pValue: 1, exposure: 1, discrimination: null });
    expect(item('q-good')).toMatchObject({ attempts: 20, pValue: 0.5 });
    expect(item('q-good').lastDrawnAt).toBe(new Date(at.getTime() + 19_000).toISOString());
    expect(item('q-never')).toMatchObject({ attempts: 0, pValue: null, exposure: 0, lastDrawnAt: null, flags: [] });
  });

  it('gives a positive discrimination to the item the strong get right and a negative one to the item only the weak get right', () => {
    // Rest scores: strong sessions 3 (q-easy, x1, x2) beside q-good; weak sessions 1 (q-easy) — a perfect split.
    expect(item('q-good').discrimination).toBeCloseTo(1, 10);
    expect(item('q-neg').discrimination).toBeLessThan(0);
    expect(item('q-neg').flags).toContain('negativeDiscrimination');
    expect(item('q-easy').flags).toContain('tooEasy');
  });

  it('splits the share right by thirds of the total score', () => {
    const bands = Object.fromEntries(item('q-good').byScoreBand.map((band) => [band.band, band.pValue]));
    expect(bands.lower).toBe(0);
    expect(bands.upper).toBe(1);
  });

  it('flags an item drawn far more than its topic share allows', () => {
    // The blueprint draws 1 of 6 in the topic: a fair share of 1/6, while every session drew q-easy.
    const narrow = itemStatistics(seeded(20), bank, { t: 1 });
    expect(narrow.items.find((candidate) => candidate.questionId === 'q-easy')!.flags).toContain('overExposed');
  });
});
