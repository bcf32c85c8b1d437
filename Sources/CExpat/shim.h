#ifndef CEXPAT_SHIM_H
#define CEXPAT_SHIM_H

// The billion-laughs setters are declared only under XML_DTD. Debian's expat is built
// with XML_DTD, so the symbols exist; defining it here makes their declarations visible.
#ifndef XML_DTD
#define XML_DTD 1
#endif
// Expat 2.6 and later declare the allocation-tracker setters only under XML_GE.
#ifndef XML_GE
#define XML_GE 1
#endif

#include <expat.h>
#include <stdint.h>

/// XML_GetUserData is a function-like macro; Swift cannot import it.
static inline void *CExpat_GetUserData(XML_Parser parser) {
    return XML_GetUserData(parser);
}

/// The compile-time version of the header this package was built against.
static inline int CExpat_HeaderVersion(void) {
    return XML_MAJOR_VERSION * 10000 + XML_MINOR_VERSION * 100 + XML_MICRO_VERSION;
}

/// Turns on expat's reparse deferral (2.6.0 and later), which stops a token spanning
/// many chunks from being re-scanned each time. Returns 1 when it applied, 0 when the
/// header predates it.
static inline int CExpat_EnableReparseDeferral(XML_Parser parser) {
#if XML_MAJOR_VERSION > 2 || (XML_MAJOR_VERSION == 2 && XML_MINOR_VERSION >= 6)
    return XML_SetReparseDeferralEnabled(parser, XML_TRUE) == XML_TRUE ? 1 : 0;
#else
    (void)parser;
    return 0;
#endif
}

/// Sets expat's allocation tracker (2.7.2 and later), which bounds memory amplification
/// the way the billion-laughs protection bounds output amplification. Returns 1 when it
/// applied, 0 when the header predates it.
static inline int CExpat_SetAllocationTracker(XML_Parser parser, float maximumAmplification,
                                              unsigned long long activationThreshold) {
#if XML_MAJOR_VERSION > 2 || (XML_MAJOR_VERSION == 2 && (XML_MINOR_VERSION > 7 || (XML_MINOR_VERSION == 7 && XML_MICRO_VERSION >= 2)))
    int a = XML_SetAllocTrackerMaximumAmplification(parser, maximumAmplification) == XML_TRUE;
    int b = XML_SetAllocTrackerActivationThreshold(parser, activationThreshold) == XML_TRUE;
    return a && b;
#else
    (void)parser; (void)maximumAmplification; (void)activationThreshold;
    return 0;
#endif
}

/// Fills an XML_Encoding for a single-byte encoding from a 256-entry table of code points
/// (-1 marks a byte the encoding does not define).
static inline void CExpat_FillSingleByteEncoding(XML_Encoding *info, const int32_t *table) {
    for (int i = 0; i < 256; i++) info->map[i] = table[i];
    info->data = 0;
    info->convert = 0;
    info->release = 0;
}

#endif
