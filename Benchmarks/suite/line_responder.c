/*
 * The limit for a line protocol (Benchmarks section 1): reads request lines from stdin and
 * writes one answer per line, {"jsonrpc":"2.0","id":<the request's id bytes>,"result":{}},
 * batching the answers of each read into one write, as feedvm does. No JSON parsing beyond
 * finding the id: what is left between feedvm and this program is feedvm's own work.
 *
 * Built by the suite at run time: cc -O2 -o line-responder line_responder.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <unistd.h>

enum { CHUNK = 1 << 18 };
static char input[CHUNK * 2];
static char output[CHUNK * 4];

/* Writes the answer to one request line into `out`; returns its length. */
static size_t answer(const char *line, size_t length, char *out) {
    static const char head[] = "{\"jsonrpc\":\"2.0\",\"id\":";
    static const char tail[] = ",\"result\":{}}\n";
    const char *start = "null", *end = start + 4;
    const char *member = memmem(line, length, "\"id\":", 5);
    if (member) {
        const char *limit = line + length;
        start = end = member + 5;
        if (end < limit && *end == '"') {
            for (end++; end < limit && *end != '"'; end++) {}
            if (end < limit) end++;
        } else {
            while (end < limit && *end != ',' && *end != '}') end++;
        }
    }
    size_t n = 0;
    memcpy(out, head, sizeof head - 1), n += sizeof head - 1;
    memcpy(out + n, start, (size_t)(end - start)), n += (size_t)(end - start);
    memcpy(out + n, tail, sizeof tail - 1), n += sizeof tail - 1;
    return n;
}

static int write_all(const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t written = write(1, bytes, count);
        if (written < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        bytes += written, count -= (size_t)written;
    }
    return 0;
}

int main(void) {
    size_t kept = 0;
    for (;;) {
        ssize_t got = read(0, input + kept, sizeof input - kept);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        size_t end = kept + (size_t)got, start = 0, produced = 0;
        char *newline;
        while ((newline = memchr(input + start, '\n', end - start)) != NULL) {
            size_t length = (size_t)(newline - (input + start));
            if (length > 0) produced += answer(input + start, length, output + produced);
            start += length + 1;
            if (produced > sizeof output - (sizeof input + 64)) { /* room for the longest id */
                if (write_all(output, produced) < 0) return 1;
                produced = 0;
            }
        }
        if (write_all(output, produced) < 0) return 1;
        kept = end - start;
        memmove(input, input + start, kept);
        if (kept == sizeof input) return 2; /* a line longer than the buffer */
    }
    return 0;
}
