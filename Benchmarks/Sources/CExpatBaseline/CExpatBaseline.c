#include "CExpatBaseline.h"

#include <errno.h>
#include <expat.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

_Static_assert(sizeof(XML_Char) == 1, "the baseline expects expat built for UTF-8 (XML_Char is char)");

static void CExpatBaseline_startElement(void *userData, const XML_Char *name, const XML_Char **attributes) {
    (void)name;
    (void)attributes;
    ((CExpatBaseline_Result *)userData)->elements += 1;
}

/// The length of a name's namespace URI plus its local name: expat writes a namespaced name
/// as `uri 0x01 local [0x01 prefix]`, a name in no namespace as `local`.
static uint64_t CExpatBaseline_nameLength(const XML_Char *name) {
    const char *first = strchr(name, '\x01');
    if (first == NULL) return strlen(name);
    const char *local = first + 1;
    const char *second = strchr(local, '\x01');
    return (uint64_t)(first - name) + (second ? (uint64_t)(second - local) : strlen(local));
}

static void CExpatBaseline_readStartElement(void *userData, const XML_Char *name, const XML_Char **attributes) {
    CExpatBaseline_Result *result = userData;
    result->elements += 1;
    result->checksum += CExpatBaseline_nameLength(name);
    for (int i = 0; attributes[i] != NULL; i += 2) {
        result->checksum += CExpatBaseline_nameLength(attributes[i]) + strlen(attributes[i + 1]);
    }
}

static void CExpatBaseline_endElement(void *userData, const XML_Char *name) {
    (void)userData;
    (void)name;
}

static void CExpatBaseline_characters(void *userData, const XML_Char *text, int length) {
    (void)text;
    (void)length;
    ((CExpatBaseline_Result *)userData)->textCallbacks += 1;
}

/// Reads until `buffer` is full or the file ends; returns the count, or -errno.
static long CExpatBaseline_fill(int fd, char *buffer, size_t size) {
    size_t filled = 0;
    while (filled < size) {
        ssize_t n = read(fd, buffer + filled, size - filled);
        if (n > 0) {
            filled += (size_t)n;
        } else if (n == 0) {
            break;
        } else if (errno != EINTR) {
            return -(long)errno;
        }
    }
    return (long)filled;
}

CExpatBaseline_Result CExpatBaseline_parseFile(const char *path, size_t chunkSize, int namespaces, int reading) {
    CExpatBaseline_Result result = {0, 0, 0, 0, 0, 0};
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        result.error = -errno;
        return result;
    }
    XML_Parser parser = namespaces ? XML_ParserCreateNS(NULL, '\x01') : XML_ParserCreate(NULL);
    if (parser == NULL) {
        close(fd);
        result.error = -ENOMEM;
        return result;
    }
    if (namespaces) XML_SetReturnNSTriplet(parser, 1);
    XML_SetUserData(parser, &result);
    XML_SetElementHandler(
        parser, reading ? CExpatBaseline_readStartElement : CExpatBaseline_startElement, CExpatBaseline_endElement);
    XML_SetCharacterDataHandler(parser, CExpatBaseline_characters);

    for (;;) {
        void *buffer = XML_GetBuffer(parser, (int)chunkSize);
        if (buffer == NULL) {
            result.error = (int)XML_GetErrorCode(parser);
            break;
        }
        long count = CExpatBaseline_fill(fd, buffer, chunkSize);
        if (count < 0) {
            result.error = (int)count;
            break;
        }
        result.bytes += (uint64_t)count;
        if (XML_ParseBuffer(parser, (int)count, count == 0) != XML_STATUS_OK) {
            result.error = (int)XML_GetErrorCode(parser);
            result.errorLine = XML_GetCurrentLineNumber(parser);
            break;
        }
        if (count == 0) break;
    }
    XML_ParserFree(parser);
    close(fd);
    return result;
}
