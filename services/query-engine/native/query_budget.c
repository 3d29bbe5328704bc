/*
 * query_budget: lets one thread stop the SQL work another thread's connection is doing, so that a
 * search whose time budget is spent, or whose caller has gone, stops at once.
 *
 * Searches run on worker threads, each with its own connection bound to a numbered slot. The slots
 * live in a process-wide table shared by every connection that loaded this library (one copy of the
 * library per process), so the main thread, through a connection of its own, can interrupt a search
 * thread's connection while that thread is busy inside SQLite:
 *
 *   SELECT query_budget_bind(slot)        this connection answers to that slot from now on
 *   SELECT query_budget_interrupt(slot)   sqlite3_interrupt() on the slot's connection, if any
 *
 * (better-sqlite3 builds SQLite without the progress callback, so the budget's clock runs on the main
 * thread, which calls query_budget_interrupt when the budget ends; see search-threads.ts.)
 * sqlite3_interrupt() may be called from any thread; the table's lock keeps it from reaching a
 * connection that is being closed.
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1
#include <pthread.h>

#define SLOTS 256

static sqlite3 *connections[SLOTS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* One per connection that loaded the library: the slot it is bound to, if any. */
typedef struct {
  sqlite3 *db;
  int slot; /* -1: not bound */
} Binding;

static int slotOf(sqlite3_context *context, sqlite3_value *value) {
  sqlite3_int64 slot = sqlite3_value_int64(value);
  if (slot < 0 || slot >= SLOTS) {
    sqlite3_result_error(context, "query_budget: slot out of range", -1);
    return -1;
  }
  return (int)slot;
}

static void bindSlot(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  int slot = slotOf(context, argv[0]);
  if (slot < 0) return;
  Binding *binding = (Binding *)sqlite3_user_data(context);
  pthread_mutex_lock(&lock);
  if (binding->slot >= 0 && connections[binding->slot] == binding->db) connections[binding->slot] = 0;
  binding->slot = slot;
  connections[slot] = binding->db;
  pthread_mutex_unlock(&lock);
  sqlite3_result_int(context, slot);
}

static void interruptSlot(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  int slot = slotOf(context, argv[0]);
  if (slot < 0) return;
  pthread_mutex_lock(&lock);
  sqlite3 *target = connections[slot];
  if (target) sqlite3_interrupt(target);
  pthread_mutex_unlock(&lock);
  sqlite3_result_int(context, target != 0);
}

/* Called when the connection closes (it owns the bind function): it leaves the table first. */
static void unbind(void *argument) {
  Binding *binding = (Binding *)argument;
  pthread_mutex_lock(&lock);
  if (binding->slot >= 0 && connections[binding->slot] == binding->db) connections[binding->slot] = 0;
  pthread_mutex_unlock(&lock);
  sqlite3_free(binding);
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_querybudget_init(sqlite3 *db, char **error, const sqlite3_api_routines *routines) {
  (void)error;
  SQLITE_EXTENSION_INIT2(routines);
  Binding *binding = (Binding *)sqlite3_malloc(sizeof(Binding));
  if (!binding) return SQLITE_NOMEM;
  binding->db = db;
  binding->slot = -1;
  int rc = sqlite3_create_function_v2(db, "query_budget_bind", 1, SQLITE_UTF8, binding, bindSlot, 0, 0, unbind);
  if (rc != SQLITE_OK) return rc;
  return sqlite3_create_function(db, "query_budget_interrupt", 1, SQLITE_UTF8, 0, interruptSlot, 0, 0);
}
