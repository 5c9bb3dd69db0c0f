// CCurl: the part of libcurl's API that FeedVM's HTTP transport uses, loaded at run time.
//
// FeedVM links no curl library and needs no curl headers: the first HTTP request `dlopen`s
// libcurl.so.4 (the library every Linux distribution ships, and FoundationNetworking itself
// loads) and looks up the functions below. The option and error numbers are curl's own
// (include/curl/curl.h and multi.h); libcurl keeps them stable across versions (ABI 4).
//
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
// call, so each is wrapped once per argument type.
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>
#include <stdint.h>

/// An easy handle (`CURL *`): one transfer.
typedef struct ccurl_easy ccurl_easy;
/// A multi handle (`CURLM *`): many transfers driven by one thread.
typedef struct ccurl_multi ccurl_multi;
/// A header list (`struct curl_slist *`).
typedef struct ccurl_slist ccurl_slist;

/// `curl_write_callback`: receives body (or header) bytes; returning less than
/// `size * count` aborts the transfer with CURLE_WRITE_ERROR.
typedef size_t (*ccurl_write_callback)(char *data, size_t size, size_t count, void *context);

/// CURLoption numbers: CURLOPTTYPE_LONG + n, OBJECTPOINT 10000 + n, FUNCTIONPOINT 20000 + n,
/// OFF_T 30000 + n.
typedef enum ccurl_option {
    CCURLOPT_WRITEDATA = 10001,
    CCURLOPT_URL = 10002,
        CCURLOPT_WRITEFUNCTION = 20011,
    CCURLOPT_HTTPHEADER = 10023,
    CCURLOPT_HEADERDATA = 10029,
    CCURLOPT_CUSTOMREQUEST = 10036,
    CCURLOPT_NOBODY = 44,
    CCURLOPT_POST = 47,
    CCURLOPT_FOLLOWLOCATION = 52,
    CCURLOPT_MAXREDIRS = 68,
    CCURLOPT_HEADERFUNCTION = 20079,
    CCURLOPT_HTTPGET = 80,
    CCURLOPT_NOSIGNAL = 99,
    CCURLOPT_BUFFERSIZE = 98,
    CCURLOPT_ACCEPT_ENCODING = 10102,
    CCURLOPT_MAXFILESIZE_LARGE = 30117,
    CCURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CCURLOPT_TIMEOUT_MS = 155,
    CCURLOPT_COPYPOSTFIELDS = 10165,
    CCURLOPT_PROTOCOLS = 181,
    CCURLOPT_REDIR_PROTOCOLS = 182,
    CCURLOPT_PROTOCOLS_STR = 10318,
    CCURLOPT_REDIR_PROTOCOLS_STR = 10319,
    CCURLOPT_USERAGENT = 10018,
} ccurl_option;

/// CURLINFO numbers: CURLINFO_STRING 0x100000 + n (the answer is a `char *` owned by curl).
typedef enum ccurl_info {
    CCURLINFO_EFFECTIVE_URL = 0x100000 + 1,
} ccurl_info;

/// CURLPROTO bits, for libcurl older than 7.85 (no *_PROTOCOLS_STR).
enum {
    CCURLPROTO_HTTP = 1 << 0,
    CCURLPROTO_HTTPS = 1 << 1,
};

/// CURLMoption numbers.
typedef enum ccurl_multi_option {
    CCURLMOPT_MAXCONNECTS = 6,
} ccurl_multi_option;

/// CURLcode: the values the transport tells apart (others keep their number).
typedef enum ccurl_code {
    CCURLE_OK = 0,
    CCURLE_UNSUPPORTED_PROTOCOL = 1,
    CCURLE_URL_MALFORMAT = 3,
    CCURLE_COULDNT_RESOLVE_PROXY = 5,
    CCURLE_COULDNT_RESOLVE_HOST = 6,
    CCURLE_COULDNT_CONNECT = 7,
    CCURLE_WEIRD_SERVER_REPLY = 8,
    CCURLE_PARTIAL_FILE = 18,
    CCURLE_WRITE_ERROR = 23,
    CCURLE_OUT_OF_MEMORY = 27,
    CCURLE_OPERATION_TIMEDOUT = 28,
    CCURLE_SSL_CONNECT_ERROR = 35,
    CCURLE_TOO_MANY_REDIRECTS = 47,
    CCURLE_UNKNOWN_OPTION = 48,
    CCURLE_GOT_NOTHING = 52,
    CCURLE_SEND_ERROR = 55,
    CCURLE_RECV_ERROR = 56,
    CCURLE_PEER_FAILED_VERIFICATION = 60,
    CCURLE_BAD_CONTENT_ENCODING = 61,
    CCURLE_FILESIZE_EXCEEDED = 63,
} ccurl_code;

/// Loads libcurl (once; later calls return the first outcome). Returns 0 when it is usable;
/// otherwise a message saying what is missing is available from `ccurl_load_error`.
int ccurl_load(void);
/// Why `ccurl_load` failed, or NULL.
const char *ccurl_load_error(void);

ccurl_easy *ccurl_easy_init(void);
void ccurl_easy_cleanup(ccurl_easy *easy);
void ccurl_easy_reset(ccurl_easy *easy);
const char *ccurl_easy_strerror(ccurl_code code);
ccurl_code ccurl_easy_setopt_long(ccurl_easy *easy, ccurl_option option, long value);
ccurl_code ccurl_easy_setopt_pointer(ccurl_easy *easy, ccurl_option option, const void *value);
ccurl_code ccurl_easy_setopt_off_t(ccurl_easy *easy, ccurl_option option, int64_t value);
ccurl_code ccurl_easy_setopt_write_function(ccurl_easy *easy, ccurl_option option, ccurl_write_callback callback);
/// `curl_easy_getinfo` for a string: `value` points into `easy` (valid until it is reset or
/// cleaned up) and may be NULL.
ccurl_code ccurl_easy_getinfo_string(ccurl_easy *easy, ccurl_info info, const char **value);

ccurl_slist *ccurl_slist_append(ccurl_slist *list, const char *line);
void ccurl_slist_free_all(ccurl_slist *list);

ccurl_multi *ccurl_multi_init(void);
int ccurl_multi_cleanup(ccurl_multi *multi);
int ccurl_multi_setopt_long(ccurl_multi *multi, ccurl_multi_option option, long value);
int ccurl_multi_add_handle(ccurl_multi *multi, ccurl_easy *easy);
int ccurl_multi_remove_handle(ccurl_multi *multi, ccurl_easy *easy);
int ccurl_multi_perform(ccurl_multi *multi, int *running);
/// `curl_multi_poll` without extra descriptors: sleeps until a socket is ready, curl's own
/// timer expires, `timeout_ms` passes, or `ccurl_multi_wakeup` is called.
int ccurl_multi_poll(ccurl_multi *multi, int timeout_ms);
/// `curl_multi_wakeup`: the one multi call that is safe from any thread.
int ccurl_multi_wakeup(ccurl_multi *multi);
/// The next finished transfer: returns 1 and sets `easy` and `result`, or 0 when none is left
/// (`curl_multi_info_read` reading CURLMSG_DONE messages).
int ccurl_multi_next_done(ccurl_multi *multi, ccurl_easy **easy, ccurl_code *result);

#endif
