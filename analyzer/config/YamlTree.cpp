#include "config/YamlTree.h"

#include <yaml.h>

#include <memory>

namespace hostsync::yaml {

namespace {
constexpr size_t MaxDepth = 64;

// libyaml's parser, freed however the parse ends.
struct Parser {
  yaml_parser_t P;
  Parser() { yaml_parser_initialize(&P); }
  ~Parser() { yaml_parser_delete(&P); }
};
struct Event {
  yaml_event_t E;
  bool Valid = false;
  ~Event() {
    if (Valid)
      yaml_event_delete(&E);
  }
};

// A plain scalar that YAML reads as null: "", "~", "null".
bool isNull(const yaml_event_t &E) {
  if (E.data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
    return false;
  std::string V(reinterpret_cast<const char *>(E.data.scalar.value), E.data.scalar.length);
  return V.empty() || V == "~" || V == "null" || V == "Null" || V == "NULL";
}
} // namespace

bool parse(const std::string &Text, Node &Root, std::string &Message, unsigned &Line) {
  Parser Owner;
  yaml_parser_set_input_string(&Owner.P, reinterpret_cast<const unsigned char *>(Text.data()),
                               Text.size());
  Root = Node();
  // The nodes being filled (a sequence or a mapping), innermost last; a mapping's key
  // waits in Keys until its value comes.
  std::vector<Node *> Open;
  std::vector<std::unique_ptr<Node>> Keys;
  bool Started = false; // the first document's root has begun
  auto Place = [&](Node N) -> Node * {
    if (Open.empty()) {
      Root = std::move(N);
      Started = true;
      return &Root;
    }
    Node *Parent = Open.back();
    if (Parent->What == Node::Sequence) {
      Parent->Items.push_back(std::move(N));
      return &Parent->Items.back();
    }
    if (!Keys.back()) { // a key
      Keys.back() = std::make_unique<Node>(std::move(N));
      return Keys.back().get();
    }
    Parent->Map.emplace_back(std::move(*Keys.back()), std::move(N));
    Keys.back().reset();
    return &Parent->Map.back().second;
  };
  for (;;) {
    Event Ev;
    if (!yaml_parser_parse(&Owner.P, &Ev.E)) {
      Message = Owner.P.problem ? Owner.P.problem : "unreadable";
      if (Owner.P.context)
        Message = std::string(Owner.P.context) + ": " + Message;
      Line = static_cast<unsigned>(Owner.P.problem_mark.line) + 1;
      return false;
    }
    Ev.Valid = true;
    unsigned At = static_cast<unsigned>(Ev.E.start_mark.line) + 1;
    switch (Ev.E.type) {
    case YAML_STREAM_END_EVENT:
      return true;
    case YAML_DOCUMENT_END_EVENT:
      if (Started)
        return true; // the first document only
      break;
    case YAML_ALIAS_EVENT:
      Message = "aliases (*name) are not read in a configuration";
      Line = At;
      return false;
    case YAML_SCALAR_EVENT: {
      Node N;
      N.Line = At;
      if (!isNull(Ev.E)) {
        N.What = Node::Scalar;
        N.Value.assign(reinterpret_cast<const char *>(Ev.E.data.scalar.value),
                       Ev.E.data.scalar.length);
      }
      Place(std::move(N));
      break;
    }
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT: {
      if (Open.size() == MaxDepth) {
        Message = "nested more than " + std::to_string(MaxDepth) + " deep";
        Line = At;
        return false;
      }
      Node N;
      N.Line = At;
      N.What = Ev.E.type == YAML_SEQUENCE_START_EVENT ? Node::Sequence : Node::Mapping;
      Open.push_back(Place(std::move(N)));
      Keys.emplace_back();
      break;
    }
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
      Open.pop_back();
      Keys.pop_back();
      break;
    default: // stream and document starts
      break;
    }
  }
}

} // namespace hostsync::yaml
