import { answerHref, answerIdOf, PENDING_ANSWER_ATTEMPTS, pendingAnswerDelay } from '../../components/query/answer-url';

describe('an answer’s address', () => {
  it('is the workspace’s question page naming the answer', () => {
    expect(answerHref('w 1', 'q/1')).toBe('/workspaces/w%201/query?answer=q%2F1');
  });

  it('reads the first ?answer= value, trimmed, and ignores an absurd one', () => {
    expect(answerIdOf(' q1 ')).toBe('q1');
    expect(answerIdOf(['q1', 'q2'])).toBe('q1');
    expect(answerIdOf(undefined)).toBe('');
    expect(answerIdOf('x'.repeat(201))).toBe('');
  });

  it('waits a little longer each time for an answer still being written, about two minutes in all', () => {
    expect(pendingAnswerDelay(0)).toBe(500);
    expect(pendingAnswerDelay(1)).toBe(750);
    expect(pendingAnswerDelay(100)).toBe(3000);
    const total = Array.from({ length: PENDING_ANSWER_ATTEMPTS }, (_, i) => pendingAnswerDelay(i)).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(90_000);
    expect(total).toBeLessThan(150_000);
  });
});
