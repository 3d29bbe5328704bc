import type { z } from 'zod';
import type {
  AlertChannelsView,
  AlertDefinitionView,
  AlertFiltersView,
  AlertHitView,
  AlertScheduleView,
  AlertView,
  DeliveryView,
  NotificationEventView,
  NotificationView,
  UnsubscribeView,
  VolumeEstimateView,
  WebhookEndpointView,
} from '../../src/alerts/alert-view';
import type {
  Alert,
  AlertChannels,
  AlertDefinitionView as AlertDefinitionViewSchema,
  AlertFilters,
  AlertHit,
  AlertSchedule,
  Delivery,
  Notification,
  NotificationEvent,
  UnsubscribeResponse,
  VolumeEstimate,
  WebhookEndpoint,
} from '../../src/alerts/alerts.schemas';
import type {
  DataProductView,
  EntityProfileView,
  IngestionRunView,
  ReleaseView,
  SourceStatusView,
} from '../../src/catalog/catalog-view';
import type {
  CorpusLoad,
  DataProduct,
  EntityResponse,
  IngestionRun,
  Release,
  SourceStatus,
} from '../../src/catalog/catalog.schemas';
import type { CorpusLoadView } from '../../src/catalog/corpus-load-view';
import type {
  ColumnFigureView,
  CoverageColumnView,
  ProductSummaryView,
  ReleaseFiguresView,
} from '../../src/data-products/data-product-summary-view';
import type {
  ColumnFigure,
  CoverageColumn,
  ProductSummary,
  ReleaseFigures,
} from '../../src/data-products/data-product-summary.schemas';
import type {
  CellCitationView,
  ChangedRowView,
  ChangeLogView,
  ColumnChangeView,
  DataProductDetailView,
  ProductColumnView,
  ProductReleaseView,
  ReleaseRowsView,
} from '../../src/data-products/data-product-view';
import type {
  CellCitation,
  ChangedRow,
  ChangeLog,
  ColumnChange,
  DataProductDetail,
  ProductColumn,
  ProductRelease,
  ReleaseRowsResponse,
} from '../../src/data-products/data-products.schemas';
import type {
  DataSubscriptionChannelsView,
  DataSubscriptionFilterView,
  DataSubscriptionView,
} from '../../src/data-products/data-subscription-view';
import type {
  DataSubscription,
  DataSubscriptionChannelsView as DataSubscriptionChannelsSchema,
  DataSubscriptionFilterView as DataSubscriptionFilterSchema,
} from '../../src/data-products/data-subscriptions.schemas';
import type {
  AttachmentView,
  AttorneyView,
  DocketCourtView,
  DocketEntryView,
  DocketView,
  DocumentView,
  EntityRefView,
  FilingTypeCountView,
  MentionView,
  PageSpanView,
  PartyView,
  ProvenanceView,
  SourceView,
  UploadResultView,
} from '../../src/documents/document-view';
import type {
  Attachment,
  Attorney,
  Docket,
  DocketCourt,
  DocketEntry,
  Document,
  EntityRef,
  FilingTypeCount,
  Mention,
  PageSpan,
  Party,
  Provenance,
  Source,
  UploadResult,
} from '../../src/documents/documents.schemas';
import type {
  DownloadLinkView,
  ExportEstimateView,
  ExportLimitsView,
  ExportOptionsView,
  ExportProgressView,
  ExportView,
} from '../../src/exports/export-view';
import type {
  DownloadLink,
  Export,
  ExportEstimate,
  ExportLimits,
  ExportOptions,
  ExportProgress,
} from '../../src/exports/exports.schemas';
import type { ProcessView } from '../../src/processes/process-view';
import type { Process } from '../../src/processes/processes.schemas';
import type { AdminQueriesResponse, Citation, QueryFilters, StoredQuery } from '../../src/queries/queries.schemas';
import type { CitationView, QueryFiltersView, QuerySummaryView, QueryView } from '../../src/queries/query-view';
import type { SearchFacetView, SearchHitView, SearchResultView } from '../../src/search/search-view';
import type { SearchFacet, SearchHit, SearchResponse } from '../../src/search/search.schemas';
import type {
  PersonView,
  WorkspaceDetailView,
  WorkspaceFiltersView,
  WorkspaceMemberView,
  WorkspaceRequestView,
  WorkspaceSummaryView,
} from '../../src/workspaces/workspace-view';
import type {
  Person,
  WorkspaceDetail,
  WorkspaceFilters,
  WorkspaceMember,
  WorkspaceRequest,
  WorkspaceSummary,
} from '../../src/workspaces/workspaces.schemas';

// The gateways' view types and the HTTP schemas describe the same shapes from two sides (gateways
// may not import schemas). This file is compiled by the typecheck of npm test, never run: a view
// and its schema that part, in either direction, fail the build here.

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only when A and B are the same shape. */
const same = <A, B>(..._: Same<A, B> extends true ? [] : [never]): true => true;

