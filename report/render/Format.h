// Number and name formatting shared by the report's renderers.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

std::string ms(Ns ns);              // "1.234 ms"
std::string pct(double p);          // "12.3%"
std::string siteName(const Site &s); // "examples/x.cpp:42" or "in at::nonzero (library)"
// The saving of fixing a site, stated as what it is: an upper bound.
std::string savingText(const Site &s, const Report &r);
std::string htmlEscape(const std::string &s);

} // namespace hostsync::report
