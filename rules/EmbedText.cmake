# Turns a text file (the rule catalog, the CUDA stand-in header) into a C++ raw string
# literal named NAME (run at build time, so an edit to the file rebuilds the analyzer).
file(READ "${INPUT}" CONTENT)
string(FIND "${CONTENT}" ")embedded\"" CLASH)
if(NOT CLASH EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw-string delimiter")
endif()
file(WRITE "${OUTPUT}.tmp" "static const char ${NAME}[] = R\"embedded(${CONTENT})embedded\";\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
