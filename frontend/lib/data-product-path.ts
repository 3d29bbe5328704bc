/** A data product's page (its summary, schema and releases; subscriptions live under the same path). */
export function dataProductPath(dataProductId: string): string {
  return `/data-subscriptions/${encodeURIComponent(dataProductId)}`;
}
