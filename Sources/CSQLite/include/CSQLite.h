// CSQLite: the part of SQLite's C API that FeedVM's store uses, loaded at run time.
//
// FeedVM links no SQLite library and needs no SQLite headers: the first store operation
// `dlopen`s libsqlite3.so.0 (Debian's and most distributions' package `libsqlite3-0`) and looks
// up the functions below. The result codes and flags are SQLite's own (sqlite3.h); they are
// part of its stable ABI.
#ifndef CSQLITE_H
#define CSQLITE_H

#include <stdint.h>

/// A database connection (`sqlite3 *`).
typedef struct csqlite_db csqlite_db;
/// A prepared statement (`sqlite3_stmt *`).
typedef struct csqlite_stmt csqlite_stmt;

/// Primary result codes (the low byte of an extended code).
#define CSQLITE_OK 0
#define CSQLITE_ERROR 1
#define CSQLITE_BUSY 5
#define CSQLITE_LOCKED 6
#define CSQLITE_NOMEM 7
#define CSQLITE_READONLY 8
#define CSQLITE_IOERR 10
#define CSQLITE_CORRUPT 11
#define CSQLITE_FULL 13
#define CSQLITE_CANTOPEN 14
#define CSQLITE_CONSTRAINT 19
#define CSQLITE_NOTADB 26
#define CSQLITE_ROW 100
#define CSQLITE_DONE 101

/// `sqlite3_open_v2` flags.
#define CSQLITE_OPEN_READWRITE 0x00000002
#define CSQLITE_OPEN_CREATE 0x00000004
#define CSQLITE_OPEN_NOMUTEX 0x00008000
#define CSQLITE_OPEN_FULLMUTEX 0x00010000

/// `sqlite3_column_type` answers.
#define CSQLITE_INTEGER 1
#define CSQLITE_FLOAT 2
#define CSQLITE_TEXT 3
#define CSQLITE_BLOB 4
#define CSQLITE_NULL 5

/// Loads libsqlite3 (once; later calls return the first outcome). Returns 0 when it is usable;
/// otherwise a message saying what is missing is available from `csqlite_load_error`.
int csqlite_load(void);
/// Why `csqlite_load` failed, or NULL.
const char *csqlite_load_error(void);

/// The library's version, e.g. "3.40.1".
const char *csqlite_libversion(void);
int csqlite_open(const char *path, csqlite_db **db, int flags);
int csqlite_close(csqlite_db *db);
/// The message of the connection's latest failure (owned by SQLite).
const char *csqlite_errmsg(csqlite_db *db);
/// The English text of a result code (owned by SQLite).
const char *csqlite_errstr(int code);
int csqlite_extended_errcode(csqlite_db *db);
int csqlite_extended_result_codes(csqlite_db *db, int on);
int csqlite_busy_timeout(csqlite_db *db, int milliseconds);
/// Runs `sql` (one or more statements without results).
int csqlite_exec(csqlite_db *db, const char *sql);
int64_t csqlite_changes(csqlite_db *db);
int64_t csqlite_last_insert_rowid(csqlite_db *db);

/// Compiles the first statement of `sql`.
int csqlite_prepare(csqlite_db *db, const char *sql, int length, csqlite_stmt **statement);
int csqlite_step(csqlite_stmt *statement);
int csqlite_reset(csqlite_stmt *statement);
int csqlite_clear_bindings(csqlite_stmt *statement);
int csqlite_finalize(csqlite_stmt *statement);
int csqlite_bind_parameter_count(csqlite_stmt *statement);
int csqlite_bind_null(csqlite_stmt *statement, int index);
int csqlite_bind_int64(csqlite_stmt *statement, int index, int64_t value);
int csqlite_bind_double(csqlite_stmt *statement, int index, double value);
/// Binds UTF-8 text of `length` bytes; SQLite copies it (SQLITE_TRANSIENT).
int csqlite_bind_text(csqlite_stmt *statement, int index, const char *text, int length);
/// Binds `length` bytes; SQLite copies them (SQLITE_TRANSIENT).
int csqlite_bind_blob(csqlite_stmt *statement, int index, const void *bytes, int length);
int csqlite_column_count(csqlite_stmt *statement);
int csqlite_column_type(csqlite_stmt *statement, int column);
int64_t csqlite_column_int64(csqlite_stmt *statement, int column);
double csqlite_column_double(csqlite_stmt *statement, int column);
/// The column's UTF-8 text (owned by SQLite until the next step, reset or finalize); NULL for NULL.
const unsigned char *csqlite_column_text(csqlite_stmt *statement, int column);
/// The column's bytes (owned by SQLite until the next step, reset or finalize).
const void *csqlite_column_blob(csqlite_stmt *statement, int column);
int csqlite_column_bytes(csqlite_stmt *statement, int column);

#endif
