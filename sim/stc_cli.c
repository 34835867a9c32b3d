/*
 * stc_cli.c - argument parsing shared by the command-line tools.
 */
#include "stc_cli.h"

#include <errno.h>
#include <stdlib.h>

int stc_cli_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    /* strtoull accepts a leading '-' and negates: reject it explicitly. */
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end || s[0] == '-')
        return -1;
    *out = v;
    return 0;
}
