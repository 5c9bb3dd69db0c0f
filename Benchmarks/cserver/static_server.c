/*
 * A small, fast HTTP/1.1 keep-alive server for the transport benchmarks (section 8): it serves
 * every regular file of one directory from memory, so the backend is never the bottleneck
 * (the Python fixture backend is ~100x slower than the clients it would be measuring).
 *
 *   static_server DIR          prints the port it listens on (127.0.0.1, kernel-chosen), then
 *                              serves until its stdin closes (so it never outlives the bench)
 *
 * In .json files, "@BASE@" is replaced by the server's own "http://127.0.0.1:PORT" (so pages can
 * name image URLs on this server before its port is known).
 *
 * GET and HEAD only; one thread per connection; requests may be pipelined; "/a/b.png" is the
 * file DIR/a/b.png (the query string is ignored); unknown paths are 404. Compiled at bench time
 * with the system's or the Swift toolchain's C compiler (Benchmarks/suite/c_server.py).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

struct file {
    char *path; /* "/a/b.png" */
    char *data;
    size_t length;
    const char *type;
};

static struct file *files;
static size_t file_count, file_capacity;
static char base[64];

static const char *content_type(const char *path) {
    const char *dot = strrchr(path, '.');
    if (dot == NULL) return "application/octet-stream";
    if (strcmp(dot, ".png") == 0) return "image/png";
    if (strcmp(dot, ".json") == 0) return "application/json";
    if (strcmp(dot, ".jpg") == 0) return "image/jpeg";
    return "application/octet-stream";
}

/* `data` (malloc'd, `*length` bytes) with every "@BASE@" replaced by `base`. */
static char *replace_base(char *data, size_t *length) {
    const char *token = "@BASE@";
    size_t token_length = strlen(token), base_length = strlen(base), count = 0;
    for (char *at = memmem(data, *length, token, token_length); at != NULL;
         at = memmem(at + token_length, *length - (at + token_length - data), token, token_length)) {
        count++;
    }
    if (count == 0) return data;
    char *result = malloc(*length + count * base_length + 1), *out = result;
    for (size_t index = 0; index < *length;) {
        if (index + token_length <= *length && memcmp(data + index, token, token_length) == 0) {
            memcpy(out, base, base_length);
            out += base_length;
            index += token_length;
        } else {
            *out++ = data[index++];
        }
    }
    free(data);
    *length = out - result;
    return result;
}

static void load(const char *root, const char *relative) {
    char directory[4096];
    snprintf(directory, sizeof directory, "%s%s", root, relative);
    DIR *listing = opendir(directory);
    if (listing == NULL) return;
    struct dirent *entry;
    while ((entry = readdir(listing)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        char name[4096], full[8192];
        snprintf(name, sizeof name, "%s/%s", relative, entry->d_name);
        snprintf(full, sizeof full, "%s%s", root, name);
        struct stat info;
        if (stat(full, &info) != 0) continue;
        if (S_ISDIR(info.st_mode)) {
            load(root, name);
            continue;
        }
        FILE *input = fopen(full, "rb");
        if (input == NULL) continue;
        char *data = malloc(info.st_size > 0 ? info.st_size : 1);
        size_t length = fread(data, 1, info.st_size, input);
        fclose(input);
        if (strcmp(content_type(name), "application/json") == 0) data = replace_base(data, &length);
        if (file_count == file_capacity) {
            file_capacity = file_capacity ? file_capacity * 2 : 64;
            files = realloc(files, file_capacity * sizeof *files);
        }
        files[file_count++] = (struct file){strdup(name), data, length, content_type(name)};
    }
    closedir(listing);
}

static const struct file *find(const char *path, size_t length) {
    for (size_t index = 0; index < file_count; index++) {
        if (strlen(files[index].path) == length && memcmp(files[index].path, path, length) == 0) return &files[index];
    }
    return NULL;
}

static int write_all(int socket, struct iovec *parts, int count) {
    while (count > 0) {
        ssize_t written = writev(socket, parts, count);
        if (written < 0) return -1;
        while (count > 0 && (size_t)written >= parts->iov_len) {
            written -= parts->iov_len;
            parts++;
            count--;
        }
        if (count > 0) {
            parts->iov_base = (char *)parts->iov_base + written;
            parts->iov_len -= written;
        }
    }
    return 0;
}

/* Answers one request head (without its final CRLF CRLF); returns 0 to keep the connection. */
static int answer(int socket, char *head) {
    char *method_end = strchr(head, ' ');
    if (method_end == NULL) return -1;
    char *path = method_end + 1;
    char *path_end = strpbrk(path, " ?");
    if (path_end == NULL) return -1;
    int is_head = (method_end - head == 4 && memcmp(head, "HEAD", 4) == 0);
    int closing = strcasestr(head, "\nconnection: close") != NULL;
    const struct file *file = find(path, path_end - path);
    char header[256];
    int header_length;
    if (file == NULL) {
        header_length = snprintf(header, sizeof header,
                                 "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n%s\r\n", closing ? "Connection: close\r\n" : "");
    } else {
        header_length = snprintf(header, sizeof header, "HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %zu\r\n%s\r\n",
                                 file->type, file->length, closing ? "Connection: close\r\n" : "");
    }
    struct iovec parts[2] = {{header, (size_t)header_length}, {file ? file->data : NULL, file && !is_head ? file->length : 0}};
    if (write_all(socket, parts, parts[1].iov_len ? 2 : 1) != 0) return -1;
    return closing ? -1 : 0;
}

static void *serve(void *argument) {
    int socket = (int)(intptr_t)argument;
    size_t capacity = 1 << 16, used = 0;
    char *buffer = malloc(capacity + 1);
    for (;;) {
        ssize_t received = recv(socket, buffer + used, capacity - used, 0);
        if (received <= 0) break;
        used += received;
        buffer[used] = '\0';
        char *start = buffer, *end;
        int keep = 1;
        while (keep && (end = strstr(start, "\r\n\r\n")) != NULL) {
            *end = '\0';
            keep = answer(socket, start) == 0;
            start = end + 4;
        }
        if (!keep) break;
        used -= start - buffer;
        memmove(buffer, start, used);
        if (used == capacity) break; /* a head over 64 KiB: not a client of this benchmark */
    }
    free(buffer);
    close(socket);
    return NULL;
}

static void *watch_stdin(void *unused) {
    (void)unused;
    char byte;
    while (read(0, &byte, 1) > 0) {}
    _exit(0);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    int listener = socket(AF_INET, SOCK_STREAM, 0);
    int yes = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t length = sizeof address;
    if (bind(listener, (struct sockaddr *)&address, length) != 0 || listen(listener, 1024) != 0) {
        perror("static_server");
        return 1;
    }
    getsockname(listener, (struct sockaddr *)&address, &length);
    snprintf(base, sizeof base, "http://127.0.0.1:%d", ntohs(address.sin_port));
    load(argv[1], "");
    printf("%d\n", ntohs(address.sin_port));
    fflush(stdout);
    pthread_t watcher;
    pthread_create(&watcher, NULL, watch_stdin, NULL);
    for (;;) {
        int connection = accept(listener, NULL, NULL);
        if (connection < 0) continue;
        setsockopt(connection, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
        pthread_t thread;
        pthread_create(&thread, NULL, serve, (void *)(intptr_t)connection);
        pthread_detach(thread);
    }
}
