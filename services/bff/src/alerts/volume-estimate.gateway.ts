import { InputError } from '@docket/errors';
import * as searchV1 from '@docket/proto/src/search';
import { grpcCall } from '@docket/service-kit';
import type { VolumeEstimateRequest, VolumeEstimateView } from './alert-view';

/** How many documents an alert's query and filters would have matched per day: SearchService.EstimateVolume. */
export class VolumeEstimateGateway {
  constructor(private readonly client: searchV1.SearchServiceClient) {}

  async estimate(request: VolumeEstimateRequest, signal?: AbortSignal): Promise<VolumeEstimateView> {
    let response: searchV1.EstimateVolumeResponse;
    try {
      response = await grpcCall(
        this.client,
        'estimateVolume',
        { query: request.query, filters: request.filters, days: request.days },
        { signal },
      );
    } catch (error) {
      // The engine names proto fields (`filters.filed_from`); the caller sent `filters.filedFrom`.
      if (error instanceof InputError) {
        throw new InputError(
          error.message,
          error.issues.map((issue) => ({
            ...issue,
            path: issue.path.replace(/_([a-z])/gu, (_m, c: string) => c.toUpperCase()),
          })),
        );
      }
      throw error;
    }
    return {
      total: Number(response.total),
      perDay: response.perDay,
      days: response.days.map((d) => ({ day: d.day, count: Number(d.count) })),
      from: response.from,
      to: response.to,
    };
  }
}
