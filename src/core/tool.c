/* tool.c — the shared pieces of every command-line verb, built-in or a
 * domain's own (tool.h): the Ctrl-C flag, failing with one line, reading a
 * file whole, finding the project's data, writing a JSON string. */
#include "ariadne/tool.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/memory.h"

#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef AR_SOURCE_DATADIR
#define AR_SOURCE_DATADIR "data"
#endif
#ifndef AR_INSTALL_DATADIR
#define AR_INSTALL_DATADIR "/usr/local/share/ariadne/data"
#endif

const ar_tool *ar_tool_find(const ar_tool *tools, const char *name)
{
    for (; tools && tools->name && name; tools++)
        if (strcmp(tools->name, name) == 0)
            return tools;
    return NULL;
}

volatile sig_atomic_t ar_tool_interrupted = 0;

static void on_sigint(int sig)
{
    (void)sig;
    ar_tool_interrupted = 1;
}

void ar_tool_install_sigint(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

void ar_tool_option_words(const char *in, char *out, size_t size)
{
    static const char word[] = "parameter ";
    size_t used = 0;
    while (*in && used + 1 < size) {
        const char *name = in + sizeof word - 1;
        if (strncmp(in, word, sizeof word - 1) == 0 && *name >= 'a' && *name <= 'z' &&
            size - used > 10) { /* "parameter NAME" -> "option --NAME" */
            memcpy(out + used, "option --", 9);
            used += 9;
            in = name;
            continue;
        }
        out[used++] = *in++;
    }
    out[used] = '\0';
}

const char *ar_tool_quote(const char *s, size_t max, char *out, size_t size)
{
    size_t used = 0, chars = 0;
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p && used + 12 < size) {
        unsigned char c = *p;
        size_t len = 1, k;
        if (chars == max) {
            memcpy(out + used, "...", 3);
            used += 3;
            break;
        }
        if (c >= 0xc2 && c <= 0xf4) /* a UTF-8 lead byte: keep the character if it is whole */
            len = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
        for (k = 1; k < len; k++)
            if ((p[k] & 0xc0) != 0x80)
                break;
        if (len > 1 && k == len) {
            memcpy(out + used, p, len);
            used += len, p += len, chars++;
            continue;
        }
        if (c == '\n')
            memcpy(out + used, "\\n", 2), used += 2;
        else if (c == '\t')
            memcpy(out + used, "\\t", 2), used += 2;
        else if (c == '\r')
            memcpy(out + used, "\\r", 2), used += 2;
        else if (c < 0x20 || c >= 0x7f)
            used += (size_t)snprintf(out + used, size - used, "\\x%02x", c);
        else
            out[used++] = (char)c;
        p++, chars++;
    }
    if (*p && used + 12 >= size && used + 4 <= size && chars < max) {
        memcpy(out + used, "...", 3);
        used += 3;
    }
    out[used < size ? used : size - 1] = '\0';
    return out;
}

static void print_error(const char *fmt, va_list ap)
{
    char msg[1200], words[1400], line[2800];
    vsnprintf(msg, sizeof msg, fmt, ap);
    ar_tool_option_words(msg, words, sizeof words);
    /* One line, whatever the user's text held: newlines and bytes that are
     * not UTF-8 are written as escapes. */
    fprintf(stderr, "ariadne: %s\n", ar_tool_quote(words, sizeof line, line, sizeof line));
}

int ar_tool_exit_for(ar_status status)
{
    return status == AR_ERR_LIMIT || status == AR_ERR_MEMORY ? AR_EXIT_LIMIT : AR_EXIT_BAD_INPUT;
}

int ar_tool_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    print_error(fmt, ap);
    va_end(ap);
    return AR_EXIT_BAD_INPUT;
}

int ar_tool_error(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    print_error(fmt, ap);
    va_end(ap);
    return status;
}

