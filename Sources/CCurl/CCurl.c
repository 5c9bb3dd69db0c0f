// Loads libcurl with dlopen and forwards to it; see include/CCurl.h.
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// `struct CURLMsg` of multi.h.
struct ccurl_message {
    int msg;  // CURLMSG: 1 is CURLMSG_DONE
    ccurl_easy *easy_handle;
    union {
        void *whatever;
        ccurl_code result;
    } data;
};

static struct {
    int (*global_init)(long flags);
    ccurl_easy *(*easy_init)(void);
    void (*easy_cleanup)(ccurl_easy *);
    void (*easy_reset)(ccurl_easy *);
    const char *(*easy_strerror)(ccurl_code);
    ccurl_code (*easy_setopt)(ccurl_easy *, ccurl_option, ...);
    ccurl_code (*easy_getinfo)(ccurl_easy *, ccurl_info, ...);
    ccurl_slist *(*slist_append)(ccurl_slist *, const char *);
    void (*slist_free_all)(ccurl_slist *);
    ccurl_multi *(*multi_init)(void);
    int (*multi_cleanup)(ccurl_multi *);
    int (*multi_setopt)(ccurl_multi *, ccurl_multi_option, ...);
    int (*multi_add_handle)(ccurl_multi *, ccurl_easy *);
    int (*multi_remove_handle)(ccurl_multi *, ccurl_easy *);
    int (*multi_perform)(ccurl_multi *, int *);
    int (*multi_poll)(ccurl_multi *, void *, unsigned int, int, int *);
    int (*multi_wakeup)(ccurl_multi *);
    struct ccurl_message *(*multi_info_read)(ccurl_multi *, int *);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *library_name;
static char load_error[512];

/// Names tried in order: the OpenSSL build most systems have, then the GnuTLS build that git
/// pulls in on Debian and Ubuntu (same ABI), then a development symlink.
static const char *const candidates[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};

static void load(void) {
    void *library = NULL;
    for (size_t index = 0; index < sizeof candidates / sizeof candidates[0] && library == NULL; index++) {
        library = dlopen(candidates[index], RTLD_NOW | RTLD_LOCAL);
        if (library != NULL) library_name = candidates[index];
    }
    if (library == NULL) {
        snprintf(load_error, sizeof load_error,
                 "libcurl is not installed (looked for libcurl.so.4, libcurl-gnutls.so.4 and libcurl.so; "
                 "on Debian or Ubuntu: apt-get install libcurl4)");
        return;
    }
#define RESOLVE(field, symbol)                                                                            \
    do {                                                                                                  \
        *(void **)&api.field = dlsym(library, symbol);                                                    \
        if (api.field == NULL) {                                                                          \
            snprintf(load_error, sizeof load_error, "%s has no %s: libcurl 7.68 or later is required",   \
                     library_name, symbol);                                                               \
            return;                                                                                       \
        }                                                                                                 \
    } while (0)
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_reset, "curl_easy_reset");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    RESOLVE(multi_init, "curl_multi_init");
    RESOLVE(multi_cleanup, "curl_multi_cleanup");
    RESOLVE(multi_setopt, "curl_multi_setopt");
    RESOLVE(multi_add_handle, "curl_multi_add_handle");
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle");
    RESOLVE(multi_perform, "curl_multi_perform");
    RESOLVE(multi_poll, "curl_multi_poll");      // 7.66.0
    RESOLVE(multi_wakeup, "curl_multi_wakeup");  // 7.68.0
    RESOLVE(multi_info_read, "curl_multi_info_read");
#undef RESOLVE
    // CURL_GLOBAL_ALL: once per process, before any other call (pthread_once makes it so).
    int code = api.global_init(3);
    if (code != 0) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed with CURLcode %d", code);
        return;
    }
    load_error[0] = '\0';
}

int ccurl_load(void) {
    pthread_once(&load_once, load);
    return library_name != NULL && load_error[0] == '\0' ? 0 : -1;
}

const char *ccurl_load_error(void) { return ccurl_load() == 0 ? NULL : load_error; }

ccurl_easy *ccurl_easy_init(void) { return api.easy_init(); }
void ccurl_easy_cleanup(ccurl_easy *easy) { api.easy_cleanup(easy); }
void ccurl_easy_reset(ccurl_easy *easy) { api.easy_reset(easy); }
const char *ccurl_easy_strerror(ccurl_code code) { return api.easy_strerror(code); }

ccurl_code ccurl_easy_setopt_long(ccurl_easy *easy, ccurl_option option, long value) {
    return api.easy_setopt(easy, option, value);
}
ccurl_code ccurl_easy_setopt_pointer(ccurl_easy *easy, ccurl_option option, const void *value) {
    return api.easy_setopt(easy, option, value);
}
ccurl_code ccurl_easy_setopt_off_t(ccurl_easy *easy, ccurl_option option, int64_t value) {
    return api.easy_setopt(easy, option, value);
}
ccurl_code ccurl_easy_setopt_write_function(ccurl_easy *easy, ccurl_option option, ccurl_write_callback callback) {
    return api.easy_setopt(easy, option, callback);
}
ccurl_code ccurl_easy_getinfo_string(ccurl_easy *easy, ccurl_info info, const char **value) {
    *value = NULL;
    return api.easy_getinfo(easy, info, value);
}

ccurl_slist *ccurl_slist_append(ccurl_slist *list, const char *line) { return api.slist_append(list, line); }
void ccurl_slist_free_all(ccurl_slist *list) { api.slist_free_all(list); }

ccurl_multi *ccurl_multi_init(void) { return api.multi_init(); }
int ccurl_multi_cleanup(ccurl_multi *multi) { return api.multi_cleanup(multi); }
int ccurl_multi_setopt_long(ccurl_multi *multi, ccurl_multi_option option, long value) {
    return api.multi_setopt(multi, option, value);
}
int ccurl_multi_add_handle(ccurl_multi *multi, ccurl_easy *easy) { return api.multi_add_handle(multi, easy); }
int ccurl_multi_remove_handle(ccurl_multi *multi, ccurl_easy *easy) { return api.multi_remove_handle(multi, easy); }
int ccurl_multi_perform(ccurl_multi *multi, int *running) { return api.multi_perform(multi, running); }
int ccurl_multi_poll(ccurl_multi *multi, int timeout_ms) { return api.multi_poll(multi, NULL, 0, timeout_ms, NULL); }
int ccurl_multi_wakeup(ccurl_multi *multi) { return api.multi_wakeup(multi); }

int ccurl_multi_next_done(ccurl_multi *multi, ccurl_easy **easy, ccurl_code *result) {
    int remaining = 0;
    struct ccurl_message *message;
    while ((message = api.multi_info_read(multi, &remaining)) != NULL) {
        if (message->msg == 1) {
            *easy = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}
