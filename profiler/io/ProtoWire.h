// Protocol Buffers' wire format, written by hand: the few encodings the Perfetto trace writer
// (io/PerfettoTrace.h) needs, so that the tracer writes Perfetto's native format with no
// generated code and no protobuf library in the traced process.
// https://protobuf.dev/programming-guides/encoding/ describes the format.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace hostsync::trace::proto {

// The wire types a field's tag carries in its low three bits.
enum class WireType : uint8_t { Varint = 0, Fixed64 = 1, LengthDelimited = 2 };

// Base-128, least significant group first, the high bit set on all bytes but the last.
void appendVarint(std::string &out, uint64_t value);
// A field's key: (field number << 3) | wire type, as a varint.
void appendTag(std::string &out, uint32_t field, WireType type);

// A message under construction: each call appends one field, in call order (protobuf allows
// any order, and a repeated field is just the same field number appended again).
class Message {
public:
  // uint32/uint64/bool/enum fields, and int32/int64 ones that are not negative.
  Message &varint(uint32_t field, uint64_t value);
  // int32/int64 fields: a negative value takes ten bytes (two's complement, sign-extended to
  // 64 bits), as protobuf's own encoders write it.
  Message &signedVarint(uint32_t field, int64_t value);
  // fixed64 fields: eight bytes, little-endian.
  Message &fixed64(uint32_t field, uint64_t value);
  // string and bytes fields.
  Message &bytes(uint32_t field, std::string_view value);
  // A nested message field: its length, then its bytes.
  Message &message(uint32_t field, const Message &nested);

  const std::string &data() const { return data_; }
  size_t size() const { return data_.size(); }

private:
  std::string data_;
};

} // namespace hostsync::trace::proto
