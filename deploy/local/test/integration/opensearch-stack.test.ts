import crypto from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import { pollUntil, startStack, type StackHandle } from '@docket/local-infra';
import { uniqueName } from '@docket/testkit';
import type { components } from '../../../../frontend/lib/api/schema';
import { signIn } from '../support/bff-client';

type SearchResponse = components['schemas']['SearchResponse'];
type StoredQuery = components['schemas']['QueryWithAuthor'];

const opensearchUrl = process.env.OPENSEARCH_URL || process.env.TEST_OPENSEARCH_URL;
const describeWithNode = opensearchUrl ? describe : describe.skip;
if (!opensearchUrl)
  process.stderr.write('[opensearch-stack.test] SKIPPED: TEST_OPENSEARCH=off and no OPENSEARCH_URL\n');

// The journey's search and question on a stack whose query-engine runs on OpenSearch (OPENSEARCH_URL
// set): the seeded filings go documents → Kafka → the query-engine → OpenSearch, and the BFF's search
// and answer routes, the ones the pages call, read them from there.
describeWithNode('launcher: search and a cited answer with the query-engine on OpenSearch', () => {
  const email = 'opensearch-admin@docket.local';
  const password = `Os-${crypto.randomBytes(12).toString('base64url')}`;
  const index = uniqueName('qe-os-stack').toLowerCase();
  const seedFilings = 200;
  let stack: StackHandle | undefined;

  afterAll(async () => {
    await stack?.stop();
    const client = new Client({ node: opensearchUrl });
    const { body, statusCode } = await client.indices.getAlias({ name: index }, { ignore: [404] });
    const behind = statusCode === 404 ? [] : Object.keys(body as object);
    for (const concrete of behind) await client.indices.delete({ index: concrete });
    await client.close();
  });

  it('finds the seeded filings and answers a question about a docket with citations into it', async () => {
    stack = await startStack({
      profile: 'test',
      frontend: false,
      env: {
        OPENSEARCH_URL: opensearchUrl!,
        OPENSEARCH_INDEX: index,
        VECTOR_SEARCH: 'off',
        SEED_FILINGS: String(seedFilings),
        SEED_DOCKETS: '40',
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: password,
        LOG_LEVEL: 'warn',
      },
      log: () => undefined,
    });
    const bff = await signIn(stack.bffUrl, email, password);
    const get = bff.get;

    await pollUntil(
      async () => {
        const coverage = await get<{ indexed: number; behind: boolean }>('/api/search/coverage');
        return coverage.indexed >= seedFilings && !coverage.behind ? true : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250, description: `${seedFilings} seeded filings in the OpenSearch index` },
    );
    // They are in OpenSearch, under the index this stack was given.
    const client = new Client({ node: opensearchUrl });
    const { body } = await client.count({ index });
    await client.close();
    expect(body.count).toBeGreaterThanOrEqual(seedFilings);

    const orders = await get<SearchResponse>(`/api/search?${new URLSearchParams({ q: 'order', limit: '5' })}`);
    expect(orders.total).toBeGreaterThan(0);
    const docket = orders.hits[0]!.docketNumber;
    const inDocket = await get<SearchResponse>(`/api/search?${new URLSearchParams({ q: `"${docket}"`, limit: '50' })}`);
    expect(inDocket.hits.length).toBeGreaterThan(0);
    expect(inDocket.hits.every((hit) => hit.docketNumber === docket)).toBe(true);

    const { workspace: created } = await bff.post<{ workspace: { id: string } }>('/api/workspaces', {
      name: 'On OpenSearch',
    });
    const asked = await bff.send(`/api/workspaces/${created.id}/queries`, {
      question: `What has been ordered in docket ${docket}?`,
    });
    const events = await asked.text();
    const queryId = /event: started\ndata: (.*)\n/.exec(events)?.[1];
    expect(queryId).toBeDefined();
    const { query } = await get<StoredQuery>(`/api/queries/${JSON.parse(queryId!).queryId}`);
    expect(query.analysis.scope.docketNumber).toBe(docket);
    const cited = query.analysis.sections.flatMap((s) => s.sentences.flatMap((x) => x.citations));
    expect(cited.length).toBeGreaterThan(0);
    const docketIds = new Set(inDocket.hits.map((hit) => hit.documentId));
    expect(cited.every((citation) => docketIds.has(citation.documentId))).toBe(true);
  }, 300_000);
});
