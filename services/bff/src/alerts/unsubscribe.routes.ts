import type { ApiRouter } from '../http/api-router';
import type { AlertsGateway } from './alerts.gateway';
import { UnsubscribeForm, UnsubscribeQuery, UnsubscribeResponse } from './alerts.schemas';
import { readOneClickForm } from './one-click-form';

const BAD_TOKEN = { description: 'The token is not one of ours (or names an alert that no longer exists)' };

/**
 * /api/unsubscribe?token=: an alert e-mail's one-click unsubscribe (RFC 8058). No session: the
 * signed token says which user and alert. GET says what it would stop (the /unsubscribe page);
 * POST stops it, and is what mail clients send (`List-Unsubscribe=One-Click`, form-encoded, no
 * cookies, so no CSRF token either: the token is the credential, and the only effect is e-mail off);
 * a POST without exactly that body is refused, so only a deliberate one-click turns e-mail off.
 */
export function registerUnsubscribeRoutes(api: ApiRouter, deps: { alerts: AlertsGateway }): void {
  const { alerts } = deps;

  api.route(
    {
      method: 'get',
      path: '/api/unsubscribe',
      tag: 'alerts',
      access: 'public',
      query: UnsubscribeQuery,
      summary: "What an e-mail's unsubscribe token stops (one alert's e-mail), and whether it already is",
      responses: { 200: { description: 'The alert the token names', schema: UnsubscribeResponse }, 404: BAD_TOKEN },
    },
    async ({ query }, _req, res) => {
      res.json(await alerts.describeUnsubscribe(query.token));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/unsubscribe',
      tag: 'alerts',
      access: 'public',
      csrfExempt: true,
      query: UnsubscribeQuery,
      streamedBody: { contentType: 'application/x-www-form-urlencoded', schema: UnsubscribeForm },
      summary: "One-click unsubscribe (RFC 8058): turns e-mail off for the token's alert; repeating it is fine",
      responses: {
        200: { description: 'E-mail for the alert is off', schema: UnsubscribeResponse },
        400: { description: 'No token, or the body is not exactly the form List-Unsubscribe=One-Click' },
        404: BAD_TOKEN,
      },
    },
    async ({ query }, req, res) => {
      await readOneClickForm(req);
      res.json(await alerts.unsubscribe(query.token));
    },
  );
}
