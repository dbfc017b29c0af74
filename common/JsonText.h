// JSON documents as text, under the rule of common/Utf8.h. nlohmann::json throws
// (type_error 316) when it meets a string that is not UTF-8, which once ended a whole lint
// run on a comment in GBK; every hostsync writer and store turns its documents into text
// here instead, for nlohmann::json and nlohmann::ordered_json alike.
#pragma once

#include "common/Utf8.h"

#include <nlohmann/json.hpp>

#include <string>

namespace hostsync::text {

namespace detail {
// Doc with Convert applied to every string and every object key (order kept).
template <class Json, class Function> Json mapStrings(const Json &Doc, const Function &Convert) {
  if (Doc.is_string())
    return Json(Convert(Doc.template get_ref<const typename Json::string_t &>()));
  if (Doc.is_array()) {
    Json Out = Json::array();
    for (const Json &Item : Doc)
      Out.push_back(mapStrings(Item, Convert));
    return Out;
  }
  if (Doc.is_object()) {
    Json Out = Json::object();
    for (auto It = Doc.begin(); It != Doc.end(); ++It)
      Out[Convert(It.key())] = mapStrings(It.value(), Convert);
    return Out;
  }
  return Doc;
}
} // namespace detail

// The document as a writer's output, indented as nlohmann's dump() (-1: one line, no
// newline added): text that is not UTF-8 follows the rule of validUtf8().
template <class Json> std::string outputJson(const Json &Doc, int Indent = -1) {
  try {
    return Doc.dump(Indent); // nearly every document: valid already, no copy
  } catch (const typename Json::type_error &E) {
    if (E.id != 316) // 316: invalid UTF-8
      throw;
  }
  return detail::mapStrings(Doc, [](const std::string &S) { return validUtf8(S); }).dump(Indent);
}

// The document as a store keeps it: storedText() on every string and key. Stores embed it
// (a shard's facts in its JSON output) or write it as text (storedJson()).
template <class Json> Json toStored(const Json &Doc) {
  return detail::mapStrings(Doc, [](const std::string &S) { return storedText(S); });
}
template <class Json> std::string storedJson(const Json &Doc) { return toStored(Doc).dump(); }

// A document read from a store, its strings and keys as they were given to toStored();
// false when one of them is damaged.
template <class Json> bool fromStored(const Json &Stored, Json &Out) {
  bool Ok = true;
  Out = detail::mapStrings(Stored, [&Ok](const std::string &S) {
    std::string Bytes;
    Ok = fromStoredText(S, Bytes) && Ok;
    return Bytes;
  });
  return Ok;
}

} // namespace hostsync::text
