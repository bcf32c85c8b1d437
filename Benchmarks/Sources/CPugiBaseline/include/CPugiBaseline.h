#ifndef CPUGIBASELINE_H
#define CPUGIBASELINE_H

#ifdef __cplusplus
extern "C" {
#endif

/// Loads `path` into a pugixml DOM and counts its elements; -1 when loading fails.
long CPugiBaseline_parseFile(const char *path);

/// Loads `path` and evaluates `count(<xpath>)` with pugixml's XPath; -1 on failure.
double CPugiBaseline_countXPath(const char *path, const char *xpath);

#ifdef __cplusplus
}
#endif

#endif
