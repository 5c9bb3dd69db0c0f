// Loads libsqlite3 with dlopen and forwards to it; see include/CSQLite.h.
#include "CSQLite.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs before the bind call returns.
#define TRANSIENT ((void (*)(void *)) - 1)

static struct {
    const char *(*libversion)(void);
    int (*open_v2)(const char *, csqlite_db **, int, const char *);
    int (*close_v2)(csqlite_db *);
    const char *(*errmsg)(csqlite_db *);
    const char *(*errstr)(int);
    int (*extended_errcode)(csqlite_db *);
    int (*extended_result_codes)(csqlite_db *, int);
    int (*busy_timeout)(csqlite_db *, int);
    int (*exec)(csqlite_db *, const char *, void *, void *, char **);
    int (*changes)(csqlite_db *);
    int64_t (*last_insert_rowid)(csqlite_db *);
    int (*prepare_v2)(csqlite_db *, const char *, int, csqlite_stmt **, const char **);
    int (*step)(csqlite_stmt *);
    int (*reset)(csqlite_stmt *);
    int (*clear_bindings)(csqlite_stmt *);
    int (*finalize)(csqlite_stmt *);
    int (*bind_parameter_count)(csqlite_stmt *);
    int (*bind_null)(csqlite_stmt *, int);
    int (*bind_int64)(csqlite_stmt *, int, int64_t);
    int (*bind_double)(csqlite_stmt *, int, double);
    int (*bind_text)(csqlite_stmt *, int, const char *, int, void (*)(void *));
    int (*bind_blob)(csqlite_stmt *, int, const void *, int, void (*)(void *));
    int (*column_count)(csqlite_stmt *);
    int (*column_type)(csqlite_stmt *, int);
    int64_t (*column_int64)(csqlite_stmt *, int);
    double (*column_double)(csqlite_stmt *, int);
    const unsigned char *(*column_text)(csqlite_stmt *, int);
    const void *(*column_blob)(csqlite_stmt *, int);
    int (*column_bytes)(csqlite_stmt *, int);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *library_name;
static char load_error[512];

/// Names tried in order: the runtime library every distribution ships, then a development symlink.
static const char *const candidates[] = {"libsqlite3.so.0", "libsqlite3.so"};

static void load(void) {
    void *library = NULL;
    for (size_t index = 0; index < sizeof candidates / sizeof candidates[0] && library == NULL; index++) {
        library = dlopen(candidates[index], RTLD_NOW | RTLD_LOCAL);
        if (library != NULL) library_name = candidates[index];
    }
    if (library == NULL) {
        snprintf(load_error, sizeof load_error,
                 "libsqlite3 is not installed (looked for libsqlite3.so.0 and libsqlite3.so; "
                 "on Debian or Ubuntu: apt-get install libsqlite3-0)");
        return;
    }
#define RESOLVE(field, symbol)                                                                            \
    do {                                                                                                  \
        *(void **)&api.field = dlsym(library, symbol);                                                    \
        if (api.field == NULL) {                                                                          \
            snprintf(load_error, sizeof load_error, "%s has no %s: SQLite 3.22 or later is required",     \
                     library_name, symbol);                                                               \
            return;                                                                                       \
        }                                                                                                 \
    } while (0)
    RESOLVE(libversion, "sqlite3_libversion");
    RESOLVE(open_v2, "sqlite3_open_v2");
    RESOLVE(close_v2, "sqlite3_close_v2");
    RESOLVE(errmsg, "sqlite3_errmsg");
    RESOLVE(errstr, "sqlite3_errstr");
    RESOLVE(extended_errcode, "sqlite3_extended_errcode");
    RESOLVE(extended_result_codes, "sqlite3_extended_result_codes");
    RESOLVE(busy_timeout, "sqlite3_busy_timeout");
    RESOLVE(exec, "sqlite3_exec");
    RESOLVE(changes, "sqlite3_changes");
    RESOLVE(last_insert_rowid, "sqlite3_last_insert_rowid");
    RESOLVE(prepare_v2, "sqlite3_prepare_v2");
    RESOLVE(step, "sqlite3_step");
    RESOLVE(reset, "sqlite3_reset");
    RESOLVE(clear_bindings, "sqlite3_clear_bindings");
    RESOLVE(finalize, "sqlite3_finalize");
    RESOLVE(bind_parameter_count, "sqlite3_bind_parameter_count");
    RESOLVE(bind_null, "sqlite3_bind_null");
    RESOLVE(bind_int64, "sqlite3_bind_int64");
    RESOLVE(bind_double, "sqlite3_bind_double");
    RESOLVE(bind_text, "sqlite3_bind_text");
    RESOLVE(bind_blob, "sqlite3_bind_blob");
    RESOLVE(column_count, "sqlite3_column_count");
    RESOLVE(column_type, "sqlite3_column_type");
    RESOLVE(column_int64, "sqlite3_column_int64");
    RESOLVE(column_double, "sqlite3_column_double");
    RESOLVE(column_text, "sqlite3_column_text");
    RESOLVE(column_blob, "sqlite3_column_blob");
    RESOLVE(column_bytes, "sqlite3_column_bytes");
#undef RESOLVE
    load_error[0] = '\0';
}

int csqlite_load(void) {
    pthread_once(&load_once, load);
    return library_name != NULL && load_error[0] == '\0' ? 0 : -1;
}

const char *csqlite_load_error(void) { return csqlite_load() == 0 ? NULL : load_error; }

const char *csqlite_libversion(void) { return api.libversion(); }
int csqlite_open(const char *path, csqlite_db **db, int flags) { return api.open_v2(path, db, flags, NULL); }
int csqlite_close(csqlite_db *db) { return api.close_v2(db); }
const char *csqlite_errmsg(csqlite_db *db) { return api.errmsg(db); }
const char *csqlite_errstr(int code) { return api.errstr(code); }
int csqlite_extended_errcode(csqlite_db *db) { return api.extended_errcode(db); }
int csqlite_extended_result_codes(csqlite_db *db, int on) { return api.extended_result_codes(db, on); }
int csqlite_busy_timeout(csqlite_db *db, int milliseconds) { return api.busy_timeout(db, milliseconds); }
int csqlite_exec(csqlite_db *db, const char *sql) { return api.exec(db, sql, NULL, NULL, NULL); }
int64_t csqlite_changes(csqlite_db *db) { return api.changes(db); }
int64_t csqlite_last_insert_rowid(csqlite_db *db) { return api.last_insert_rowid(db); }

int csqlite_prepare(csqlite_db *db, const char *sql, int length, csqlite_stmt **statement) {
    return api.prepare_v2(db, sql, length, statement, NULL);
}
int csqlite_step(csqlite_stmt *statement) { return api.step(statement); }
int csqlite_reset(csqlite_stmt *statement) { return api.reset(statement); }
int csqlite_clear_bindings(csqlite_stmt *statement) { return api.clear_bindings(statement); }
int csqlite_finalize(csqlite_stmt *statement) { return api.finalize(statement); }
int csqlite_bind_parameter_count(csqlite_stmt *statement) { return api.bind_parameter_count(statement); }
int csqlite_bind_null(csqlite_stmt *statement, int index) { return api.bind_null(statement, index); }
int csqlite_bind_int64(csqlite_stmt *statement, int index, int64_t value) { return api.bind_int64(statement, index, value); }
int csqlite_bind_double(csqlite_stmt *statement, int index, double value) { return api.bind_double(statement, index, value); }
int csqlite_bind_text(csqlite_stmt *statement, int index, const char *text, int length) {
    return api.bind_text(statement, index, text, length, TRANSIENT);
}
int csqlite_bind_blob(csqlite_stmt *statement, int index, const void *bytes, int length) {
    return api.bind_blob(statement, index, bytes, length, TRANSIENT);
}
int csqlite_column_count(csqlite_stmt *statement) { return api.column_count(statement); }
int csqlite_column_type(csqlite_stmt *statement, int column) { return api.column_type(statement, column); }
int64_t csqlite_column_int64(csqlite_stmt *statement, int column) { return api.column_int64(statement, column); }
double csqlite_column_double(csqlite_stmt *statement, int column) { return api.column_double(statement, column); }
const unsigned char *csqlite_column_text(csqlite_stmt *statement, int column) { return api.column_text(statement, column); }
const void *csqlite_column_blob(csqlite_stmt *statement, int column) { return api.column_blob(statement, column); }
int csqlite_column_bytes(csqlite_stmt *statement, int column) { return api.column_bytes(statement, column); }
