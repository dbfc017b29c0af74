#include "io/ProtoWire.h"

namespace hostsync::trace::proto {

void appendVarint(std::string &out, uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

void appendTag(std::string &out, uint32_t field, WireType type) {
  appendVarint(out, (static_cast<uint64_t>(field) << 3) | static_cast<uint64_t>(type));
}

Message &Message::varint(uint32_t field, uint64_t value) {
  appendTag(data_, field, WireType::Varint);
  appendVarint(data_, value);
  return *this;
}

Message &Message::signedVarint(uint32_t field, int64_t value) {
  return varint(field, static_cast<uint64_t>(value));
}

Message &Message::fixed64(uint32_t field, uint64_t value) {
  appendTag(data_, field, WireType::Fixed64);
  for (int i = 0; i < 8; ++i)
    data_.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
  return *this;
}

Message &Message::bytes(uint32_t field, std::string_view value) {
  appendTag(data_, field, WireType::LengthDelimited);
  appendVarint(data_, value.size());
  data_.append(value.data(), value.size());
  return *this;
}

Message &Message::message(uint32_t field, const Message &nested) {
  return bytes(field, nested.data_);
}

} // namespace hostsync::trace::proto
