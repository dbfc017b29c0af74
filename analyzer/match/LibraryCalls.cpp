#include "match/LibraryCalls.h"

namespace hostsync {

namespace {
using U = LibraryUse;

// A name may appear under several uses ("forward" is std::forward and a module's forward).
const LibraryCall LibraryRows[] = {
    // std classes that may call what they hold.
    {"function", U::MayCall},
    {"thread", U::MayCall},
    {"jthread", U::MayCall},
    {"packaged_task", U::MayCall},
    {"move_only_function", U::MayCall},
    {"reference_wrapper", U::MayCall},
    // std functions that make, move or hold a module.
    {"make_shared", U::Holds},
    {"make_unique", U::Holds},
    {"allocate_shared", U::Holds},
    {"move", U::Holds},
    {"forward", U::Holds},
    {"swap", U::Holds},
    {"addressof", U::Holds},
    {"get", U::Holds},
    {"make_pair", U::Holds},
    {"make_tuple", U::Holds},
    {"tie", U::Holds},
    {"forward_as_tuple", U::Holds},
    // The standard library's ways of assigning to a variable passed by reference.
    {"tie", U::AssignsThrough},
    {"forward_as_tuple", U::AssignsThrough},
    {"swap", U::AssignsThrough},
    {"exchange", U::AssignsThrough},
    // LibTorch's references to a list, which read it.
    {"ArrayRef", U::ViewsList},
    {"OptionalArrayRef", U::ViewsList},
    {"IListRef", U::ViewsList},
    // LibTorch's holders of a module class.
    {"ModuleHolder", U::HolderOf},
    {"Cloneable", U::HolderOf},
    // LibTorch's registration and serialization.
    {"register_module", U::RegistersModule},
    {"replace_module", U::RegistersModule},
    {"save", U::RegistersModule},
    {"load", U::RegistersModule},
    {"register_buffer", U::RegistersTensor},
    {"register_parameter", U::RegistersTensor},
    {"parameters", U::ListsModuleTensors},
    {"named_parameters", U::ListsModuleTensors},
    {"buffers", U::ListsModuleTensors},
    {"named_buffers", U::ListsModuleTensors},
    // User methods LibTorch's templates call.
    {"forward", U::CalledByLibrary},
    {"backward", U::CalledByLibrary},
    {"get", U::CalledByLibrary},
    {"get_batch", U::CalledByLibrary},
    {"apply", U::CalledByLibrary},
    // Element reads of an optional or a standard container.
    {"value", U::ReadsElement},
    {"at", U::ReadsElement},
    {"front", U::ReadsElement},
    {"back", U::ReadsElement},
    {"data", U::ReadsElement},
    // Stores into a standard container, and what hands its elements out.
    {"push_back", U::AddsElement},
    {"emplace_back", U::AddsElement},
    {"push_front", U::AddsElement},
    {"emplace_front", U::AddsElement},
    {"insert", U::PutsElements},
    {"emplace", U::PutsElements},
    {"assign", U::PutsElements},
    {"resize", U::PutsElements},
    {"swap", U::PutsElements},
    {"at", U::RefersToElement},
    {"front", U::RefersToElement},
    {"back", U::RefersToElement},
    {"begin", U::GivesIterator},
    {"end", U::GivesIterator},
    {"data", U::HandsOutStorage},
    {"begin", U::HandsOutStorage},
    {"end", U::HandsOutStorage},
    // A tensor's memory handed to a kernel.
    {"data_ptr", U::GivesDeviceData},
    {"data", U::GivesDeviceData},
    {"const_data_ptr", U::GivesDeviceData},
    {"mutable_data_ptr", U::GivesDeviceData},
    {"packed_accessor32", U::GivesDeviceData},
    {"packed_accessor64", U::GivesDeviceData},
    {"generic_packed_accessor", U::GivesDeviceData},
    {"packed_accessor", U::GivesDeviceData},
};
} // namespace

bool libraryCallIs(llvm::StringRef Name, LibraryUse Use) {
  for (const LibraryCall &R : LibraryRows)
    if (R.Use == Use && R.Name == Name)
      return true;
  return false;
}

llvm::ArrayRef<LibraryCall> libraryCalls() { return LibraryRows; }

} // namespace hostsync
