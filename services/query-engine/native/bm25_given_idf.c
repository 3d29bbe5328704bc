/*
 * bm25_given_idf: FTS5's bm25() ranking with the inverse document frequencies given by the caller.
 *
 * FTS5's own bm25() computes every phrase's IDF by reading the phrase's whole document list once per
 * query (xQueryPhrase); for a word found in most of a million filings that costs more than ranking
 * the few thousand rows a search actually ranks. The query-engine knows (or estimates, and caches)
 * the document frequencies, so it passes the IDFs in:
 *
 *   bm25_given_idf(<table>, idf_0, ..., idf_{P-1}, weight_0, ..., weight_{C-1} [, length_columns])
 *
 * one IDF per phrase of the MATCH expression (in the order they appear in it), then the column
 * weights (missing ones count 1.0). The score is FTS5's, term for term (k1 = 1.2, b = 0.75, column
 * weights multiply a phrase's hits, lower is better), except that with `length_columns` (a value
 * after one weight per column) a row's length, and the average, count only the first that many
 * columns: the query-engine's index has derived columns (word pairs, written a few seconds after
 * the words, and tags) that would otherwise change a document's score when they are written.
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1
#include <string.h>

#define K1 1.2
#define B 0.75

/* What stays the same for every row of one query. */
typedef struct {
  int nPhrase;
  int nLengthColumns;   /* columns counted in a row's length; -1: all */
  double averageLength; /* tokens per row, of those columns */
  double *idf;          /* nPhrase */
  double *frequency;    /* nPhrase, scratch for one row */
} RankData;

static void freeRankData(void *p) { sqlite3_free(p); }

static int rankData(const Fts5ExtensionApi *api, Fts5Context *fts, int nVal, sqlite3_value **values, RankData **out) {
  RankData *data = (RankData *)api->xGetAuxdata(fts, 0);
  if (data) {
    *out = data;
    return SQLITE_OK;
  }
  int nPhrase = api->xPhraseCount(fts);
  if (nVal < nPhrase) return SQLITE_ERROR;
  int nColumn = api->xColumnCount(fts);
  int nLengthColumns = nVal - nPhrase > nColumn ? sqlite3_value_int(values[nPhrase + nColumn]) : -1;
  if (nLengthColumns > nColumn) return SQLITE_ERROR;
  sqlite3_int64 rows = 0, tokens = 0;
  int rc = api->xRowCount(fts, &rows);
  if (nLengthColumns < 0) {
    if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
  } else {
    for (int c = 0; rc == SQLITE_OK && c < nLengthColumns; c++) {
      sqlite3_int64 columnTokens = 0;
      rc = api->xColumnTotalSize(fts, c, &columnTokens);
      tokens += columnTokens;
    }
  }
  if (rc != SQLITE_OK) return rc;
  data = (RankData *)sqlite3_malloc64(sizeof(RankData) + sizeof(double) * 2 * (nPhrase > 0 ? nPhrase : 1));
  if (!data) return SQLITE_NOMEM;
  data->nPhrase = nPhrase;
  data->nLengthColumns = nLengthColumns;
  data->averageLength = rows > 0 ? (double)tokens / (double)rows : 1.0;
  data->idf = (double *)&data[1];
  data->frequency = &data->idf[nPhrase];
  for (int i = 0; i < nPhrase; i++) data->idf[i] = sqlite3_value_double(values[i]);
  rc = api->xSetAuxdata(fts, data, freeRankData);
  if (rc != SQLITE_OK) return rc;
  *out = data;
  return SQLITE_OK;
}

static void bm25GivenIdf(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int nVal, sqlite3_value **values) {
  RankData *data = 0;
  int rc = rankData(api, fts, nVal, values, &data);
  if (rc == SQLITE_ERROR) {
    sqlite3_result_error(context, "bm25_given_idf: pass one IDF per phrase of the MATCH expression, then the column weights", -1);
    return;
  }
  if (rc != SQLITE_OK) {
    sqlite3_result_error_code(context, rc);
    return;
  }
  sqlite3_value **weights = &values[data->nPhrase];
  int nWeight = nVal - data->nPhrase;
  if (data->nLengthColumns >= 0) nWeight -= 1; /* the last value is length_columns */
  memset(data->frequency, 0, sizeof(double) * data->nPhrase);
  int nInst = 0;
  rc = api->xInstCount(fts, &nInst);
  for (int i = 0; rc == SQLITE_OK && i < nInst; i++) {
    int phrase, column, offset;
    rc = api->xInst(fts, i, &phrase, &column, &offset);
    if (rc == SQLITE_OK) data->frequency[phrase] += column < nWeight ? sqlite3_value_double(weights[column]) : 1.0;
  }
  int length = 0;
  if (data->nLengthColumns < 0) {
    if (rc == SQLITE_OK) rc = api->xColumnSize(fts, -1, &length);
  } else {
    for (int c = 0; rc == SQLITE_OK && c < data->nLengthColumns; c++) {
      int columnLength = 0;
      rc = api->xColumnSize(fts, c, &columnLength);
      length += columnLength;
    }
  }
  if (rc != SQLITE_OK) {
    sqlite3_result_error_code(context, rc);
    return;
  }
  double score = 0.0;
  double d = K1 * (1 - B + B * (double)length / data->averageLength);
  for (int i = 0; i < data->nPhrase; i++) {
    score += data->idf[i] * (data->frequency[i] * (K1 + 1.0)) / (data->frequency[i] + d);
  }
  sqlite3_result_double(context, -1.0 * score);
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_bm25idf_init(sqlite3 *db, char **error, const sqlite3_api_routines *routines) {
  SQLITE_EXTENSION_INIT2(routines);
  fts5_api *fts5 = 0;
  sqlite3_stmt *statement = 0;
  int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0);
  if (rc != SQLITE_OK) return rc;
  sqlite3_bind_pointer(statement, 1, (void *)&fts5, "fts5_api_ptr", 0);
  sqlite3_step(statement);
  rc = sqlite3_finalize(statement);
  if (rc != SQLITE_OK) return rc;
  if (!fts5 || fts5->iVersion < 2) {
    *error = sqlite3_mprintf("bm25_given_idf needs FTS5");
    return SQLITE_ERROR;
  }
  return fts5->xCreateFunction(fts5, "bm25_given_idf", 0, bm25GivenIdf, 0);
}
