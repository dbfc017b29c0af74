#include "PerfettoDecode.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace hostsync::trace::testing {

namespace {
bool readVarint(const std::string &in, size_t &at, uint64_t &v) {
  v = 0;
  for (int shift = 0; shift < 64 && at < in.size(); shift += 7) {
    uint8_t b = static_cast<uint8_t>(in[at++]);
    v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if (!(b & 0x80))
      return true;
  }
  return false;
}

} // namespace

bool readFields(const std::string &in, std::vector<Field> &out) {
  out.clear();
  size_t at = 0;
  while (at < in.size()) {
    uint64_t key = 0;
    if (!readVarint(in, at, key))
      return false;
    Field f;
    f.number = static_cast<uint32_t>(key >> 3);
    f.type = static_cast<proto::WireType>(key & 7);
    if (f.type == proto::WireType::Varint) {
      if (!readVarint(in, at, f.value))
        return false;
    } else if (f.type == proto::WireType::Fixed64) {
      if (in.size() - at < 8)
        return false;
      for (int i = 0; i < 8; ++i)
        f.value |= static_cast<uint64_t>(static_cast<uint8_t>(in[at + i])) << (8 * i);
      at += 8;
    } else if (f.type == proto::WireType::LengthDelimited) {
      uint64_t n = 0;
      if (!readVarint(in, at, n) || n > in.size() - at)
        return false;
      f.data = in.substr(at, n);
      at += n;
    } else {
      return false;
    }
    out.push_back(std::move(f));
  }
  return true;
}

const Field *first(const std::vector<Field> &fs, uint32_t number) {
  for (const Field &f : fs)
    if (f.number == number)
      return &f;
  return nullptr;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

namespace {
void readInterned(const std::string &data, uint32_t field, std::map<uint64_t, std::string> &into,
                  Decoded &d) {
  std::vector<Field> fs, entry;
  readFields(data, fs);
  for (const Field &f : fs) {
    if (f.number != field)
      continue;
    readFields(f.data, entry);
    const Field *iid = first(entry, 1), *name = first(entry, 2);
    if (!iid || !name || !into.emplace(iid->value, name->data).second) {
      d.errors.push_back("bad or repeated interned entry");
      continue;
    }
    for (const auto &[id, n] : into)
      if (id != iid->value && n == name->data)
        d.errors.push_back("name interned twice: " + n);
  }
}

} // namespace

Decoded decode(const std::string &file) {
  Decoded d;
  std::vector<Field> packets, p, e, a;
  if (!readFields(file, packets)) {
    d.errors.push_back("not wire format");
    return d;
  }
  for (const Field &packet : packets) {
    if (packet.number != 1 || !readFields(packet.data, p)) {
      d.errors.push_back("not a Trace.packet");
      continue;
    }
    const Field *seq = first(p, 10), *flags = first(p, 13);
    if (!seq || seq->value != 1 || !flags)
      d.errors.push_back("packet off the sequence");
    d.flags.push_back(flags ? flags->value : 0);
    if (const Field *in = first(p, 12)) {
      readInterned(in->data, 2, d.event_names, d);
      readInterned(in->data, 3, d.annotation_names, d);
    }
    if (const Field *td = first(p, 60)) {
      readFields(td->data, e);
      std::string name = first(e, 2) ? first(e, 2)->data : "";
      for (uint32_t sub : {3u, 4u}) // ProcessDescriptor / ThreadDescriptor: their names
        if (const Field *desc = first(e, sub)) {
          readFields(desc->data, a);
          if (const Field *n = first(a, sub == 3 ? 6 : 5))
            name = n->data;
        }
      if (!d.tracks.emplace(first(e, 1)->value, name).second)
        d.errors.push_back("track described twice: " + name);
    }
    if (const Field *te = first(p, 11)) {
      readFields(te->data, e);
      const Field *type = first(e, 9), *track = first(e, 11), *ts = first(p, 8);
      if (!type || !track || !ts || !d.tracks.count(track->value)) {
        d.errors.push_back("event without type, time or a described track");
        continue;
      }
      bool begin = type->value == 1;
      d.edges.push_back({ts->value, track->value, begin});
      if (!begin)
        continue;
      const Field *name = first(e, 10);
      if (!name || !d.event_names.count(name->value))
        d.errors.push_back("event name not interned before use");
      else
        d.slice_names.insert(d.event_names[name->value]);
      for (const Field &f : e) {
        if (f.number == 47)
          d.flows_out.insert(f.value);
        if (f.number == 48)
          d.flows_in.insert(f.value);
        if (f.number != 4)
          continue;
        readFields(f.data, a);
        const Field *n = first(a, 1);
        if (!n || !d.annotation_names.count(n->value))
          d.errors.push_back("annotation name not interned before use");
        else
          d.annotations_used.insert(d.annotation_names[n->value]);
      }
    }
  }
  return d;
}

bool slicesNest(std::vector<Decoded::Edge> edges) {
  std::stable_sort(edges.begin(), edges.end(),
                   [](const Decoded::Edge &a, const Decoded::Edge &b) { return a.ts < b.ts; });
  std::map<uint64_t, int> depth;
  for (const Decoded::Edge &e : edges)
    if ((depth[e.track] += e.begin ? 1 : -1) < 0)
      return false;
  for (const auto &[track, n] : depth)
    if (n != 0)
      return false;
  return true;
}
} // namespace hostsync::trace::testing
