/**
 * The OpenSearch index: settings, analyzers and mappings, versioned. Each field has one job:
 *
 * - `title`, `text`, `description` (the original wording, `english_folded` analyzer: words, lower
 *   case, ASCII folding, English stop words and stemming): BM25 scores, and snippets of text and
 *   description, with offsets indexed so the highlighter never re-analyses a long filing (titles
 *   are marked in JavaScript, see title-highlight). They do not decide what matches. The text is a
 *   stored field outside _source, so hits, facets and highlighting never parse a whole filing's
 *   JSON (fetch reads it back from the stored field).
 * - `words_title`, `words_text`, `words_description`: the same text as @docket/query-language's
 *   foldedWords, computed in JavaScript and joined by spaces, split on spaces here. Matching runs on
 *   these, so it agrees with matchesDocument word for word (OpenSearch has no NFKD/NFKC folding
 *   without the ICU plugin, and its asciifolding differs from the reference on ß, ø, ½, Greek ...).
 *   `index_prefixes` makes prefixes of 2-5 characters exact term lookups, also as the last word of
 *   a phrase; it is the dearest part of indexing (without it, generated filings index about 1.7
 *   times faster into a third less space), the price of exact and fast prefix queries at scale.
 *   Not kept in _source.
 * - `party_words`, `entity_words`: one folded name per array element; a position gap of 1000 between
 *   elements keeps a phrase inside one name ("the words consecutive within one name").
 * - keyword fields for filters and facets: `agency_keys`, `type_keys` and `docket_key` hold the
 *   reference's comparison keys (nameKey, normalizeDocketNumber); `source_id`, `type_facet`,
 *   `docket_key`, `party_keys`, `filed_year` are what facets count, and `source_name`,
 *   `docket_number`, `party_labels` (doc values) what they show.
 */

/** Bump when the mapping or the derived fields change; an index of another version must be rebuilt. */
export const INDEX_SCHEMA_VERSION = 1;

/** Gap between two names of one array field, larger than any phrase a query can hold. */
export const NAME_POSITION_GAP = 1000;

export const MAX_WORD_LENGTH = 8191;

/** One shard: facet counts are then exact, and a single node gains nothing from more. */
export function indexSettings(options: { bulk: boolean }): Record<string, unknown> {
  return {
    number_of_shards: 1,
    number_of_replicas: 0,
    // A build is invisible until its alias swap: no refreshes, and a lost build is simply redone.
    refresh_interval: options.bulk ? '-1' : '1s',
    'translog.durability': options.bulk ? 'async' : 'request',
    // The stored text is most of the index; DEFLATE keeps it about a quarter smaller than LZ4 at
    // no measurable indexing cost (1,000 generated filings: 19 MB instead of 26 MB).
    codec: 'best_compression',
    analysis: {
      tokenizer: {
        // The reference's word characters: letters, marks, digits.
        word_runs: { type: 'pattern', pattern: '[^\\p{L}\\p{M}\\p{N}]+' },
        // Lucene refuses terms over 32766 bytes; 8191 characters stay under it in any script. A longer
        // "word" (an encoded blob) is cut into pieces, the one place matching can differ from the reference.
        spaces: { type: 'whitespace', max_token_length: MAX_WORD_LENGTH },
      },
      filter: {
        // The display-side analyzer only scores and highlights: dropping a giant token there costs nothing.
        not_immense: { type: 'length', max: 1000 },
        english_stop: { type: 'stop', stopwords: '_english_' },
        english_possessive: { type: 'stemmer', language: 'possessive_english' },
        english_stemmer: { type: 'stemmer', language: 'english' },
      },
      analyzer: {
        english_folded: {
          type: 'custom',
          tokenizer: 'word_runs',
          filter: ['not_immense', 'lowercase', 'asciifolding', 'english_possessive', 'english_stop', 'english_stemmer'],
        },
        // The input is already the reference's folded words, one space apart.
        folded_words: { type: 'custom', tokenizer: 'spaces' },
      },
    },
  };
}

const idKeyword = { type: 'keyword' } as const;
// Lucene refuses a term over 32766 bytes and would reject the whole document; a name or type that
// long (never a real one) is left out of its keyword field instead.
const keyword = { type: 'keyword', ignore_above: 4096 } as const;
const unsearchedKeyword = { type: 'keyword', index: false, doc_values: false } as const;
const labelKeyword = { type: 'keyword', index: false, ignore_above: 4096 } as const;
const notIndexed = { type: 'object', enabled: false } as const;
const exactWords = { type: 'text', analyzer: 'folded_words', norms: false, index_options: 'positions' } as const;
const prefixes = { min_chars: 2, max_chars: 5 } as const;
const wording = { type: 'text', analyzer: 'english_folded' } as const;

export function indexMappings(): Record<string, unknown> {
  return {
    dynamic: 'strict',
    _meta: { schema_version: INDEX_SCHEMA_VERSION },
    _source: {
      excludes: [
        'text',
        'words_title',
        'words_text',
        'words_description',
        'party_words',
        'entity_words',
        'party_keys',
        'party_labels',
        'agency_keys',
        'type_keys',
        'docket_key',
        'type_facet',
      ],
    },
    properties: {
      doc_id: idKeyword,
      title: wording,
      text: { ...wording, index_options: 'offsets', store: true },
      description: { ...wording, index_options: 'offsets' },
      // The wording as it came, only when it held the highlighter's marker characters (see opensearch-document).
      title_original: unsearchedKeyword,
      text_original: unsearchedKeyword,
      description_original: unsearchedKeyword,
      words_title: { ...exactWords, index_prefixes: prefixes },
      words_text: { ...exactWords, index_prefixes: prefixes },
      words_description: { ...exactWords, index_prefixes: prefixes },
      party_words: { ...exactWords, position_increment_gap: NAME_POSITION_GAP },
      entity_words: { ...exactWords, position_increment_gap: NAME_POSITION_GAP },
      party_keys: keyword,
      // `<nameKey>\u001f<name as written>` per party, so a facet bucket can show a name for its key.
      party_labels: labelKeyword,
      agency_keys: keyword,
      type_keys: keyword,
      docket_key: keyword,
      type_facet: keyword,
      source_id: keyword,
      source_name: labelKeyword,
      docket_number: labelKeyword,
      docket_id: unsearchedKeyword,
      filing_type: unsearchedKeyword,
      filing_category: unsearchedKeyword,
      parties: unsearchedKeyword,
      filers: unsearchedKeyword,
      entities: notIndexed,
      pages: notIndexed,
      filed_at: { type: 'date', format: 'epoch_millis' },
      filed_year: { type: 'integer' },
      // filed_at with undated documents last in either order; a sort on filed_at itself would put
      // Long.MIN/MAX_VALUE in search_after cursors, which JSON numbers cannot carry exactly.
      sort_newest: { type: 'long' },
      sort_oldest: { type: 'long' },
      sha256: unsearchedKeyword,
      // Hash of everything the index holds for the document: equal means an upsert changes nothing.
      fingerprint: unsearchedKeyword,
      // A removal seen while a rebuild was open (see opensearch.backend): never a search result.
      tombstone: { type: 'boolean' },
    },
  };
}
