// libplist (Debian's libplist-dev), the fastest C reference for binary plists.
#include "CLibplistBaseline.h"
#include <plist/plist.h>

long CLibplistBaseline_parse(const char *bytes, size_t length, int binary) {
    plist_t root = NULL;
    if (binary) {
        plist_from_bin(bytes, (uint32_t)length, &root);
    } else {
        plist_from_xml(bytes, (uint32_t)length, &root);
    }
    if (!root) return -1;
    long count = plist_get_node_type(root) == PLIST_ARRAY ? (long)plist_array_get_size(root) : 0;
    plist_free(root);
    return count;
}