export const viewsMatchSchemas = {
  AlertFilters: same<AlertFiltersView, z.output<typeof AlertFilters>>(),
  AlertSchedule: same<AlertScheduleView, z.output<typeof AlertSchedule>>(),
  AlertChannels: same<AlertChannelsView, z.output<typeof AlertChannels>>(),
  AlertDefinitionView: same<AlertDefinitionView, z.output<typeof AlertDefinitionViewSchema>>(),
  Alert: same<AlertView, z.output<typeof Alert>>(),
  AlertHit: same<AlertHitView, z.output<typeof AlertHit>>(),
  Delivery: same<DeliveryView, z.output<typeof Delivery>>(),
  Notification: same<NotificationView, z.output<typeof Notification>>(),
  NotificationEvent: same<NotificationEventView, z.output<typeof NotificationEvent>>(),
  WebhookEndpoint: same<WebhookEndpointView, z.output<typeof WebhookEndpoint>>(),
  DataSubscriptionFilter: same<DataSubscriptionFilterView, z.output<typeof DataSubscriptionFilterSchema>>(),
  DataSubscriptionChannels: same<DataSubscriptionChannelsView, z.output<typeof DataSubscriptionChannelsSchema>>(),
  DataSubscription: same<DataSubscriptionView, z.output<typeof DataSubscription>>(),
  UnsubscribeResponse: same<UnsubscribeView, z.output<typeof UnsubscribeResponse>>(),
  VolumeEstimate: same<VolumeEstimateView, z.output<typeof VolumeEstimate>>(),
  Release: same<ReleaseView, z.output<typeof Release>>(),
  DataProduct: same<DataProductView, z.output<typeof DataProduct>>(),
  IngestionRun: same<IngestionRunView, z.output<typeof IngestionRun>>(),
  SourceStatus: same<SourceStatusView, z.output<typeof SourceStatus>>(),
  CorpusLoad: same<CorpusLoadView, z.output<typeof CorpusLoad>>(),
  PageSpan: same<PageSpanView, z.output<typeof PageSpan>>(),
  Attachment: same<AttachmentView, z.output<typeof Attachment>>(),
  Provenance: same<ProvenanceView, z.output<typeof Provenance>>(),
  Document: same<DocumentView, z.output<typeof Document>>(),
  Attorney: same<AttorneyView, z.output<typeof Attorney>>(),
  Party: same<PartyView, z.output<typeof Party>>(),
  DocketCourt: same<DocketCourtView, z.output<typeof DocketCourt>>(),
  Docket: same<DocketView, z.output<typeof Docket>>(),
  DocketEntry: same<DocketEntryView, z.output<typeof DocketEntry>>(),
  EntityRef: same<EntityRefView, z.output<typeof EntityRef>>(),
  Mention: same<MentionView, z.output<typeof Mention>>(),
  UploadResult: same<UploadResultView, z.output<typeof UploadResult>>(),
  FilingTypeCount: same<FilingTypeCountView, z.output<typeof FilingTypeCount>>(),
  Source: same<SourceView, z.output<typeof Source>>(),
  ExportOptions: same<ExportOptionsView, z.output<typeof ExportOptions>>(),
  ExportProgress: same<ExportProgressView, z.output<typeof ExportProgress>>(),
  Export: same<ExportView, z.output<typeof Export>>(),
  ExportEstimate: same<ExportEstimateView, z.output<typeof ExportEstimate>>(),
  ExportLimits: same<ExportLimitsView, z.output<typeof ExportLimits>>(),
  DownloadLink: same<DownloadLinkView, z.output<typeof DownloadLink>>(),
  Process: same<ProcessView, z.output<typeof Process>>(),
  QueryFilters: same<QueryFiltersView, z.output<typeof QueryFilters>>(),
  Citation: same<CitationView, z.output<typeof Citation>>(),
  SearchHit: same<SearchHitView, z.output<typeof SearchHit>>(),
  SearchFacet: same<SearchFacetView, z.output<typeof SearchFacet>>(),
  WorkspaceFilters: same<WorkspaceFiltersView, z.output<typeof WorkspaceFilters>>(),
  Person: same<PersonView, z.output<typeof Person>>(),
  WorkspaceSummary: same<WorkspaceSummaryView, z.output<typeof WorkspaceSummary>>(),
  WorkspaceMember: same<WorkspaceMemberView, z.output<typeof WorkspaceMember>>(),
  WorkspaceDetail: same<WorkspaceDetailView, z.output<typeof WorkspaceDetail>>(),
  WorkspaceRequest: same<WorkspaceRequestView, z.output<typeof WorkspaceRequest>>(),
  StoredQuery: same<QueryView, z.output<typeof StoredQuery>>(),
  SearchResponse: same<SearchResultView, z.output<typeof SearchResponse>>(),
  EntityResponse: same<EntityProfileView, z.output<typeof EntityResponse>>(),
  AdminQueriesResponse: same<QuerySummaryView, z.output<typeof AdminQueriesResponse>['queries'][number]>(),
  ProductColumn: same<ProductColumnView, z.output<typeof ProductColumn>>(),
  ColumnChange: same<ColumnChangeView, z.output<typeof ColumnChange>>(),
  ChangeLog: same<ChangeLogView, z.output<typeof ChangeLog>>(),
  ProductRelease: same<ProductReleaseView, z.output<typeof ProductRelease>>(),
  DataProductDetail: same<DataProductDetailView, z.output<typeof DataProductDetail>>(),
  ReleaseRowsResponse: same<ReleaseRowsView, z.output<typeof ReleaseRowsResponse>>(),
  CellCitation: same<CellCitationView, z.output<typeof CellCitation>>(),
  ChangedRow: same<ChangedRowView, z.output<typeof ChangedRow>>(),
  CoverageColumn: same<CoverageColumnView, z.output<typeof CoverageColumn>>(),
  ColumnFigure: same<ColumnFigureView, z.output<typeof ColumnFigure>>(),
  ReleaseFigures: same<ReleaseFiguresView, z.output<typeof ReleaseFigures>>(),
  ProductSummary: same<ProductSummaryView, z.output<typeof ProductSummary>>(),
};
