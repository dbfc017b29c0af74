# Turns rules/catalog.json into a C++ raw string literal (run at build time, so an edit to
# the catalog rebuilds the analyzer).
file(READ "${INPUT}" CONTENT)
string(FIND "${CONTENT}" ")catalog\"" CLASH)
if(NOT CLASH EQUAL -1)
  message(FATAL_ERROR "catalog.json contains the raw-string delimiter")
endif()
file(WRITE "${OUTPUT}.tmp" "static const char kCatalogJson[] = R\"catalog(${CONTENT})catalog\";\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
