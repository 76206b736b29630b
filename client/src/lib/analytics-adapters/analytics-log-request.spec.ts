import { analyticsLogRequest, isRelayAnalyticsMessage } from './analytics-log-request';

describe('analyticsLogRequest', () => {
  it('posts JSON as the campus XHR, with the session cookie, keepalive only when asked', () => {
    const request = analyticsLogRequest('{"events":[]}', true);
    expect(request).toMatchObject({ method: 'POST', body: '{"events":[]}', credentials: 'same-origin', keepalive: true });
    expect(request.headers).toEqual({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' });
    expect(analyticsLogRequest('{}').keepalive).toBe(false);
  });
});

describe('isRelayAnalyticsMessage', () => {
  it('accepts the relay message with a text body', () => {
    expect(isRelayAnalyticsMessage({ type: 'campus:relay-analytics', body: '{"events":[]}' })).toBe(true);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'campus:relay-analytics'],
    ['another message', { type: 'SKIP_WAITING' }],
    ['no body', { type: 'campus:relay-analytics' }],
    ['a body that is not text', { type: 'campus:relay-analytics', body: { events: [] } }],
  ])('refuses %s', (_, data) => {
    expect(isRelayAnalyticsMessage(data)).toBe(false);
  });
});
