import type { Logger } from '@docket/observability';
import type {
  CreateAlertRequest,
  CreateAlertResponse,
  DeleteAlertRequest,
  DeleteAlertResponse,
  FollowDocketRequest,
  FollowDocketResponse,
  GetAlertRequest,
  GetAlertResponse,
  ListAlertHitsRequest,
  ListAlertHitsResponse,
  ListAlertsRequest,
  ListAlertsResponse,
  SetAlertPausedRequest,
  SetAlertPausedResponse,
  UpdateAlertRequest,
  UpdateAlertResponse,
} from '@docket/proto/src/alerts';
import { unary } from '@docket/service-kit';
import type { AlertHandlers } from '../alert-service.binding';
import { alertToProto, definitionInput, hitToProto, kindFilter, scheduleInput } from './alert.mapper';
import type { AlertService } from './alert.service';

/** The alerts' part of AlertService: alerts, docket follows and their hits. */
export function alertHandlers(deps: { alerts: AlertService; logger: Logger }): AlertHandlers {
  const { alerts, logger } = deps;
  return {
    createAlert: unary<CreateAlertRequest, CreateAlertResponse>(logger, async (request) => ({
      alert: alertToProto(
        await alerts.create(request.ownerUserId, request.ownerEmail, definitionInput(request.definition)),
      ),
    })),
    updateAlert: unary<UpdateAlertRequest, UpdateAlertResponse>(logger, async (request) => ({
      alert: alertToProto(
        await alerts.update(
          request.ownerUserId,
          request.ownerEmail,
          request.alertId,
          definitionInput(request.definition),
        ),
      ),
    })),
    getAlert: unary<GetAlertRequest, GetAlertResponse>(logger, async (request) => ({
      alert: alertToProto(await alerts.get(request.ownerUserId, request.alertId)),
    })),
    listAlerts: unary<ListAlertsRequest, ListAlertsResponse>(logger, async (request) => ({
      alerts: (await alerts.list(request.ownerUserId, kindFilter(request.kind))).map(alertToProto),
    })),
    deleteAlert: unary<DeleteAlertRequest, DeleteAlertResponse>(logger, async (request) => {
      await alerts.delete(request.ownerUserId, request.alertId);
      return {};
    }),
    setAlertPaused: unary<SetAlertPausedRequest, SetAlertPausedResponse>(logger, async (request) => ({
      alert: alertToProto(await alerts.setPaused(request.ownerUserId, request.alertId, request.paused)),
    })),
    listAlertHits: unary<ListAlertHitsRequest, ListAlertHitsResponse>(logger, async (request) => ({
      hits: (await alerts.hits(request.ownerUserId, request.alertId, request.limit)).map(hitToProto),
    })),
    followDocket: unary<FollowDocketRequest, FollowDocketResponse>(logger, async (request) => ({
      alert: alertToProto(
        await alerts.follow(request.ownerUserId, request.ownerEmail, {
          docket: request.docket,
          schedule: scheduleInput(request.schedule),
          channels: request.channels,
        }),
      ),
    })),
  };
}
