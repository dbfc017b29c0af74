#include "model/DeviceFactsJson.h"

#include <stdexcept>

namespace hostsync {

using nlohmann::json;

json toJson(const OpenDevice &D) {
  return {{"base", static_cast<int>(D.Base)}, {"keys", D.Keys}, {"inverted", D.Inverted}};
}

void fromJson(const json &J, OpenDevice &D) {
  int Base = J.at("base").get<int>();
  if (Base < static_cast<int>(DeviceState::Cpu) || Base > static_cast<int>(DeviceState::Cuda))
    throw std::out_of_range("device state out of range");
  D.Base = static_cast<DeviceState>(Base);
  D.Keys = J.at("keys").get<std::set<std::string>>();
  D.Inverted = J.at("inverted").get<bool>();
}

json toJson(const TUFacts &Facts) {
  json Contributions = json::array();
  for (const Contribution &C : Facts.Contributions)
    Contributions.push_back({C.Key, toJson(C.Value), C.Where, C.Why});
  return {{"contributions", Contributions},
          {"opaque", Facts.Opaque},
          {"names", Facts.Names},
          {"namesCuda", Facts.NamesCuda},
          {"mainIn", Facts.MainIn},
          {"pythonFile", Facts.PythonFile},
          {"pythonNamesDevice", Facts.PythonNamesDevice},
          {"pythonProgram", Facts.PythonProgram}};
}

void fromJson(const json &J, TUFacts &Facts) {
  for (const json &C : J.at("contributions")) {
    Contribution Out;
    Out.Key = C.at(0).get<std::string>();
    fromJson(C.at(1), Out.Value);
    Out.Where = C.at(2).get<std::string>();
    Out.Why = C.at(3).get<std::string>();
    Facts.Contributions.push_back(std::move(Out));
  }
  Facts.Opaque = J.at("opaque").get<std::map<std::string, std::string>>();
  Facts.Names = J.at("names").get<std::map<std::string, std::string>>();
  Facts.NamesCuda = J.at("namesCuda").get<bool>();
  Facts.MainIn = J.at("mainIn").get<std::string>();
  Facts.PythonFile = J.value("pythonFile", std::string());
  Facts.PythonNamesDevice = J.value("pythonNamesDevice", false);
  Facts.PythonProgram = J.value("pythonProgram", false);
}

} // namespace hostsync
