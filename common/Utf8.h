// The one rule by which text taken from a user's files (source lines, file names, compiler
// messages) becomes valid UTF-8 wherever hostsync writes it (docs/lint.md, "Text that is not
// UTF-8"): every well-formed UTF-8 sequence is kept as it is, and every other byte is
// written as the four characters \xHH (lowercase hex), exactly as Python's
// errors="backslashreplace" decodes it. The rule keeps distinct bytes distinct, so two file
// names that differ only in such bytes stay two names, and valid text is never changed.
#pragma once

#include <string>
#include <string_view>

namespace hostsync::text {

// Is the whole of Text well-formed UTF-8 (Unicode 15, table 3-7: no overlong forms, no
// surrogates, nothing above U+10FFFF)?
bool isValidUtf8(std::string_view Text);

// Text with the rule applied; valid text is returned unchanged.
std::string validUtf8(std::string_view Text);

// Text as a store (the result cache, the project facts, a shard's facts) keeps it: valid
// UTF-8 that can be read back byte for byte. Text that is valid and does not begin with
// U+FFFF is kept as it is; anything else becomes U+FFFF followed by the bytes in hex.
std::string storedText(std::string_view Text);

// The bytes that storedText() was given; false when Stored begins with U+FFFF but what
// follows is not an even number of hex digits (a damaged store).
bool fromStoredText(std::string_view Stored, std::string &Out);

} // namespace hostsync::text