char *ar_read_file(const char *path, char *why, size_t why_size)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    char *buf = NULL;
    size_t len = 0, cap = 0;
    if (!f) {
        snprintf(why, why_size, "cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    for (;;) {
        size_t n;
        if (cap - len < 4096) {
            cap = cap ? cap * 2 : 8192;
            if (cap > ((size_t)256 << 20)) {
                snprintf(why, why_size, "'%s' is larger than 256 MiB", path);
                free(buf);
                if (f != stdin)
                    fclose(f);
                return NULL;
            }
            buf = ar_xrealloc(buf, cap + 1);
        }
        n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
    }
    if (ferror(f)) {
        snprintf(why, why_size, "error reading '%s': %s", path, strerror(errno));
        free(buf);
        if (f != stdin)
            fclose(f);
        return NULL;
    }
    if (f != stdin)
        fclose(f);
    if (memchr(buf, '\0', len)) {
        snprintf(why, why_size, "'%s' is not a text file (it contains a NUL byte)", path);
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    return buf;
}

ar_status ar_parse_file(const char *path, ar_text_parser parse, void *out, ar_error *err)
{
    char why[256];
    char *text = ar_read_file(path, why, sizeof why);
    ar_status st;
    if (!text)
        return ar_error_set(err, AR_ERR_INPUT, "%s", why);
    st = parse(text, out, err);
    free(text);
    if (st != AR_OK) {
        char msg[sizeof err->message];
        snprintf(msg, sizeof msg, "%s", err->message);
        return ar_error_set(err, st, "%s: %s", path, msg);
    }
    return AR_OK;
}

void ar_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        switch (ch) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (ch < 0x20)
                fprintf(out, "\\u%04x", ch);
            else
                fputc(ch, out);
        }
    }
    fputc('"', out);
}


static int exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

int ar_data_path(const char *relative, char *buf, size_t size)
{
    static const char *const ups[] = {"/../data", "/../../data", "/../../../data"};
    const char *env = getenv("ARIADNE_DATA");
    char exe[PATH_MAX];
    ssize_t n;
    size_t i;
    if (env && *env) {
        snprintf(buf, size, "%s/%s", env, relative);
        if (exists(buf))
            return 0;
    }
    n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        char *slash;
        exe[n] = '\0';
        slash = strrchr(exe, '/');
        if (slash)
            *slash = '\0';
        for (i = 0; i < sizeof ups / sizeof ups[0]; i++) {
            snprintf(buf, size, "%s%s/%s", exe, ups[i], relative);
            if (exists(buf))
                return 0;
        }
    }
    snprintf(buf, size, "%s/%s", AR_SOURCE_DATADIR, relative);
    if (exists(buf))
        return 0;
    snprintf(buf, size, "%s/%s", AR_INSTALL_DATADIR, relative);
    if (exists(buf))
        return 0;
    snprintf(buf, size, "data/%s not found ($ARIADNE_DATA, data/ above the program, %s, %s)",
             relative, AR_SOURCE_DATADIR, AR_INSTALL_DATADIR);
    return -1;
}

char *ar_data_read(const char *dir, const char *name, char *why, size_t why_size)
{
    char rel[128], path[1024];
    size_t k;
    for (k = 0; name[k]; k++)
        if (!(isalnum((unsigned char)name[k]) || name[k] == '-' || name[k] == '_') || k >= 40) {
            snprintf(why, why_size, "'%.40s' is not a name of data/%s/", name, dir);
            return NULL;
        }
    if (!k) {
        snprintf(why, why_size, "an empty name");
        return NULL;
    }
    snprintf(rel, sizeof rel, "%s/%s.txt", dir, name);
    if (ar_data_path(rel, path, sizeof path) != 0) {
        snprintf(why, why_size, "no '%s' (looked for %.900s)", name, path);
        return NULL;
    }
    return ar_read_file(path, why, why_size);
}

int ar_replay_bad_turn(const ar_replay_request *q, long long turns)
{
    return ar_tool_fail("replay: %s: --turn %lld is past the game's end (turns 0 to %lld)", q->file, q->turn, turns);
}

int ar_tool_make_dir(const char *path, char *why, size_t why_size)
{
    char buf[PATH_MAX];
    size_t i, n = strlen(path);
    struct stat sb;
    if (n == 0 || n >= sizeof buf) {
        snprintf(why, why_size, "'%s' is not a directory name", path);
        return -1;
    }
    memcpy(buf, path, n + 1);
    for (i = 1; i <= n; i++)
        if (buf[i] == '/' || buf[i] == '\0') {
            char c = buf[i];
            buf[i] = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
                snprintf(why, why_size, "cannot make directory '%s': %s", buf, strerror(errno));
                return -1;
            }
            buf[i] = c;
        }
    if (stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        snprintf(why, why_size, "'%s' is not a directory", path);
        return -1;
    }
    return 0;
}

void ar_tool_load_average(char *buf, size_t size)
{
    FILE *f = fopen("/proc/loadavg", "r");
    double a, b, c;
    if (f && fscanf(f, "%lf %lf %lf", &a, &b, &c) == 3)
        snprintf(buf, size, "%.2f %.2f %.2f", a, b, c);
    else
        snprintf(buf, size, "unknown");
    if (f)
        fclose(f);
}
