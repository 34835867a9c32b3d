/*
 * stc_cli.c - argument parsing shared by the command-line tools.
 */
#include "stc_cli.h"

#include <errno.h>
#include <stdlib.h>

int stc_cli_u64(const char *s, uint64_t *out)
{
    char *end;
    /* strtoull would skip blanks and accept a sign (negating on '-'): a
     * number must start with a digit. */
    if (!s || s[0] < '0' || s[0] > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}
