// pugixml (Debian's libpugixml-dev), the fastest DOM there is: the tree's C++ anchor.
#include "CPugiBaseline.h"
#include <pugixml.hpp>

static long countElements(const pugi::xml_node &node) {
    long count = node.type() == pugi::node_element ? 1 : 0;
    for (pugi::xml_node child = node.first_child(); child; child = child.next_sibling()) {
        count += countElements(child);
    }
    return count;
}

long CPugiBaseline_parseFile(const char *path) {
    pugi::xml_document document;
    pugi::xml_parse_result result = document.load_file(path, pugi::parse_default | pugi::parse_ws_pcdata);
    if (!result) return -1;
    return countElements(document);
}

double CPugiBaseline_countXPath(const char *path, const char *xpath) {
    pugi::xml_document document;
    if (!document.load_file(path, pugi::parse_default | pugi::parse_ws_pcdata)) return -1;
    pugi::xpath_query query(xpath);
    return query.evaluate_number(document);
}
